/**
 * What a contract is, for the address page, at the page's pinned block: token facts (name,
 * symbol, decimals, total supply, ERC-721 or ERC-20) read with `call`, and its EIP-1967 slots
 * read with `getProof` and verified against the block's state root (lib/checks/proxy-slots).
 * All reads go out together (one JSON-RPC batch); each fails on its own.
 */
import type { Address, Hex } from 'viem';
import type { Chain } from '@/lib/protocol/chains';
import { checkProxySlots, EIP1967, type ProxyVerdict } from '@/lib/checks/proxy-slots';
import { ERC721_INTERFACE_CALL, readBool, readTokenUint, TOKEN_CALLS } from '@/lib/decode/token-metadata';
import { clientOf } from '@/lib/server/node/clients';
import { describeFailure, nullIfRefused } from '@/lib/server/node/node-errors';
import { tokenFacts, type TokenFacts } from '@/lib/server/token/load-token-facts';

export interface TokenSummary extends TokenFacts {
  /** ERC-721 when it says so through ERC-165; ERC-20 when it answers decimals(); else unknown. */
  readonly standard: 'ERC-20' | 'ERC-721' | null;
  readonly totalSupply: bigint | null;
}

export interface ContractFacts {
  /** null when the contract answers neither name() nor symbol(): not a token. */
  readonly token: TokenSummary | null;
  readonly proxy: { readonly ok: true; readonly verdict: ProxyVerdict } | { readonly ok: false; readonly message: string };
}

export async function loadContractFacts(zone: Chain, address: Address, blockNumber: bigint, stateRoot: Hex): Promise<ContractFacts> {
  const client = clientOf(zone);
  const ask = (data: Hex) => nullIfRefused(client.call({ request: { to: address, data }, blockTag: blockNumber }));
  const [facts, supply, erc721, proof] = await Promise.allSettled([
    tokenFacts(zone, address, blockNumber),
    ask(TOKEN_CALLS.totalSupply),
    ask(ERC721_INTERFACE_CALL),
    client.getProof({ address, storageKeys: [EIP1967.implementation, EIP1967.admin], blockTag: blockNumber }),
  ]);
  let token: TokenSummary | null = null;
  if (facts.status === 'fulfilled' && (facts.value.name !== null || facts.value.symbol !== null)) {
    const is721 = erc721.status === 'fulfilled' && erc721.value !== null && readBool(erc721.value) === true;
    token = {
      ...facts.value,
      standard: is721 ? 'ERC-721' : facts.value.decimals !== null ? 'ERC-20' : null,
      totalSupply: supply.status === 'fulfilled' && supply.value !== null ? readTokenUint(supply.value) : null,
    };
  }
  const proxy: ContractFacts['proxy'] =
    proof.status === 'fulfilled'
      ? { ok: true, verdict: checkProxySlots(stateRoot, proof.value) }
      : { ok: false, message: describeFailure(proof.reason) };
  return { token, proxy };
}
