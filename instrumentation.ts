/**
 * Next runs register() once when the server starts, Node.js runtime only:
 * - the configuration checked as `npm start` checks it: a bad setting (STRATA_LABELS naming a
 *   malformed or missing file, …) exits with code 2 and the variable's name (lib/server/process/start-config.ts);
 * - stored immutable pages answered before Next routes them (lib/server/stored-pages/stored-fast-path.ts),
 *   and the build's scripts in brotli (lib/server/stored-pages/static-scripts.ts);
 * - the client's address for the rate limit, from the socket (lib/server/process/client-address.ts);
 * - request ids, request latency metrics and JSON request logs for every request the Node server
 *   answers (lib/ops/request-observer.ts);
 * - the history index, opened and by default written by this process (PGlite serves a single
 *   process, so the process that reads the index must be the one that writes it; docs/indexer.md),
 *   and closed on SIGTERM/SIGINT before Next's own handler exits (lib/server/process/graceful-stop.ts);
 * - verification jobs left pending by a restart, run again (lib/server/verify/job-runner.ts).
 */
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME !== 'nodejs') return;
  const { exitOnBadConfig } = await import('@/lib/server/process/start-config');
  exitOnBadConfig();
  // First, so that the observer (installed next) wraps it: answers from the store get request ids and metrics too.
  const { installStoredFastPath } = await import('@/lib/server/stored-pages/stored-fast-path');
  installStoredFastPath();
  // Beside it: the build's scripts and styles in brotli, compressed once (issue 21).
  const { installStaticScripts } = await import('@/lib/server/stored-pages/static-scripts');
  installStaticScripts();
  const { installRequestObserver } = await import('@/lib/ops/request-observer');
  installRequestObserver();
  // Last, so that it runs first: every request, answered from the store or not, names its client.
  const { installClientAddress } = await import('@/lib/server/process/client-address');
  installClientAddress();
  const { startIndexService, whenIndexOpen } = await import('./lib/server/process/index-service');
  void startIndexService();
  // Verification jobs left pending by a restart are taken again once the index is open (at once, or
  // when a later attempt opens it: a database still down, a data directory still held).
  const { resumeVerifyJobs } = await import('./lib/server/verify/job-runner');
  const { verifyContext } = await import('./lib/server/verify/verify-context');
  void whenIndexOpen().then(() => resumeVerifyJobs(verifyContext));
  const { installGracefulStop } = await import('./lib/server/process/graceful-stop');
  installGracefulStop();
}
