import { describe, expect, test } from 'vitest';
import { AnnouncementPacer, tipAnnouncement } from './tip-announcement';
import type { FeedBlock, TipsSnapshot } from './tips-types';

const block = (numbers: [string, string, string], transactionCount: number): FeedBlock => ({
  chain: 'cyprus1',
  hash: `0x${numbers[2].padStart(64, '0')}`,
  numbers,
  order: 2,
  timestamp: '1700000000',
  transactionCount,
  extTransactionCount: 0,
  miner: `0x${'11'.repeat(20)}`,
  gasUsed: '0',
  gasLimit: '30000000',
});
const snapshot = (blocks: FeedBlock[]): TipsSnapshot => ({ fetchedAt: 0, chains: [], latestBlocks: blocks, latestTransactions: [] });

describe('tipAnnouncement', () => {
  test('the newest block with its numbers as words', () => {
    expect(tipAnnouncement(snapshot([block(['12', '340', '5021'], 3), block(['12', '340', '5020'], 0)]))).toBe(
      'New block on Cyprus 1: Prime 12, Region 340, Zone 5,021; 3 transactions.',
    );
    expect(tipAnnouncement(snapshot([block(['0', '0', '1'], 1)]))).toBe('New block on Cyprus 1: Prime 0, Region 0, Zone 1; 1 transaction.');
  });
  test('nothing without a block', () => {
    expect(tipAnnouncement(snapshot([]))).toBeNull();
  });
});

describe('AnnouncementPacer', () => {
  test('the first message is spoken at once, the next not before the interval, the latest winning', () => {
    const pacer = new AnnouncementPacer(30_000);
    expect(pacer.offer('a', 1_000)).toBe(0);
    expect(pacer.take(1_000)).toBe('a');
    // Polls every 2 s bring new messages: each waits for what is left of the 30 s.
    expect(pacer.offer('b', 3_000)).toBe(28_000);
    expect(pacer.take(3_000)).toBeNull();
    expect(pacer.offer('c', 5_000)).toBe(26_000);
    expect(pacer.take(30_999)).toBeNull();
    expect(pacer.take(31_000)).toBe('c');
    expect(pacer.take(31_000)).toBeNull();
  });
  test('a message equal to the one last spoken is not spoken again, and withdraws a pending one', () => {
    const pacer = new AnnouncementPacer(30_000);
    pacer.offer('a', 0);
    expect(pacer.take(0)).toBe('a');
    expect(pacer.offer('a', 40_000)).toBeNull();
    pacer.offer('b', 41_000);
    expect(pacer.offer('a', 42_000)).toBeNull();
    expect(pacer.take(60_000)).toBeNull();
  });
  test('after a quiet interval a new message is spoken at once', () => {
    const pacer = new AnnouncementPacer(30_000);
    pacer.offer('a', 0);
    pacer.take(0);
    expect(pacer.offer('b', 45_000)).toBe(0);
    expect(pacer.take(45_000)).toBe('b');
  });
});
