/**
 * The feed's last entries in this process, for a reconnect's Last-Event-ID and for the pages
 * drawn from the recent past (/hierarchy): at most `capacity`, oldest dropped first. A fleet's
 * instances each mirror the shared log (./fleet-feed.ts), so a reconnect to any of them replays
 * the same events under the same ids.
 */
import type { FeedEntry } from '@/lib/live/feed-entry';
import type { Position } from '@/lib/live/position';
import type { GapReason } from '@/lib/live/stream-events';

export type Replay =
  | { readonly kind: 'entries'; readonly entries: readonly FeedEntry[] }
  /** The position cannot be joined: a gap, then `entries` (the window, or none). */
  | { readonly kind: 'gap'; readonly reason: GapReason; readonly entries: readonly FeedEntry[] };

export class ReplayLog {
  private entries: FeedEntry[] = [];

  constructor(
    private readonly capacity: number,
    private epochName: string,
  ) {}

  get epoch(): string {
    return this.epochName;
  }

  /** The seq of the newest entry (0 before any). */
  get lastSeq(): number {
    return this.entries[this.entries.length - 1]?.seq ?? this.startSeq;
  }

  /** The seq before the first entry this log could hold: entries start after it. */
  private startSeq = 0;

  /**
   * Adds the entries that follow the newest; returns those added. Entries of another epoch
   * start the log again; entries that do not follow (a hole) are refused with `undefined`,
   * for the caller to load the log afresh.
   */
  append(epoch: string, entries: readonly FeedEntry[]): readonly FeedEntry[] | undefined {
    if (epoch !== this.epochName) {
      const first = entries[0];
      this.reset(epoch, first ? first.seq - 1 : 0);
    }
    const added: FeedEntry[] = [];
    for (const entry of entries) {
      if (entry.seq <= this.lastSeq) continue; // heard twice (our own commit, then its echo)
      if (entry.seq !== this.lastSeq + 1) return added.length > 0 ? added : undefined;
      this.entries.push(entry);
      added.push(entry);
    }
    // Dropped in batches: shifting one element at a time copies the array every time.
    if (this.entries.length > this.capacity * 1.25) this.entries = this.entries.slice(-this.capacity);
    return added;
  }

  /** Replaces the log with a fleet's (`lastSeq`: the fleet's newest, when the list is empty). */
  replace(epoch: string, entries: readonly FeedEntry[], lastSeq: number): void {
    this.reset(epoch, (entries[0]?.seq ?? lastSeq + 1) - 1);
    this.entries = entries.slice(-this.capacity);
    if (this.entries.length > 0) this.startSeq = this.entries[0]!.seq - 1;
  }

  private reset(epoch: string, startSeq: number): void {
    this.epochName = epoch;
    this.entries = [];
    this.startSeq = startSeq;
  }

  /** The oldest seq a replay can still give (after trimming). */
  private get oldestSeq(): number {
    const kept = this.entries.length > this.capacity ? this.entries.length - this.capacity : 0;
    return this.entries[kept]?.seq ?? this.lastSeq + 1;
  }

  /** The entries in the window, oldest first. */
  window(): readonly FeedEntry[] {
    return this.entries.length > this.capacity ? this.entries.slice(-this.capacity) : this.entries;
  }

  /** What a reconnect from `position` is owed. */
  after(position: Position | undefined): Replay {
    if (position === undefined) return { kind: 'entries', entries: [] };
    if (position.epoch !== this.epochName) return { kind: 'gap', reason: 'restarted', entries: [] };
    const window = this.window();
    // Entry position.seq itself may still owe events past position.index.
    const needed = position.index === undefined ? position.seq + 1 : position.seq;
    if (needed < this.oldestSeq && position.seq < this.lastSeq) return { kind: 'gap', reason: 'past-window', entries: window };
    // The subscriber skips the events of entry position.seq up to position.index itself.
    return { kind: 'entries', entries: window.filter((e) => e.seq >= needed) };
  }
}
