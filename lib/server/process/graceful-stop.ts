/**
 * A clean stop of the explorer's index, for server.ts's SIGTERM/SIGINT handler: the writer stops
 * (each follower commits or drops its current window, whole) and the database is closed, so that
 * every commit the status reported is on disk. Without it PGlite lost minutes of writes at every
 * stop: it commits with `synchronous_commit = off` and has no background WAL writer or
 * checkpointer, so its commits since the last checkpoint stay in memory until `close()` writes the
 * shutdown checkpoint.
 */
import { closeIndexService } from '@/lib/server/index/index-service';
import { existingStreamService } from '@/lib/server/stream/process-stream';

/** Exit codes as a shell reports a process ended by the signal (128 + its number). */
export const SIGNAL_EXIT_CODES = { SIGINT: 130, SIGTERM: 143 } as const;
export type StopSignal = keyof typeof SIGNAL_EXIT_CODES;

/**
 * Longest wait for the writer to stop and the database to close. A window being fetched when the
 * signal comes is awaited (up to the RPC timeout), then PGlite's checkpoint; both take seconds.
 * Under Docker's 10 s and Kubernetes' 30 s grace periods a SIGKILL comes first anyway.
 */
export const STOP_TIMEOUT_MS = 25_000;

/** Closes the index, or gives up after `ms` (a hung database must not keep the process alive). */
export function closeIndexWithin(ms: number = STOP_TIMEOUT_MS): Promise<void> {
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

/**
 * Ends every open event stream with an `end` event (lib/server/stream/): their responses finish,
 * so the server's close is not held by them, and each EventSource reconnects (to this server's
 * successor, or another instance of the fleet) and replays from its Last-Event-ID.
 */
export function endStreams(): void {
  existingStreamService()?.stop('the server is stopping');
}
