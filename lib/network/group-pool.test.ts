import { describe, expect, it } from 'vitest';
import type { Address } from '@/lib/rpc/domain';
import { describeGap, groupPool, groupSender, sendersWithQueued } from './group-pool';

const A = '0x00000000000000000000000000000000000000aa' as Address;
const B = '0x00000000000000000000000000000000000000bb' as Address;

const batch = (...nonces: number[]) => new Map(nonces.map((n) => [BigInt(n), `tx${n}`]));

describe('groupSender', () => {
  it('orders entries by nonce whatever order the node sent them in', () => {
    const g = groupSender(A, batch(3, 1, 2), undefined);
    expect(g.rows.map((r) => (r.kind === 'tx' ? r.nonce : -1n))).toEqual([1n, 2n, 3n]);
    expect(g.pendingCount).toBe(3);
    expect(g.missingNonces).toBe(0n);
  });

  it('marks the missing nonces between pending and queued', () => {
    // pending 4,5; queued 8,9: nonces 6 and 7 are missing.
    const g = groupSender(A, batch(5, 4), batch(9, 8));
    expect(g.rows).toEqual([
      { kind: 'tx', nonce: 4n, status: 'pending', entry: 'tx4' },
      { kind: 'tx', nonce: 5n, status: 'pending', entry: 'tx5' },
      { kind: 'gap', from: 6n, to: 7n },
      { kind: 'tx', nonce: 8n, status: 'queued', entry: 'tx8' },
      { kind: 'tx', nonce: 9n, status: 'queued', entry: 'tx9' },
    ]);
    expect(g.missingNonces).toBe(2n);
    expect(g.queuedCount).toBe(2);
  });

  it('marks a leading gap only when the account nonce is known', () => {
    expect(groupSender(A, undefined, batch(3)).rows[0]?.kind).toBe('tx');
    const g = groupSender(A, undefined, batch(3), 1n);
    expect(g.rows[0]).toEqual({ kind: 'gap', from: 1n, to: 2n });
    expect(g.missingNonces).toBe(2n);
  });

  it('marks several gaps', () => {
    const g = groupSender(A, undefined, batch(2, 4, 7), 2n);
    const gaps = g.rows.filter((r) => r.kind === 'gap');
    expect(gaps).toEqual([{ kind: 'gap', from: 3n, to: 3n }, { kind: 'gap', from: 5n, to: 6n }]);
    expect(g.missingNonces).toBe(3n);
  });

  it('prefers the pending entry when a nonce appears in both sections', () => {
    const g = groupSender(A, batch(1), batch(1, 2));
    expect(g.rows).toHaveLength(2);
    expect(g.rows[0]).toMatchObject({ nonce: 1n, status: 'pending' });
  });
});

describe('groupPool', () => {
  it('merges a sender across sections regardless of address case and puts gapped senders first', () => {
    const upper = A.toUpperCase().replace('0X', '0x') as Address;
    const groups = groupPool({
      pending: new Map([[A, batch(0)], [B, batch(0, 1)]]),
      queued: new Map([[upper, batch(5)]]),
    }, new Map([[A.toLowerCase(), 0n]]));
    expect(groups.map((g) => g.sender.toLowerCase())).toEqual([A, B]);
    expect(groups[0]?.rows.map((r) => r.kind)).toEqual(['tx', 'gap', 'tx']);
    expect(groups[0]?.missingNonces).toBe(4n);
  });

  it('lists senders with queued entries', () => {
    expect(sendersWithQueued({ pending: new Map([[B, batch(1)]]), queued: new Map([[A, batch(3)]]) })).toEqual([A]);
  });
});

describe('describeGap', () => {
  it('says one nonce or a range', () => {
    expect(describeGap(7n, 7n)).toBe('nonce 7');
    expect(describeGap(7n, 9n)).toBe('nonces 7–9');
  });
});
