/**
 * Accounts against the block's state root: each account proof (EIP-1186, lib/protocol/proof.ts)
 * walked from the header's stateRoot, its balance, nonce, code hash and storage root the ones the
 * trie holds; each storage proof walked from that storage root. For a transaction bundle the
 * accounts are the transaction's sender and recipient, and the sender's proven nonce must show
 * the transaction as sent.
 */
import type { Address } from 'viem';
import { sameHex } from '@/lib/checks/answer';
import { formatInteger } from '@/lib/text/format';
import { EMPTY_CODE_HASH, verifyAccountProof, verifyStorageProof } from '@/lib/protocol/proof';
import type { AccountProof, Receipt, Transaction } from '@/lib/rpc/domain';
import { isUnavailable, type AccountRole } from './bundle';
import type { ChainHeader, ReadAccount, ReadBundle } from './read-bundle';
import { allOf, unchecked, type Condition, type EvidenceCheck } from './report';


function describeAccount(proof: AccountProof, existence: 'present' | 'absent'): string {
  if (existence === 'absent') return 'no account (empty: balance 0, nonce 0, no code)';
  const code = sameHex(proof.codeHash, EMPTY_CODE_HASH) ? 'no code' : `code hash ${proof.codeHash}`;
  return `balance ${formatInteger(proof.balance)} wei, nonce ${formatInteger(proof.nonce)}, ${code}`;
}

const checkName = (role: AccountRole, what: 'account proof' | 'storage proofs') => (role === 'account' ? what : `${what}: ${role}`);

/** Who the bundle's transaction says each role is: a creation's recipient is the address derived from its sender and nonce (./verify-creation.ts). */
function expectedAddress(role: AccountRole, tx: Transaction | undefined, created: Address | undefined): Address | null | undefined {
  if (!tx) return undefined;
  if (role === 'sender') return tx.type === 1 ? tx.sender : tx.from;
  if (role === 'recipient') return tx.to ?? created ?? null;
  return undefined;
}

function accountChecks(bundle: ReadBundle, header: ChainHeader, account: ReadAccount, receipt: Receipt | undefined, created: Address | undefined): EvidenceCheck[] {
  const name = checkName(account.role, 'account proof');
  if (isUnavailable(account.proof)) return [unchecked(name, `No proof for ${account.address}: ${account.proof.unavailable}`, account.address)];
  const proof = account.proof;
  const tx = bundle.transaction;
  const accountOnly = verifyAccountProof(header.stateRoot, { ...proof, storageProof: [] });
  const conditions: Condition[] = [
    { ok: sameHex(proof.address, account.address), expected: `a proof for ${account.address}`, found: `a proof for ${proof.address}` },
  ];
  const who = expectedAddress(account.role, tx, created);
  if (who !== undefined) {
    conditions.push({
      ok: sameHex(who, account.address),
      expected: `the transaction's ${account.role} ${who ?? 'none'}${created && account.role === 'recipient' ? ' (the address its creation derives)' : ''}`,
      found: account.address,
    });
  }
  if (bundle.kind === 'address') {
    conditions.push({ ok: sameHex(bundle.subject.address, account.address), expected: `the account asked for, ${bundle.subject.address ?? ''}`, found: account.address });
  }
  if (!accountOnly.ok) {
    conditions.push({ ok: false, expected: `${account.address}'s account proven against stateRoot ${header.stateRoot}`, found: accountOnly.reason });
  }
  if (created && account.role === 'recipient' && receipt?.status === 'success' && accountOnly.ok) {
    conditions.push({
      ok: accountOnly.existence === 'present' && !sameHex(proof.codeHash, EMPTY_CODE_HASH),
      expected: `code at ${created}, which the creation made`,
      found: accountOnly.existence === 'present' ? `code hash ${proof.codeHash}` : 'no account',
    });
  }
  if (account.role === 'sender' && tx && tx.type !== 1 && accountOnly.ok) {
    conditions.push({
      ok: proof.nonce > tx.nonce,
      expected: `a nonce above ${tx.nonce} once the block is applied (the transaction used nonce ${tx.nonce})`,
      found: `nonce ${proof.nonce}`,
    });
  }
  const checks = [
    allOf(name, conditions, {
      expected: `${account.address} in stateRoot ${header.stateRoot}`,
      found: accountOnly.ok ? describeAccount(proof, accountOnly.existence) : '',
      detail: 'The account\'s fields as the state trie holds them after this block, walked from the sealed header\'s state root.',
    }),
  ];
  if (proof.storageProof.length > 0) {
    const storage = proof.storageProof.flatMap((entry): Condition[] => {
      const result = verifyStorageProof(proof.storageHash, entry);
      return result.ok ? [] : [{ ok: false, expected: `slot ${entry.key} proven against storage root ${proof.storageHash}`, found: result.reason }];
    });
    const values = proof.storageProof.map((e) => `slot ${e.key} = ${formatInteger(e.value)}`).join('; ');
    checks.push(
      allOf(checkName(account.role, 'storage proofs'), [...(accountOnly.ok ? [] : [{ ok: false, expected: 'a proven storage root', found: 'the account proof fails' }]), ...storage], {
        expected: `${proof.storageProof.length} slots of ${account.address} in storage root ${proof.storageHash}`,
        found: values,
      }),
    );
  }
  return checks;
}

export function checkAccounts(bundle: ReadBundle, header: ChainHeader, receipt: Receipt | undefined, created?: Address): EvidenceCheck[] {
  const checks = bundle.accounts.flatMap((account) => accountChecks(bundle, header, account, receipt, created));
  const roles: readonly AccountRole[] = bundle.kind === 'tx' ? ['sender', 'recipient'] : bundle.kind === 'address' ? ['account'] : [];
  for (const role of roles) {
    if (!bundle.accounts.some((a) => a.role === role)) {
      checks.push(unchecked(checkName(role, 'account proof'), `The bundle holds no proof for the ${role === 'account' ? 'account' : role}.`));
    }
  }
  return checks;
}

