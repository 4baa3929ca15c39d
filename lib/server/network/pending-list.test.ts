/**
 * The pending list's shaping: the pool's groups flattened by sender and nonce, each transaction
 * with the gap right below it, paged by its (sender, nonce) key, and a cursor of another list refused.
 */
import { describe, expect, it } from 'vitest';
import { BadCursorError } from '@/lib/index/readers/paging/page-cursor';
import type { PoolGroupView } from '@/lib/network/txpool-view';
import { flattenPool, pendingPage } from './pending-list';

const A = '0x00000000000000000000000000000000000000AA';
const B = '0x00000000000000000000000000000000000000bb';
const tx = (nonce: number, status: 'pending' | 'queued') => ({ kind: 'tx' as const, nonce: String(nonce), status, summary: `tx ${nonce}` });

const groups: PoolGroupView[] = [
  { sender: B, pendingCount: 1, queuedCount: 0, missingNonces: '0', rows: [tx(4, 'pending')] },
  {
    sender: A, pendingCount: 1, queuedCount: 2, missingNonces: '3',
    rows: [{ kind: 'gap', from: '0', to: '1' }, tx(2, 'queued'), tx(3, 'queued'), { kind: 'gap', from: '4', to: '4' }, tx(5, 'queued')],
  },
];

describe('the pending list', () => {
  it('lists every pooled transaction by sender then nonce, each with the nonces missing right below it', () => {
    const rows = flattenPool(groups);
    expect(rows.map((r) => [r.from, r.nonce, r.status, r.gap])).toEqual([
      [A.toLowerCase(), 2n, 'queued', { from: 0n, to: 1n }],
      [A.toLowerCase(), 3n, 'queued', null],
      [A.toLowerCase(), 5n, 'queued', { from: 4n, to: 4n }],
      [B, 4n, 'pending', null],
    ]);
  });

  it('pages by (sender, nonce), the last page without a next', () => {
    const rows = flattenPool(groups);
    const first = pendingPage(rows, 3, null);
    expect(first.items.map((r) => r.nonce)).toEqual([2n, 3n, 5n]);
    expect(first.next).not.toBeNull();
    const second = pendingPage(rows, 3, first.next);
    expect(second.items.map((r) => r.nonce)).toEqual([4n]);
    expect(second.next).toBeNull();
    expect(() => pendingPage(rows, 3, Buffer.from('b1:5').toString('base64url'))).toThrow(BadCursorError);
  });
});
