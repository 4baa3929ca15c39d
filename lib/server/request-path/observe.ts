/**
 * Watches every request server.ts answers (the page cache's, the static assets', Next's): names
 * it in the response (X-Request-Id, from the request's context, ./request-start.ts), and when
 * the response is finished records its latency by route (lib/ops/metrics.ts) and its node and
 * database time (lib/ops/request-work.ts), and writes one log line (lib/ops/log.ts).
 */
import { recordHttpRequest, recordRequestWork, startMetrics } from '@/lib/ops/metrics';
import { logger, requestLogsEnabled } from '@/lib/ops/log';
import { requestStorage } from '@/lib/ops/request-context';
import { routeLabel } from '@/lib/routes/route-label';
import { currentRoute } from '@/lib/routes/request-route';
import type { Stage } from '@/lib/http/stage';

export function observeRequests(): Stage {
  startMetrics();
  const logRequests = requestLogsEnabled();
  const log = logger();
  const storage = requestStorage();
  return (req, res, next) => {
    const context = storage.getStore();
    if (!context) return next();
    const { requestId, work } = context;
    const route = currentRoute();
    res.setHeader('X-Request-Id', requestId);
    const started = performance.now();
    res.once('finish', () => {
      const seconds = (performance.now() - started) / 1000;
      const label = routeLabel(route?.pathname ?? '/', route?.match);
      recordHttpRequest(label, req.method ?? 'GET', res.statusCode, seconds);
      if (work) recordRequestWork(label, work);
      if (logRequests) {
        const fields = {
          method: req.method, route: label, status: res.statusCode, durationMs: Math.round(seconds * 10_000) / 10,
          nodeMs: Math.round((work?.nodeMs ?? 0) * 10) / 10, nodeCalls: work?.nodeCalls ?? 0, dbMs: Math.round((work?.dbMs ?? 0) * 10) / 10, dbQueries: work?.dbQueries ?? 0,
        };
        storage.run({ requestId }, () => (res.statusCode >= 500 ? log.error(fields, 'request') : log.info(fields, 'request')));
      }
    });
    next();
  };
}
