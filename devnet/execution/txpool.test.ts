import { describe, expect, it } from 'vitest';
import { keccak256, toHex, type Address } from 'viem';
import type { TxRecord } from './api';
import { TxPool } from './txpool';

const GWEI = 1_000_000_000n;
const A: Address = '0x0a00000000000000000000000000000000000001';
const B: Address = '0x0b00000000000000000000000000000000000002';
const RICH = 10n ** 24n;

let salt = 0;
function tx(from: Address, nonce: bigint, over: Partial<TxRecord> = {}): TxRecord {
  salt++;
  return {
    hash: keccak256(toHex(`${from}-${nonce}-${salt}`)), raw: '0x00', type: 0, from, chainId: 1337n, nonce,
    gasTipCap: GWEI, gasFeeCap: 2n * GWEI, gas: 21_000n, to: B, value: 1n, data: '0x', accessList: [], ...over,
  };
}
const nonces = (m: Map<bigint, TxRecord> | ReadonlyMap<bigint, TxRecord> | undefined) => [...(m?.keys() ?? [])].sort();

describe('TxPool', () => {
  it('splits pending and queued at a nonce gap, and promotes when the gap closes', () => {
    const pool = new TxPool();
    pool.add(tx(A, 0n), 0n, RICH);
    pool.add(tx(A, 1n), 0n, RICH);
    pool.add(tx(A, 3n), 0n, RICH);
    let c = pool.content();
    expect(nonces(c.pending.get(A))).toEqual([0n, 1n]);
    expect(nonces(c.queued.get(A))).toEqual([3n]);
    expect(pool.pendingCount(A, 0n)).toBe(2);
    pool.add(tx(A, 2n), 0n, RICH);
    c = pool.content();
    expect(nonces(c.pending.get(A))).toEqual([0n, 1n, 2n, 3n]);
    expect(c.queued.size).toBe(0);
  });

  it('rejects nonce too low, already known, and insufficient funds', () => {
    const pool = new TxPool();
    expect(() => pool.add(tx(A, 4n), 5n, RICH)).toThrow(/nonce too low/);
    const t = tx(A, 5n);
    pool.add(t, 5n, RICH);
    expect(() => pool.add(t, 5n, RICH)).toThrow(/already known/);
    // cost = 21000 gas * 2 gwei fee cap + 1 wei value; one wei short must fail
    const cost = 21_000n * 2n * GWEI + 1n;
    expect(() => pool.add(tx(B, 0n), 0n, cost - 1n)).toThrow(/insufficient funds for gas \* price \+ value/);
    pool.add(tx(B, 0n), 0n, cost);
  });

  it('replaces only with a ≥10% bump on both tip and fee cap', () => {
    const pool = new TxPool();
    const first = tx(A, 0n, { gasTipCap: 10n * GWEI, gasFeeCap: 100n * GWEI });
    pool.add(first, 0n, RICH);
    expect(() => pool.add(tx(A, 0n, { gasTipCap: 11n * GWEI, gasFeeCap: 109n * GWEI }), 0n, RICH)).toThrow(/replacement transaction underpriced/);
    expect(() => pool.add(tx(A, 0n, { gasTipCap: 10n * GWEI, gasFeeCap: 200n * GWEI }), 0n, RICH)).toThrow(/underpriced/);
    const second = tx(A, 0n, { gasTipCap: 11n * GWEI, gasFeeCap: 110n * GWEI });
    pool.add(second, 0n, RICH);
    expect(pool.get(first.hash)).toBeUndefined();
    expect(pool.get(second.hash)).toBe(second);
    expect(pool.size).toBe(1);
  });

  it('drops mined transactions on a new head and keeps the rest', () => {
    const pool = new TxPool();
    const txs = [0n, 1n, 2n].map((n) => tx(A, n));
    for (const t of txs) pool.add(t, 0n, RICH);
    pool.onNewHead(new Map([[A.toLowerCase(), { nonce: 2n }]]));
    expect(pool.get(txs[0]!.hash)).toBeUndefined();
    expect(pool.get(txs[1]!.hash)).toBeUndefined();
    expect(pool.get(txs[2]!.hash)).toBeDefined();
    expect(nonces(pool.content().pending.get(A))).toEqual([2n]);
  });

  it('selects by effective tip across senders, nonce order within a sender, skipping fee caps under the base fee', () => {
    const pool = new TxPool();
    const baseFee = 10n * GWEI;
    const a0 = tx(A, 0n, { gasTipCap: 1n * GWEI, gasFeeCap: 100n * GWEI });
    const a1 = tx(A, 1n, { gasTipCap: 9n * GWEI, gasFeeCap: 100n * GWEI });
    const b0 = tx(B, 0n, { gasTipCap: 5n * GWEI, gasFeeCap: 100n * GWEI });
    // Tip 50 gwei but fee cap 12 gwei: effective tip min(50, 12-10) = 2 gwei.
    const b1 = tx(B, 1n, { gasTipCap: 50n * GWEI, gasFeeCap: 12n * GWEI });
    const c: Address = '0x0c00000000000000000000000000000000000003';
    const c0 = tx(c, 0n, { gasTipCap: 50n * GWEI, gasFeeCap: 9n * GWEI }); // under the base fee
    for (const t of [a0, a1, b0, b1, c0]) pool.add(t, 0n, RICH);
    const picked = pool.selectForBlock(new Map(), baseFee).map((t) => t.hash);
    // b0 (5) beats a0 (1); then b1 (2) beats a0 (1); then a0, a1.
    expect(picked).toEqual([b0.hash, b1.hash, a0.hash, a1.hash]);
    // With A's parent nonce at 1, only a1 of A's is eligible.
    const picked2 = pool.selectForBlock(new Map([[A.toLowerCase(), 1n]]), baseFee).map((t) => t.hash);
    expect(picked2).toEqual([a1.hash, b0.hash, b1.hash]);
  });

  it('drops what the new head cannot pay for, leaving the rest queued behind the hole', () => {
    const pool = new TxPool();
    const cheap = tx(A, 0n);
    const dear = tx(A, 1n, { value: 10n ** 20n });
    const after = tx(A, 2n);
    for (const t of [cheap, dear, after]) pool.add(t, 0n, RICH);
    // Balance at the new head covers 21000 gas at 2 gwei plus 1 wei, not 10^20 wei.
    pool.onNewHead(new Map([[A.toLowerCase(), { nonce: 0n, balance: 10n ** 18n }]]));
    expect(pool.get(dear.hash)).toBeUndefined();
    const c = pool.content();
    expect(nonces(c.pending.get(A))).toEqual([0n]);
    expect(nonces(c.queued.get(A))).toEqual([2n]);
  });

  it('evicts queued transactions after the lifetime, never pending ones', () => {
    const pool = new TxPool(1000);
    const pending = tx(A, 0n);
    const queued = tx(A, 5n);
    pool.add(pending, 0n, RICH, 0);
    pool.add(queued, 0n, RICH, 0);
    pool.onNewHead(new Map([[A.toLowerCase(), { nonce: 0n }]]), 999);
    expect(pool.get(queued.hash)).toBeDefined();
    pool.onNewHead(new Map([[A.toLowerCase(), { nonce: 0n }]]), 1001);
    expect(pool.get(queued.hash)).toBeUndefined();
    expect(pool.get(pending.hash)).toBeDefined();
  });

  it('removes one transaction by hash, turning its successors into queued', () => {
    const pool = new TxPool();
    const txs = [0n, 1n, 2n].map((n) => tx(A, n));
    for (const t of txs) pool.add(t, 0n, RICH);
    pool.remove(txs[1]!.hash);
    expect(pool.get(txs[1]!.hash)).toBeUndefined();
    const c = pool.content();
    expect(nonces(c.pending.get(A))).toEqual([0n]);
    expect(nonces(c.queued.get(A))).toEqual([2n]);
    expect(pool.size).toBe(2);
  });
});
