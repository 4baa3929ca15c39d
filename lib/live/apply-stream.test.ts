import { describe, expect, test } from 'vitest';
import type { StreamBlock } from '@/lib/live/stream-events';
import type { TipsSnapshot } from '@/lib/network/tips-types';
import { applyBlock, applyReorg } from './apply-stream';

const tip = (chain: 'prime' | 'cyprus1' | 'cyprus2', level: 0 | 2) => ({
  chain, label: chain, level, height: '1', numbers: ['1', '1', '1'] as const, hash: '0x0', timestamp: '100',
  avgBlockTimeMs: null, blockTimeSample: 10, txpool: { kind: 'not-zone' } as const, syncing: null, error: null,
});
const snapshot: TipsSnapshot = { fetchedAt: 1, chains: [tip('prime', 0), tip('cyprus1', 2), tip('cyprus2', 2)], latestBlocks: [], latestTransactions: [] };

function block(chain: 'prime' | 'cyprus1' | 'cyprus2', number: string, timestamp: string, hash: string, txs = 0): StreamBlock {
  return {
    chain, number, numbers: ['1', '1', number], hash, parentHash: '0x', order: 2, timestamp, miner: '0xm', gasUsed: '0', gasLimit: '1',
    transactionCount: txs, extTransactionCount: 0,
    transactions: Array.from({ length: txs }, (_, i) => ({ hash: `${hash}t${i}`, type: 0 as const, from: '0xa', to: '0xb', value: '1', nonce: String(i) })),
    emittedEtxs: [], deliveredEtxs: [], uncles: [],
    status: { avgBlockTimeMs: 1500, blockTimeSample: 10, txpool: { kind: 'served', pending: '2', queued: '0' }, syncing: null }, seenAt: 50,
  };
}

describe('applyBlock', () => {
  test("moves the chain's tip and puts zone blocks and their transactions first, newest first", () => {
    let s = applyBlock(snapshot, block('cyprus1', '2', '101', '0xa', 2));
    s = applyBlock(s, block('cyprus2', '2', '102', '0xb', 1));
    s = applyBlock(s, block('prime', '2', '103', '0xp'));
    expect(s.chains.find((c) => c.chain === 'cyprus1')).toMatchObject({ height: '2', hash: '0xa', avgBlockTimeMs: 1500, txpool: { kind: 'served' } });
    expect(s.latestBlocks.map((b) => b.hash)).toEqual(['0xb', '0xa']);
    expect(s.latestTransactions.map((t) => t.hash)).toEqual(['0xbt0', '0xat0', '0xat1']);
    expect(applyBlock(s, block('cyprus1', '2', '101', '0xa', 2))).toEqual(s);
  });

  test('a reorg takes its blocks out; the new branch replaces them', () => {
    let s = applyBlock(snapshot, block('cyprus1', '2', '101', '0xa', 1));
    s = applyReorg(s, { chain: 'cyprus1', ancestor: { number: '1', hash: '0x0' }, removed: [{ number: '2', hash: '0xa' }], seenAt: 60 });
    expect([s.latestBlocks.length, s.latestTransactions.length]).toEqual([0, 0]);
    s = applyBlock(s, block('cyprus1', '2', '101', '0xa2'));
    expect(s.latestBlocks.map((b) => b.hash)).toEqual(['0xa2']);
  });
});
