/**
 * The address page's Contract tab: the verified source when there is one; otherwise whether the
 * address has code at all (the zone's latest block), so the page can offer /verify or say there
 * is nothing to verify.
 */
import type { Address } from 'viem';
import { zoneOf } from '@/lib/protocol/chains';
import { getClients } from '@/lib/server/node/clients';
import { describeFailure } from '@/lib/server/node/node-errors';
import type { VerifiedContract, VerifiedLookup } from './verified-source';
import { loadCodeReading, type CodeReading } from '@/lib/server/contracts/load-code-abis';

export type ContractTabLoad =
  | { readonly kind: 'verified'; readonly contract: VerifiedContract }
  /** Code at the latest block, and no verified source (or the store could not say: `storeError`); `reading`: what its code runs (null when not read). */
  | { readonly kind: 'unverified'; readonly codeBytes: number; readonly storeError: string | null; readonly reading: CodeReading | null; readonly block: bigint | null }
  | { readonly kind: 'no-code' }
  | { readonly kind: 'unconfigured' }
  | { readonly kind: 'error'; readonly message: string };

/** `verified`: the lookup the page already made for its heading's badge. */
export async function loadContractTab(address: Address, verified: VerifiedLookup): Promise<ContractTabLoad> {
  if (verified.state === 'verified') return { kind: 'verified', contract: verified.contract };
  const client = getClients().get(zoneOf(address).name);
  if (!client) return { kind: 'unconfigured' };
  try {
    const header = await client.getHeaderByNumber({ blockNumber: 'latest' });
    const code = await client.getCode({ address, blockTag: header ? header.number[2] : 'latest' });
    if (code === '0x') return { kind: 'no-code' };
    const reading = header ? await loadCodeReading(address, { number: header.number[2], stateRoot: header.stateRoot }).catch(() => null) : null;
    return {
      kind: 'unverified', codeBytes: (code.length - 2) / 2, storeError: verified.state === 'unavailable' ? verified.reason : null,
      reading, block: header ? header.number[2] : null,
    };
  } catch (error) {
    return { kind: 'error', message: describeFailure(error) };
  }
}
