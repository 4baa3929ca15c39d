/**
 * Watches every HTTP request the Node server handles (pages, API, static files, proxy.ts's own
 * answers): gives it a request id (X-Request-Id, kept from the client or a proxy in front when
 * sane), runs its handling inside that id's context, and when the response is finished records
 * its latency by route (lib/ops/metrics.ts) and writes one log line (lib/ops/log.ts).
 *
 * Installed by instrumentation.ts at server start. It wraps http.Server's `emit` for the
 * 'request' event: Next exposes no hook around a whole request (proxy.ts sees only its start),
 * and wrapping the event is the one place every request passes, in `next start` and in the
 * standalone server alike.
 */
import { Server, type IncomingMessage, type ServerResponse } from 'node:http';
import { recordHttpRequest, recordRequestWork, startMetrics } from './metrics';
import { RequestWork } from './request-work';
import { logger, requestLogsEnabled } from './log';
import { requestIdFrom, requestStorage } from './request-context';
import { routeLabel } from './route-label';

const INSTALLED = Symbol.for('strata.ops.request-observer');

export function installRequestObserver(): void {
  const proto = Server.prototype as Server & { [INSTALLED]?: boolean };
  if (proto[INSTALLED]) return;
  proto[INSTALLED] = true;
  startMetrics();
  const logRequests = requestLogsEnabled();
  const log = logger();
  const storage = requestStorage();
  // Typed loosely on purpose: emit's overloads cannot be spread through, and it only forwards.
  const emit = proto.emit as (this: Server, event: string | symbol, ...args: unknown[]) => boolean;
  const observedEmit = function (this: Server, event: string | symbol, ...args: unknown[]): boolean {
    if (event !== 'request') return emit.call(this, event, ...args);
    const [req, res] = args as [IncomingMessage, ServerResponse];
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
    return storage.run({ requestId, work }, () => emit.call(this, event, ...args));
  };
  proto.emit = observedEmit as typeof proto.emit;
}
