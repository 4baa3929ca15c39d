/**
 * What the address page's index-and-node tabs (Token transfers' holdings, Approvals) need before
 * their reads: the index, ready, and the block of the address's own zone their node reads are
 * made at — the page's "as of" block, or the zone's tip read once, so every row shares it.
 */
import type { Address } from 'viem';
import { zoneOf, type Chain } from '@/lib/protocol/chains';
import { getClients } from '@/lib/server/node/clients';
import { describeFailure } from '@/lib/server/node/node-errors';
import { indexAvailability, type IndexAvailability } from '@/lib/server/index/index-service';

export type IndexAtHomeBlock =
  | { readonly kind: 'ok'; readonly index: Extract<IndexAvailability, { state: 'ready' }>; readonly home: Chain; readonly block: bigint }
  /** The zone is not one this explorer reads, or its node did not say its height. */
  | { readonly kind: 'node-error'; readonly message: string }
  | { readonly kind: 'unavailable'; readonly state: 'off' | 'starting' | 'unavailable'; readonly reason: string };

export async function indexAtHomeBlock(address: Address, asOf: bigint | 'latest'): Promise<IndexAtHomeBlock> {
  const index = await indexAvailability();
  if (index.state !== 'ready') return { kind: 'unavailable', state: index.state, reason: index.reason };
  const home = zoneOf(address);
  const homeClient = getClients().get(home.name);
  if (!homeClient) return { kind: 'node-error', message: `this explorer does not read ${home.label}, where the address lives` };
  try {
    return { kind: 'ok', index, home, block: asOf === 'latest' ? await homeClient.getBlockNumber() : asOf };
  } catch (error) {
    return { kind: 'node-error', message: describeFailure(error) };
  }
}
