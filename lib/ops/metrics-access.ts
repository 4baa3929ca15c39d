/**
 * Who may read /api/metrics. By default anyone who reaches the explorer (keep it off the public
 * internet with a path rule at the load balancer, docs/deploy.md); an operator can instead:
 *
 *   STRATA_METRICS_PORT    serve the metrics on a port of their own (server.ts), at /metrics and
 *                          /api/metrics, and answer 404 for /api/metrics on the explorer's port
 *   STRATA_METRICS_TOKEN   ask for `Authorization: Bearer <token>` (on either port): 401 without it
 */
import { timingSafeEqual } from 'node:crypto';
import { ConfigError } from '@/lib/ops/config';

type Env = Readonly<Record<string, string | undefined>>;

export interface MetricsAccess {
  readonly port?: number;
  readonly token?: string;
}

/** The metrics settings; throws ConfigError naming the variable (lib/server/process/start-config.ts). */
export function loadMetricsAccess(env: Env = process.env): MetricsAccess {
  const rawPort = env.STRATA_METRICS_PORT?.trim();
  const rawToken = env.STRATA_METRICS_TOKEN?.trim();
  let port: number | undefined;
  if (rawPort) {
    port = Number(rawPort);
    if (!/^\d{1,5}$/.test(rawPort) || port < 1 || port > 65_535) throw new ConfigError('STRATA_METRICS_PORT', `"${rawPort}" is not a TCP port (1 to 65535)`);
    if (env.PORT && Number(env.PORT) === port) throw new ConfigError('STRATA_METRICS_PORT', `it is the explorer's own port (${port}); give the metrics a port of their own`);
  }
  if (rawToken !== undefined && rawToken !== '' && rawToken.length < 16) {
    throw new ConfigError('STRATA_METRICS_TOKEN', 'use at least 16 characters (a random string: openssl rand -hex 24)');
  }
  return { port, token: rawToken || undefined };
}

export type MetricsVerdict = 'ok' | 'elsewhere' | 'unauthorized';

/**
 * Whether a request for the metrics is answered: `onMetricsPort` for server.ts's metrics server,
 * false on the explorer's own port; `authorization` is the request's Authorization header.
 */
export function metricsVerdict(authorization: string | null | undefined, onMetricsPort: boolean, access: MetricsAccess = loadMetricsAccess()): MetricsVerdict {
  if (access.port !== undefined && !onMetricsPort) return 'elsewhere';
  if (access.token === undefined) return 'ok';
  const given = /^Bearer\s+(\S+)$/i.exec(authorization?.trim() ?? '')?.[1] ?? '';
  const a = Buffer.from(given);
  const b = Buffer.from(access.token);
  return a.length === b.length && timingSafeEqual(a, b) ? 'ok' : 'unauthorized';
}
