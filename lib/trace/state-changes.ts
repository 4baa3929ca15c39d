/**
 * A diffMode prestate (geth's omission rules) resolved into before/after pairs per account:
 * `post` lists only changed fields and non-zero changed slots, `pre` leaves out zero slots, an
 * account absent from `pre` was created, one absent from `post` was deleted (selfdestruct).
 */
import type { Address, Hash, Hex } from 'viem';
import type { AccountChanges, AccountState, Change, StateDiff } from '@/lib/rpc/trace-types';

const ZERO_WORD = `0x${'0'.repeat(64)}` as Hash;

function changeOf<T>(before: T, after: T, same: (a: T, b: T) => boolean): Change<T> | null {
  return same(before, after) ? null : { before, after };
}

const EMPTY: AccountState = { balance: null, nonce: null, code: null, storage: new Map() };

function accountChanges(address: Address, pre: AccountState | undefined, post: AccountState | undefined): AccountChanges {
  const lifecycle = pre === undefined ? 'created' : post === undefined ? 'deleted' : 'changed';
  const p = pre ?? EMPTY;
  // A deleted account ends empty; a field absent from `post` otherwise kept its value.
  const q = post ?? { balance: 0n, nonce: 0n, code: '0x' as Hex, storage: new Map<Hash, Hash>() };
  const beforeBalance = p.balance ?? 0n;
  const beforeNonce = p.nonce ?? 0n;
  const beforeCode = p.code ?? ('0x' as Hex);
  const slots = new Set<Hash>([...p.storage.keys(), ...q.storage.keys()]);
  const storage = [...slots]
    .sort()
    .map((slot) => {
      const before = p.storage.get(slot) ?? ZERO_WORD;
      // A slot `pre` lists and `post` does not was zeroed (geth keeps unchanged slots out of both).
      const after = q.storage.get(slot) ?? (post === undefined || p.storage.has(slot) ? ZERO_WORD : before);
      return { slot, before, after };
    })
    .filter((c) => c.before !== c.after);
  return {
    address,
    lifecycle,
    balance: changeOf(beforeBalance, q.balance ?? beforeBalance, (a, b) => a === b),
    nonce: changeOf(beforeNonce, q.nonce ?? beforeNonce, (a, b) => a === b),
    code: changeOf(beforeCode, q.code ?? beforeCode, (a, b) => a === b),
    storage,
  };
}

/** Every account of the diff, in address order. */
export function stateChangesOf(diff: StateDiff): AccountChanges[] {
  const addresses = new Set<Address>([...diff.pre.keys(), ...diff.post.keys()]);
  return [...addresses].sort().map((a) => accountChanges(a, diff.pre.get(a), diff.post.get(a)));
}
