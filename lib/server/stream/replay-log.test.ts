import { describe, expect, test } from 'vitest';
import type { FeedEntry } from '@/lib/live/feed-entry';
import { ReplayLog } from './replay-log';

const entry = (seq: number): FeedEntry => ({ seq, kind: 'gap', chain: 'prime', gap: { reason: 'not-streamed' } });
const seqs = (entries: readonly FeedEntry[]) => entries.map((e) => e.seq);

describe('ReplayLog', () => {
  test('replays after a position, within the window; past it, a gap and the window', () => {
    const log = new ReplayLog(4, 'e1');
    log.append('e1', [1, 2, 3, 4, 5, 6].map(entry));
    expect(log.after({ epoch: 'e1', seq: 4 })).toEqual({ kind: 'entries', entries: [entry(5), entry(6)] });
    // An event's id owes the rest of its entry.
    expect(seqs(log.after({ epoch: 'e1', seq: 4, index: 0 }).entries)).toEqual([4, 5, 6]);
    expect(log.after({ epoch: 'e1', seq: 1 })).toMatchObject({ kind: 'gap', reason: 'past-window' });
    expect(seqs(log.after({ epoch: 'e1', seq: 1 }).entries)).toEqual([3, 4, 5, 6]);
    expect(log.after({ epoch: 'e0', seq: 5 })).toMatchObject({ kind: 'gap', reason: 'restarted' });
    expect(log.after({ epoch: 'e1', seq: 6 })).toEqual({ kind: 'entries', entries: [] });
  });

  test('refuses a hole and skips what it has', () => {
    const log = new ReplayLog(10, 'e1');
    log.append('e1', [1, 2].map(entry));
    expect(log.append('e1', [2, 3].map(entry))).toEqual([entry(3)]);
    expect(log.append('e1', [5].map(entry))).toBeUndefined();
    log.replace('e2', [7, 8].map(entry), 8);
    expect([log.epoch, log.lastSeq]).toEqual(['e2', 8]);
  });
});
