/**
 * Watches every request server.ts answers (the page cache's, the static assets', Next's): gives it
 * a request id (X-Request-Id, kept from the client or a proxy in front when sane), runs the rest
 * of its path inside that id's context (lib/ops/request-context.ts, so a log line deep in a loader
 * names it and its node and database time is counted, lib/ops/request-work.ts), and when the
 * response is finished records its latency by route (lib/ops/metrics.ts) and writes one log line
 * (lib/ops/log.ts).
 */
import { recordHttpRequest, recordRequestWork, startMetrics } from '@/lib/ops/metrics';
import { RequestWork } from '@/lib/ops/request-work';
import { logger, requestLogsEnabled } from '@/lib/ops/log';
import { requestIdFrom, requestStorage } from '@/lib/ops/request-context';
import { routeLabel } from '@/lib/routes/route-label';
import type { Stage } from '@/lib/http/stage';

export function observeRequests(): Stage {
  startMetrics();
  const logRequests = requestLogsEnabled();
  const log = logger();
  const storage = requestStorage();
  return (req, res, next) => {
    const header = req.headers['x-request-id'];
    const requestId = requestIdFrom(Array.isArray(header) ? header[0] : header);
    // Later stages (proxy.ts, pages) see the same id.
    req.headers['x-request-id'] = requestId;
    res.setHeader('X-Request-Id', requestId);
    const started = performance.now();
    const work = new RequestWork();
    res.once('finish', () => {
      const seconds = (performance.now() - started) / 1000;
      const route = routeLabel(req.url ?? '/');
      recordHttpRequest(route, req.method ?? 'GET', res.statusCode, seconds);
      recordRequestWork(route, work);
      if (logRequests) {
        const fields = {
          method: req.method, route, status: res.statusCode, durationMs: Math.round(seconds * 10_000) / 10,
          nodeMs: Math.round(work.nodeMs * 10) / 10, nodeCalls: work.nodeCalls, dbMs: Math.round(work.dbMs * 10) / 10, dbQueries: work.dbQueries,
        };
        storage.run({ requestId }, () => (res.statusCode >= 500 ? log.error(fields, 'request') : log.info(fields, 'request')));
      }
    });
    storage.run({ requestId, work }, next);
  };
}
