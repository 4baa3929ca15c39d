/**
 * How hard the trace pass asks the node, from what the node answers. Two numbers: the window (how
 * many blocks' traces go in one JSON-RPC batch) and the concurrency (how many batches are in
 * flight). A tracer's speed differs by orders of magnitude between nodes and blocks, and the same
 * node serves pages and the block pass too, so neither is a setting:
 *
 * - The window is sized so one batch takes about `targetMs` at the node's recent speed (a smoothed
 *   time per block with transactions): a slow tracer gets small batches that answer well within
 *   the client's timeout, a fast one batches as large as the transport sends in one request.
 * - The concurrency follows the gradient of the node's answers, as adaptive concurrency limiters
 *   do (TCP Vegas; Netflix's concurrency-limits): against the best time per block seen lately
 *   (the node unhurried), a batch that answers about as fast means the node has room, and one more
 *   batch goes out; one much slower means the batches are queueing at the node, and fewer go out.
 *   A node that traces one block at a time settles at one or two batches, one that traces in
 *   parallel at as many as it serves without slowing.
 * - A failure (a timeout, a refused or unreachable request) halves both and pauses the pass, one
 *   second and doubling up to `maxPauseMs`, until the node answers again: a node that struggles
 *   is given room, and the block pass, which asks the node through its own client and never waits
 *   for this pass, goes on.
 *
 * Pure: the trace follower reports each answer and failure, and reads the window, the
 * concurrency and the pause from here.
 */

export interface PacerLimits {
  /** Largest batch (the transport sends at most 100 calls per HTTP request). */
  readonly maxWindow: number;
  /** Most batches in flight at once. */
  readonly maxConcurrency: number;
  /** How long one batch should take. */
  readonly targetMs: number;
  /** Longest pause after failures in a row. */
  readonly maxPauseMs: number;
}

export const DEFAULT_PACER_LIMITS: PacerLimits = { maxWindow: 100, maxConcurrency: 8, targetMs: 1_500, maxPauseMs: 30_000 };

/** A round of batches that answered at least this fraction of the best speed leaves room for one more. */
const ROOM = 0.9;
/** One slower than this fraction of the best speed means the batches queue at the node. */
const QUEUEING = 0.7;
/** Weight of the newest answer in the smoothed time per block. */
const SMOOTHING = 0.3;
/** The best time per block creeps up by this factor per answer, so a node that became slower for good is learnt. */
const FORGET = 1.02;

export interface PacerState {
  readonly window: number;
  readonly concurrency: number;
  /** Smoothed milliseconds per block with transactions; null before the first answer. */
  readonly msPerBlock: number | null;
  /** Pause before the next ask, after failures (0 while the node answers). */
  readonly pauseMs: number;
}

export class TracePacer {
  private currentWindow: number;
  private currentConcurrency = 1;
  private smoothed: number | null = null;
  private best: number | null = null;
  private failures = 0;
  /** Answers since the concurrency last changed (it changes at most once per round of batches), and their time per block. */
  private sinceChange = 0;
  private roundMs = 0;

  constructor(private readonly limits: PacerLimits = DEFAULT_PACER_LIMITS, initialWindow = 8) {
    this.currentWindow = Math.min(limits.maxWindow, Math.max(1, initialWindow));
  }

  get window(): number {
    return this.currentWindow;
  }

  get concurrency(): number {
    return this.currentConcurrency;
  }

  get pauseMs(): number {
    return this.failures === 0 ? 0 : Math.min(this.limits.maxPauseMs, 1_000 * 2 ** (this.failures - 1));
  }

  get state(): PacerState {
    return { window: this.window, concurrency: this.concurrency, msPerBlock: this.smoothed, pauseMs: this.pauseMs };
  }

  /** A batch of `blocks` blocks with transactions answered in `ms`. */
  answered(ms: number, blocks: number): void {
    this.failures = 0;
    if (blocks <= 0) return; // nothing was asked of the node
    const perBlock = Math.max(0.01, ms / blocks);
    this.smoothed = this.smoothed === null ? perBlock : this.smoothed + SMOOTHING * (perBlock - this.smoothed);
    this.best = this.best === null ? perBlock : Math.min(perBlock, this.best * FORGET);
    this.currentWindow = clamp(Math.round(this.limits.targetMs / this.smoothed), 1, this.limits.maxWindow);
    this.roundMs += perBlock;
    if (++this.sinceChange < this.currentConcurrency) return;
    // The round's mean against the best: batches beyond what the node serves at once wait for it.
    const gradient = this.best / (this.roundMs / this.sinceChange);
    if (gradient >= ROOM && ms <= this.limits.targetMs * 2) this.setConcurrency(this.currentConcurrency + 1);
    else if (gradient < QUEUEING) this.setConcurrency(Math.floor(this.currentConcurrency * 0.75));
    else this.setConcurrency(this.currentConcurrency); // a new round at the same concurrency
  }

  /** A batch failed (timeout, refused, unreachable). */
  failed(): void {
    this.failures++;
    this.currentWindow = Math.max(1, Math.floor(this.currentWindow / 2));
    this.setConcurrency(Math.floor(this.currentConcurrency / 2));
  }

  private setConcurrency(n: number): void {
    this.currentConcurrency = clamp(n, 1, this.limits.maxConcurrency);
    this.sinceChange = 0;
    this.roundMs = 0;
  }
}

const clamp = (n: number, low: number, high: number): number => Math.min(high, Math.max(low, n));
