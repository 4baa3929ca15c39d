import { describe, expect, it } from 'vitest';
import type { Address, Hash } from 'viem';
import { EMPTY_CODE_HASH } from '@/lib/protocol/proof';
import type { AccountProof } from '@/lib/rpc/domain';
import type { AccountState, StateDiff } from '@/lib/rpc/trace-types';
import { checkPostState, proofRequests } from './trace-state';

const A = `0x${'aa'.repeat(20)}` as Address;
const B = `0x${'bb'.repeat(20)}` as Address;
const ROOT = `0x${'11'.repeat(32)}` as Hash;
const w = (n: number) => `0x${n.toString(16).padStart(64, '0')}` as Hash;
const acct = (fields: Partial<AccountState>): AccountState => ({ balance: null, nonce: null, code: null, storage: new Map(), ...fields });
const diff: StateDiff = {
  pre: new Map([[A, acct({ balance: 100n, nonce: 1n, storage: new Map([[w(1), w(5)]]) })], [B, acct({ balance: 1n })]]),
  post: new Map([[A, acct({ balance: 90n, nonce: 2n, storage: new Map([[w(1), w(6)]]) })], [B, acct({ balance: 11n })]]),
};
const proof = (address: Address, balance: bigint, nonce: bigint, slot?: bigint): AccountProof => ({
  address, accountProof: [], balance, nonce, codeHash: EMPTY_CODE_HASH, storageHash: w(0),
  storageProof: slot === undefined ? [] : [{ key: w(1), value: slot, proof: [] }],
});

describe('checkPostState', () => {
  it('asks for each account the zone can prove, with its changed slots', () => {
    expect(proofRequests(diff)).toEqual([{ address: A, slots: [w(1)] }, { address: B, slots: [] }]);
    expect(proofRequests(diff, (a) => a === B)).toEqual([{ address: B, slots: [] }]);
  });

  it('names each post-state field the proofs disagree with', () => {
    const checks = checkPostState(ROOT, diff, new Map([[A, proof(A, 80n, 2n, 6n)], [B, proof(B, 11n, 0n)]]));
    const failed = checks.filter((c) => !c.ok).map((c) => c.field);
    // The hand-made proofs do not verify against ROOT: the proof check says so too.
    expect(failed).toEqual([`state ${A} proof`, `state ${A} balance`, `state ${B} proof`]);
    expect(checks.find((c) => c.field === `state ${A} balance`)).toMatchObject({ expected: '90 wei (the trace\'s post state)', got: '80 wei' });
    expect(checks.find((c) => c.field === `state ${A} storage ${w(1)}`)?.ok).toBe(true);
  });

  it('leaves addresses outside the zone unchecked, saying why, and fails a missing proof', () => {
    const checks = checkPostState(ROOT, diff, new Map(), (a) => a === A);
    expect(checks.find((c) => c.field === `state ${B} proof`)).toMatchObject({ ok: true, got: 'outside the zone’s address range' });
    expect(checks.find((c) => c.field === `state ${A} proof`)).toMatchObject({ ok: false, got: 'none' });
  });
});
