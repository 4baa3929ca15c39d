import { describe, expect, it } from 'vitest';
import type { Address, Hash, Transaction } from '@/lib/rpc/domain';
import { buildGroups, sendersToCheck } from './txpool-view';

const S = '0x00000000000000000000000000000000000000aa' as Address;
const tx = (nonce: bigint): Transaction => ({
  type: 0, hash: `0x${nonce.toString(16).padStart(64, '0')}` as Hash, blockHash: null, blockNumber: null,
  transactionIndex: null, from: S, to: null, nonce, value: 5n, gas: 21000n, maxFeePerGas: 2n, maxPriorityFeePerGas: 1n,
  input: '0x', accessList: [], chainId: 1337n, v: 0n, r: 1n, s: 1n,
});

describe('buildGroups', () => {
  it('uses content, merges inspect summaries by sender and nonce, and serialises bigints', () => {
    const content = { pending: new Map([[S, new Map([[0n, tx(0n)]])]]), queued: new Map([[S, new Map([[3n, tx(3n)]])]]) };
    const inspect = {
      pending: new Map([[S.toUpperCase().replace('0X', '0x') as Address, new Map([[0n, 'contract creation: 5 wei + 21000 gas × 2 wei']])]]),
      queued: new Map([[S, new Map([[3n, 'three']])]]),
    };
    const groups = buildGroups(content, inspect, new Map());
    expect(groups).toHaveLength(1);
    const rows = groups?.[0]?.rows ?? [];
    expect(rows.map((r) => r.kind)).toEqual(['tx', 'gap', 'tx']);
    expect(rows[0]).toMatchObject({ nonce: '0', status: 'pending', summary: 'contract creation: 5 wei + 21000 gas × 2 wei', tx: { value: '5', gas: '21000' } });
    expect(rows[1]).toEqual({ kind: 'gap', from: '1', to: '2' });
    expect(rows[2]).toMatchObject({ nonce: '3', status: 'queued', summary: 'three' });
    expect(groups?.[0]?.missingNonces).toBe('2');
    expect(JSON.parse(JSON.stringify(groups))).toEqual(groups);
  });

  it('falls back to inspect alone, and to nothing', () => {
    const inspect = { pending: new Map(), queued: new Map([[S, new Map([[4n, 'x']])]]) };
    const groups = buildGroups(undefined, inspect, new Map([[S, 2n]]));
    expect(groups?.[0]?.rows).toEqual([{ kind: 'gap', from: '2', to: '3' }, { kind: 'tx', nonce: '4', status: 'queued', summary: 'x' }]);
    expect(buildGroups(undefined, undefined, new Map())).toBeUndefined();
    expect(sendersToCheck(undefined, inspect)).toEqual([S]);
  });
});
