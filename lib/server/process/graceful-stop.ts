/**
 * A clean stop of the explorer's index on SIGTERM or SIGINT: the writer stops (each follower
 * commits or drops its current window, whole) and the database is closed, so that every commit the
 * status reported is on disk. Without it, PGlite lost minutes of writes at every stop: it commits
 * with `synchronous_commit = off` and has no background WAL writer or checkpointer, so its commits
 * since the last checkpoint stay in memory until `close()` writes the shutdown checkpoint.
 *
 * Next handles these signals itself (`next start` and the standalone server.js alike,
 * next/dist/server/lib/start-server.js): it closes the HTTP server, then calls process.exit(143 or
 * 130) without waiting for anything the app started, and instrumentation cannot reach its list
 * of cleanups. So once a signal has come, process.exit waits for the index to close (at most
 * STOP_TIMEOUT_MS: a hung database must not keep the process alive) before exiting with the code it
 * was given. When no other listener handles the signal (NEXT_MANUAL_SIG_HANDLE), this exits itself.
 */
import { closeIndexService } from './index-service';

/** Exit codes as a shell reports a process ended by the signal (128 + its number), as Next uses. */
const SIGNALS = { SIGINT: 130, SIGTERM: 143 } as const;
type StopSignal = keyof typeof SIGNALS;

/**
 * Longest wait for the writer to stop and the database to close. A window being fetched when the
 * signal comes is awaited (up to the RPC timeout), then PGlite's checkpoint; both take seconds.
 * Under Docker's 10 s and Kubernetes' 30 s grace periods a SIGKILL comes first anyway.
 */
const STOP_TIMEOUT_MS = 25_000;

const KEY = Symbol.for('strata.index.graceful-stop');
type Installed = { [KEY]?: true };

function closeWithin(ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<void>((resolve) => {
    timer = setTimeout(() => {
      console.error(`index: not closed after ${ms / 1000} s; exiting anyway (a restart re-reads what was not on disk)`);
      resolve();
    }, ms);
  });
  const closed = closeIndexService('the explorer is stopping').catch((error: unknown) => {
    console.error(`index: closing failed: ${error instanceof Error ? error.message : String(error)}`);
  });
  return Promise.race([closed, timeout]).finally(() => clearTimeout(timer));
}

/** Installs the handlers once per process (instrumentation.ts). */
export function installGracefulStop(): void {
  const g = globalThis as Installed;
  if (g[KEY]) return;
  g[KEY] = true;
  let closing: Promise<void> | undefined;
  const onSignal = (signal: StopSignal): void => {
    if (closing) return;
    console.log(`index: ${signal}: stopping the writer and closing the index`);
    closing = closeWithin(STOP_TIMEOUT_MS);
    const exit = process.exit.bind(process);
    const pending = closing;
    // Next's handler calls this once its server is closed: the exit waits for the index.
    const deferredExit = (code?: number | string | null): void => {
      void pending.finally(() => exit(code));
    };
    process.exit = deferredExit as unknown as typeof process.exit;
    // Nothing else handles the signal: its default (ending the process) was replaced by this listener.
    if (process.listenerCount(signal) === 1) void pending.finally(() => exit(SIGNALS[signal]));
  };
  for (const signal of Object.keys(SIGNALS) as StopSignal[]) process.on(signal, onSignal);
}
