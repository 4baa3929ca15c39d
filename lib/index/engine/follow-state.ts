/**
 * What both passes' followers keep about themselves for the status: blocks per second over the
 * last few seconds, and failed turns in a row (each logged once when new, then every
 * LOG_REPEATS_EVERY attempts with how long it has lasted).
 */
/** A follower's failed turns in a row, as the status reports them. */
export interface ChainFailure {
  readonly count: number;
  /** Date.now() of the first failure of the run. */
  readonly since: number;
  readonly error: string;
}

/** A failure repeated is logged again every this many attempts (about a minute apart). */
const LOG_REPEATS_EVERY = 30;

/** Blocks written per second over the last five seconds (at least one second of span). */
export class RateMeter {
  private samples: { at: number; blocks: number }[] = [];

  /** Records `count` blocks written now; answers the rate. */
  note(count: number): number {
    const now = Date.now();
    this.samples.push({ at: now, blocks: count });
    this.samples = this.samples.filter((s) => now - s.at <= 5_000);
    const first = this.samples[0];
    const span = first ? Math.max(1_000, now - first.at) : 1_000;
    return (this.samples.reduce((sum, s) => sum + s.blocks, 0) * 1000) / span;
  }
}

/**
 * The failure after `previous` (undefined: none in a row), logged as `prefix: message` when new,
 * and as "still failing" every LOG_REPEATS_EVERY attempts (a turn is retried forever).
 */
export function nextFailure(previous: ChainFailure | undefined, message: string, prefix: string, log?: (line: string) => void): ChainFailure {
  const count = (previous?.count ?? 0) + 1;
  if (previous?.error !== message) log?.(`${prefix}: ${message}`);
  else if (count % LOG_REPEATS_EVERY === 0) log?.(`${prefix}: still failing since ${new Date(previous.since).toISOString()} (${count} attempts): ${message}`);
  return { count, since: previous?.since ?? Date.now(), error: message };
}
