/**
 * The metrics on a port of their own (STRATA_METRICS_PORT, lib/ops/metrics-access.ts): a plain
 * HTTP server beside the explorer that answers GET /metrics and /api/metrics with the Prometheus
 * text (and asks for the bearer token when STRATA_METRICS_TOKEN is set); everything else is a 404.
 * The explorer's own port then answers /api/metrics with a 404, so a proxy in front that forwards
 * every path exposes nothing.
 */
import { createServer, type Server } from 'node:http';
import { metrics } from '@/lib/ops/metrics';
import { metricsVerdict } from '@/lib/ops/metrics-access';

export function startMetricsServer(port: number, hostname: string | undefined): Promise<Server> {
  const server = createServer((request, response) => {
    const path = (request.url ?? '/').split('?')[0];
    if ((request.method !== 'GET' && request.method !== 'HEAD') || (path !== '/metrics' && path !== '/api/metrics')) {
      response.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' });
      response.end('Not found: the metrics are at /metrics.\n');
      return;
    }
    if (metricsVerdict(request.headers.authorization, true) !== 'ok') {
      response.writeHead(401, { 'Content-Type': 'text/plain; charset=utf-8', 'WWW-Authenticate': 'Bearer realm="metrics"' });
      response.end('The metrics ask for Authorization: Bearer <STRATA_METRICS_TOKEN>.\n');
      return;
    }
    const { registry } = metrics();
    registry.metrics().then(
      (text) => {
        response.writeHead(200, { 'Content-Type': registry.contentType, 'Cache-Control': 'no-store' });
        response.end(request.method === 'HEAD' ? undefined : text);
      },
      () => {
        response.writeHead(500, { 'Content-Type': 'text/plain; charset=utf-8' });
        response.end('The metrics could not be collected.\n');
      },
    );
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, hostname, () => resolve(server));
  });
}
