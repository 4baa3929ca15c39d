/**
 * Strata's HTTP server: Next's documented custom server, with the path every request takes
 * written here, in the order a request meets it. `npm run serve` and `npm start` run it (bundled
 * by `npm run build` to .next/strata/server.mjs, scripts/build-server.mjs), and so does the
 * standalone build (its server.js is this bundle). `-p <port>`, `-H <host>`, `--dev`.
 *
 *   (parser)         Node's HTTP parser refuses what is not HTTP or has headers past 16 KiB; the
 *                    refusal is answered and the connection closed gracefully
 *                    (lib/server/request-path/client-error.ts)
 *   request          who asks and for what: the client's address for the rate limit (or this
 *                    process's own render for the page cache), in headers no client can set; the
 *                    route the path names, matched once and attached to the request's context
 *                    with a request id; everything after runs in that context
 *                    (lib/server/request-path/request-start.ts)
 *   observe          latency metrics by route, one JSON log line per request
 *                    (lib/server/request-path/observe.ts)
 *   URL guard        a URL that cannot name anything (undecodable, over-long, a dot segment) is
 *                    answered with the reason before any route (lib/server/request-path/url-guard.ts)
 *   static assets    the build's scripts and styles in brotli (lib/server/request-path/static-assets.ts)
 *   page cache       each route's answer kept by its policy in the route table: immutable pages,
 *                    pages per tips snapshot, per the data they show, API answers per index
 *                    version (lib/server/page-cache/page-cache.ts)
 *   Next             everything else, through proxy.ts (the status of a page before it streams:
 *                    404 for a malformed parameter or a missing entity, 503 with the node down,
 *                    429 over the rate limit; the nonce of the page's scripts) to the route
 *
 * On SIGTERM or SIGINT it ends the open event streams, stops accepting connections, closes the
 * history index (every commit reported is on disk, lib/server/process/graceful-stop.ts), closes
 * Next and exits 143 or 130.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { rateLimiter } from '@/lib/http/rate-limit';
import { loadMetricsAccess } from '@/lib/ops/metrics-access';
import { HoldableResponse } from '@/lib/server/page-cache/held-response';
import { createPageCache } from '@/lib/server/page-cache/page-cache';
import { closeIndexWithin, endStreams, SIGNAL_EXIT_CODES, type StopSignal } from '@/lib/server/process/graceful-stop';
import { appDirOf, serverOptions } from '@/lib/server/process/server-options';
import { markRequestPath } from '@/lib/server/process/request-path-guard';
import { exitOnBadConfig } from '@/lib/server/process/start-config';
import { startMetricsServer } from '@/lib/server/request-path/metrics-server';
import { answerClientErrors } from '@/lib/server/request-path/client-error';
import { observeRequests } from '@/lib/server/request-path/observe';
import { requestStart } from '@/lib/server/request-path/request-start';
import { requestPath, type NamedStage } from '@/lib/http/stage';
import { staticAssets } from '@/lib/server/request-path/static-assets';
import { guardUrls } from '@/lib/server/request-path/url-guard';

const options = serverOptions(process.argv.slice(2), process.env);
// Before Next is loaded: it reads the mode from the environment.
(process.env as Record<string, string>).NODE_ENV = options.dev ? 'development' : 'production';
exitOnBadConfig();
// Before Next loads: its start hook (instrumentation.ts) refuses a process without this request path.
markRequestPath();
const dir = appDirOf(fileURLToPath(import.meta.url));
process.chdir(dir);

const { default: next } = await import('next');
const app = next({ dev: options.dev, dir, hostname: options.hostname ?? 'localhost', port: options.port });
await app.prepare();
const nextHandler = app.getRequestHandler();

const megabytes = Number(process.env.STRATA_PAGE_STORE_MB ?? 256);
const pageCache = createPageCache({ capacityBytes: (Number.isFinite(megabytes) && megabytes > 0 ? megabytes : 256) * 1024 * 1024 });

const stages: NamedStage[] = [
  { name: 'request', stage: requestStart(rateLimiter().config) },
  { name: 'observe', stage: observeRequests() },
  { name: 'URL guard', stage: guardUrls() },
  { name: 'static assets', stage: staticAssets(dir) },
  // In development pages change with every edit: nothing is kept.
  ...(options.dev ? [] : [{ name: 'page cache', stage: pageCache.stage }]),
];
// Every response can be held by the page cache while Next renders it (Node's documented
// ServerResponse option): a miss is kept from Next's answer to the request it serves.
const server = createServer({ ServerResponse: HoldableResponse }, requestPath(stages, nextHandler));
// A request the HTTP parser refuses (headers past 16 KiB, not HTTP) is answered before the
// connection closes, never reset under a client still sending its body.
answerClientErrors(server);
// Longer than a proxy's or load balancer's idle timeout (nginx and AWS's 60 s): the proxy then
// never reuses a connection this server is closing (a 502 for its reader). Node's default is 5 s.
const keepAlive = Number(process.env.KEEP_ALIVE_TIMEOUT ?? 65_000);
if (Number.isInteger(keepAlive) && keepAlive > 0) server.keepAliveTimeout = keepAlive;
if (options.dev) server.on('upgrade', app.getUpgradeHandler());

await new Promise<void>((resolve, reject) => {
  server.once('error', reject);
  server.listen(options.port, options.hostname, resolve);
});
const listening = server.address() as AddressInfo;
// Every interface: shown as the loopback, where a reader on this machine finds it.
const host = listening.address === '0.0.0.0' || listening.address === '::' ? '127.0.0.1' : listening.address;
const origin = `http://${host.includes(':') ? `[${host}]` : host}:${listening.port}`;
const metricsPort = loadMetricsAccess().port;
const metricsServer = metricsPort === undefined ? undefined : await startMetricsServer(metricsPort, options.hostname);
console.log(`strata: listening on ${origin}${metricsPort === undefined ? '' : `, metrics on port ${metricsPort}`} (${options.dev ? 'development' : 'production'})`);

let stopping = false;
async function stop(signal: StopSignal): Promise<void> {
  if (stopping) return;
  stopping = true;
  console.log(`strata: ${signal}: closing the server and the index`);
  // Open event streams end first: the server's close would otherwise wait on them for ever.
  endStreams();
  server.close();
  server.closeIdleConnections();
  metricsServer?.close();
  await closeIndexWithin();
  await app.close();
  process.exit(SIGNAL_EXIT_CODES[signal]);
}
for (const signal of Object.keys(SIGNAL_EXIT_CODES) as StopSignal[]) process.on(signal, () => void stop(signal));
