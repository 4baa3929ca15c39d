/**
 * A creation's address, derived: a receipt's `contractAddress` is not in the receipts trie, so the
 * verifier recomputes it from what is committed — the sender (recovered from the signature), the
 * nonce and, on go-quai, the init code (both in the raw bytes the transactions trie commits to) —
 * by the network's rule (lib/protocol/network-rules.ts `createAddress`):
 *   ethereum  keccak256(rlp([sender, nonce]))[12:]                 (the devnet's EVM)
 *   go-quai   keccak256(sender ‖ nonce as 8 bytes ‖ init code)[12:] (crypto.CreateAddress, v0.11–v0.28)
 * and holds the receipt's address and the recipient's account proof (./verify-state.ts: the
 * proof is of this address, and shows code) to it. On a network it does not know, either rule
 * will do, and the report says which matched.
 */
import { concatHex, getAddress, getContractAddress, keccak256, numberToHex, type Address } from 'viem';
import { sameHex } from '@/lib/checks/answer';
import type { CreateRule } from '@/lib/protocol/network-rules';
import type { Receipt, Transaction } from '@/lib/rpc/domain';
import { allOf, type Condition, type EvidenceCheck } from './report';
import { networkName, type NetworkFacts } from './verify-network';

export function createdAddress(rule: CreateRule, tx: Transaction): Address {
  if (rule === 'ethereum') return getContractAddress({ from: tx.from, nonce: tx.nonce });
  return getAddress(`0x${keccak256(concatHex([tx.from, numberToHex(tx.nonce, { size: 8 }), tx.input])).slice(26)}`);
}

/** The address a creation made, by the network's rule (or, on a network not known, by whichever rule the receipt's address matches). */
export function creationOf(tx: Transaction | undefined, receipt: Receipt | undefined, net: NetworkFacts): { readonly address: Address; readonly rule: CreateRule } | undefined {
  if (!tx || tx.to !== null || tx.type === 1) return undefined;
  if (net.rules) return { address: createdAddress(net.rules.createAddress, tx), rule: net.rules.createAddress };
  const rules: CreateRule[] = ['ethereum', 'go-quai'];
  const rule = rules.find((r) => sameHex(createdAddress(r, tx), receipt?.contractAddress ?? undefined)) ?? 'ethereum';
  return { address: createdAddress(rule, tx), rule };
}

const RULE_TEXT: Readonly<Record<CreateRule, string>> = {
  ethereum: 'keccak256(rlp([sender, nonce]))[12:]',
  'go-quai': 'keccak256(sender ‖ nonce ‖ init code)[12:]',
};

export function checkCreatedAddress(tx: Transaction, receipt: Receipt | undefined, created: { readonly address: Address; readonly rule: CreateRule }, net: NetworkFacts): EvidenceCheck {
  const derivation = `${created.address} = ${RULE_TEXT[created.rule]} of sender ${tx.from} and nonce ${tx.nonce}`;
  const conditions: Condition[] = [];
  if (receipt) {
    const reverted = receipt.status === 'reverted';
    conditions.push({
      ok: sameHex(receipt.contractAddress ?? undefined, created.address) || (reverted && receipt.contractAddress === null),
      expected: `the receipt's contractAddress ${created.address}${reverted ? ' (or none: the creation reverted)' : ''}`,
      found: `${receipt.contractAddress ?? 'none'}`,
      detail: `The address a creation makes is derived, not chosen: ${derivation}${net.rules ? ` (${networkName(net)})` : ''}. The receipt names another contract.`,
    });
  }
  return allOf('created address', conditions, {
    expected: `the contract this creation made`,
    found: derivation,
    detail:
      'Derived from the sender (recovered from the signature) and the nonce (and, on go-quai, the init code) in the committed raw bytes; ' +
      `the receipt's contractAddress${receipt ? ' equals it' : ' was not given'}, and the recipient's account proof is of this address.`,
  });
}
