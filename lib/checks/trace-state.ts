/**
 * A prestateTracer diff against the state the node proves: after the last transaction of a block,
 * each touched account's balance, nonce, code and changed slots must be what `getProof` at that
 * block shows (and the proof must hold against the block's stateRoot). Earlier transactions of a
 * block are followed by others, whose effects the block's state includes, so only the last is
 * checked; `proofs` are the node's answers, keyed by lower-case address. Pure.
 */
import { keccak256, type Address, type Hash, type Hex } from 'viem';
import { EMPTY_CODE_HASH, verifyAccountProof } from '@/lib/protocol/proof';
import type { AccountProof } from '@/lib/rpc/domain';
import { stateChangesOf } from '@/lib/trace/state-changes';
import type { AccountState, StateDiff } from '@/lib/rpc/trace-types';
import { check, type AnswerCheck } from './answer';

/** Whether this chain's node can prove the address (a zone proves only its own address range). */
export type InScope = (address: Address) => boolean;

/** What getProof must be asked for: each address of the diff the node can prove, and the slots listed for it. */
export function proofRequests(diff: StateDiff, inScope: InScope = () => true): { readonly address: Address; readonly slots: readonly Hash[] }[] {
  return stateChangesOf(diff)
    .filter((a) => inScope(a.address))
    .map((a) => ({ address: a.address, slots: a.storage.map((s) => s.slot) }));
}

const accountAfter = (pre: AccountState | undefined, post: AccountState | undefined, deleted: boolean) => ({
  balance: deleted ? 0n : (post?.balance ?? pre?.balance ?? 0n),
  nonce: deleted ? 0n : (post?.nonce ?? pre?.nonce ?? 0n),
  code: deleted ? ('0x' as Hex) : (post?.code ?? pre?.code ?? ('0x' as Hex)),
});

/** Each touched account's post state against its proof at the block (after the transaction, the last of the block). */
export function checkPostState(stateRoot: Hash, diff: StateDiff, proofs: ReadonlyMap<string, AccountProof>, inScope: InScope = () => true): AnswerCheck[] {
  const checks: AnswerCheck[] = [];
  for (const changes of stateChangesOf(diff)) {
    const { address } = changes;
    const at = `state ${address}`;
    if (!inScope(address)) {
      // A contract created at an address outside the zone's range (the devnet lets a CREATE land anywhere): no node here proves it.
      checks.push(check(`${at} proof`, 'an address this zone can prove', 'outside the zone’s address range', true, 'Not checked: the zone’s node proves only its own addresses.'));
      continue;
    }
    const proof = proofs.get(address.toLowerCase());
    if (!proof) {
      checks.push(check(`${at} proof`, 'a getProof answer', 'none', false));
      continue;
    }
    const verified = verifyAccountProof(stateRoot, proof);
    checks.push(check(`${at} proof`, `a proof against stateRoot ${stateRoot}`, verified.ok ? 'verified' : verified.reason, verified.ok));
    const after = accountAfter(diff.pre.get(address), diff.post.get(address), changes.lifecycle === 'deleted');
    checks.push(check(`${at} balance`, `${after.balance} wei (the trace's post state)`, `${proof.balance} wei`, proof.balance === after.balance));
    checks.push(check(`${at} nonce`, String(after.nonce), String(proof.nonce), proof.nonce === after.nonce));
    const codeHash = after.code === '0x' ? EMPTY_CODE_HASH : keccak256(after.code);
    checks.push(check(`${at} codeHash`, codeHash, proof.codeHash, proof.codeHash.toLowerCase() === codeHash));
    for (const slot of changes.storage) {
      const entry = proof.storageProof.find((e) => BigInt(e.key) === BigInt(slot.slot));
      const want = BigInt(slot.after);
      checks.push(check(`${at} storage ${slot.slot}`, `0x${want.toString(16)}`, entry ? `0x${entry.value.toString(16)}` : 'not proven', entry?.value === want));
    }
  }
  return checks;
}
