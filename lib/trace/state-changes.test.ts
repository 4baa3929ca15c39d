import { describe, expect, it } from 'vitest';
import type { Address, Hash, Hex } from 'viem';
import { stateChangesOf } from './state-changes';
import type { AccountState } from '@/lib/rpc/trace-types';

const A = `0x${'aa'.repeat(20)}` as Address;
const B = `0x${'bb'.repeat(20)}` as Address;
const C = `0x${'cc'.repeat(20)}` as Address;
const w = (n: number) => `0x${n.toString(16).padStart(64, '0')}` as Hash;
const acct = (fields: Partial<AccountState>): AccountState => ({ balance: null, nonce: null, code: null, storage: new Map(), ...fields });

describe('stateChangesOf', () => {
  it('resolves geth’s diffMode omissions: unchanged fields, zeroed slots, created and deleted accounts', () => {
    const changes = stateChangesOf({
      pre: new Map([
        [A, acct({ balance: 100n, nonce: 1n, storage: new Map([[w(1), w(5)], [w(2), w(6)]]) })],
        [C, acct({ balance: 7n, code: '0x60' as Hex })],
      ]),
      post: new Map([
        [A, acct({ balance: 90n, storage: new Map([[w(1), w(9)], [w(3), w(4)]]) })],
        [B, acct({ balance: 10n, nonce: 1n, code: '0x6001' as Hex })],
      ]),
    });
    expect(changes.map((c) => [c.address, c.lifecycle])).toEqual([[A, 'changed'], [B, 'created'], [C, 'deleted']]);
    const [a, b, c] = changes;
    expect(a).toMatchObject({ balance: { before: 100n, after: 90n }, nonce: null, code: null });
    expect(a?.storage).toEqual([
      { slot: w(1), before: w(5), after: w(9) },
      { slot: w(2), before: w(6), after: w(0) },
      { slot: w(3), before: w(0), after: w(4) },
    ]);
    expect(b).toMatchObject({ balance: { before: 0n, after: 10n }, nonce: { before: 0n, after: 1n }, code: { before: '0x', after: '0x6001' } });
    expect(c).toMatchObject({ balance: { before: 7n, after: 0n }, code: { before: '0x60', after: '0x' } });
  });
});
