/**
 * The Write contract tab's data: whether the address has code at its zone's latest block, the
 * ABIs its functions are written with — its verified source, and for an EIP-1967 proxy whose
 * implementation slot proves at that block, the implementation's (./load-verified-abis.ts) — the
 * ABI the operator attached to it (STRATA_LABELS), and the network's chain id a wallet must be on.
 * The reader's own ABI (their labels, in the browser) is the page's to add.
 */
import type { Address } from 'viem';
import { zoneOf } from '@/lib/protocol/chains';
import type { VerifiedAbi } from '@/lib/contracts/verified-abi';
import { operatorAbiOf } from '@/lib/server/labels/operator-labels';
import { getClients } from '@/lib/server/node/clients';
import { describeFailure } from '@/lib/server/node/node-errors';
import { networkChainId } from '@/lib/server/contracts/network-chain-id';
import { loadVerifiedAbis } from './load-verified-abis';

export type WriteTabLoad =
  | { readonly kind: 'unconfigured' }
  | { readonly kind: 'error'; readonly message: string }
  | { readonly kind: 'no-code'; readonly block: bigint }
  | {
      readonly kind: 'ok';
      /** The zone block the code and the proxy's slot were read at. */
      readonly block: bigint;
      readonly abis: readonly VerifiedAbi[];
      readonly operatorAbi: string | null;
      /** The network's chain id (decimal) a wallet must be on; null when the node did not say. */
      readonly chainId: string | null;
    };

export async function loadWriteTab(address: Address): Promise<WriteTabLoad> {
  const client = getClients().get(zoneOf(address).name);
  if (!client) return { kind: 'unconfigured' };
  try {
    const header = await client.getHeaderByNumber({ blockNumber: 'latest' });
    if (!header) return { kind: 'error', message: 'the node has no latest block' };
    const block = header.number[2];
    const [code, chainId] = await Promise.all([client.getCode({ address, blockTag: block }), networkChainId()]);
    if (code === '0x') return { kind: 'no-code', block };
    const abis = await loadVerifiedAbis(address, { number: block, stateRoot: header.stateRoot });
    return { kind: 'ok', block, abis, operatorAbi: operatorAbiOf(address) ?? null, chainId: chainId === null ? null : chainId.toString() };
  } catch (error) {
    return { kind: 'error', message: describeFailure(error) };
  }
}
