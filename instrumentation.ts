/**
 * Next runs register() once when the server starts (server.ts, in production and development
 * alike), Node.js runtime only:
 * - started by Next's own command (`next start`, `next dev`) rather than server.ts, it stops with
 *   exit code 2 and names the command to use: those would serve Strata without its request path
 *   (lib/server/process/request-path-guard.ts);
 * - the configuration checked as `npm start` checks it: a bad setting (STRATA_LABELS naming a
 *   malformed or missing file, …) exits with code 2 and the variable's name (lib/server/process/start-config.ts);
 * - the history index, opened and by default written by this process (PGlite serves a single
 *   process, so the process that reads the index must be the one that writes it; docs/indexer.md).
 *   server.ts closes it on SIGTERM/SIGINT before the process exits;
 * - verification jobs left pending by a restart, run again (lib/server/contracts/job-runner.ts), and the
 *   verified contracts' epoch read once the index is open (lib/server/contracts/verified-epoch.ts);
 * - the event streams' feed, hooked to every read of the tips, so it follows the chains from the
 *   first read on (lib/server/stream/process-stream.ts).
 *
 * The request's path (client address, request observer, static assets, page cache) is composed
 * in server.ts.
 */
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME !== 'nodejs') return;
  const { exitWithoutRequestPath } = await import('@/lib/server/process/request-path-guard');
  exitWithoutRequestPath();
  const { exitOnBadConfig } = await import('@/lib/server/process/start-config');
  exitOnBadConfig();
  const { startIndexService, whenIndexOpen } = await import('./lib/server/index/index-service');
  void startIndexService();
  // Verification jobs left pending by a restart are taken again once the index is open (at once, or
  // when a later attempt opens it: a database still down, a data directory still held).
  const { resumeVerifyJobs } = await import('./lib/server/contracts/job-runner');
  const { verifyContext } = await import('./lib/server/contracts/verify-context');
  void whenIndexOpen().then(() => resumeVerifyJobs(verifyContext));
  // The verified contracts' epoch keys kept copies (lib/server/page-cache/variant.ts): read as soon
  // as the index opens, so the first copy kept after that is not kept under "not read yet" and
  // missed by the next reader.
  const { refreshVerifiedEpoch } = await import('./lib/server/contracts/verified-epoch');
  void whenIndexOpen().then(() => refreshVerifiedEpoch().catch(() => undefined));
  const { streamService } = await import('./lib/server/stream/process-stream');
  streamService();
}
