/**
 * Where the feed's cursor lives and how a step's drafts become numbered entries. Alone, in this
 * process's memory (an epoch of its own per start); in a fleet, in Redis (./fleet-feed.ts), so
 * whichever instance reads the node next continues the same sequence.
 */
import type { FeedDraft, FeedEntry } from '@/lib/live/feed-entry';
import type { FeedCursor } from './feed';

export type FeedStep = (cursor: FeedCursor) => Promise<{ drafts: FeedDraft[]; cursor: FeedCursor }>;

export interface Committed {
  readonly epoch: string;
  /** Numbered; empty when nothing was new or another instance committed first. */
  readonly entries: readonly FeedEntry[];
}

export interface FeedStore {
  /** Runs `step` on the cursor and commits its drafts; undefined when the store cannot be reached. */
  commit(step: FeedStep): Promise<Committed | undefined>;
}

/** Numbers `drafts` after `cursor.seq`. */
export function numbered(drafts: readonly FeedDraft[], after: number): FeedEntry[] {
  return drafts.map((draft, i) => ({ ...draft, seq: after + 1 + i }));
}

/** The cursor in this process: one step at a time. */
export function localFeedStore(epoch: string): { commit(step: FeedStep): Promise<Committed> } {
  let cursor: FeedCursor = { epoch, seq: 0, chains: {}, pool: {} };
  let last: Promise<unknown> = Promise.resolve();
  return {
    commit(step) {
      const run = last.then(async () => {
        const next = await step(cursor);
        const entries = numbered(next.drafts, cursor.seq);
        cursor = { ...next.cursor, epoch, seq: cursor.seq + entries.length };
        return { epoch, entries };
      });
      last = run.catch(() => undefined);
      return run;
    },
  };
}
