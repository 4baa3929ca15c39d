/**
 * The raw tab's data: `debug_getBlockRlp` and `debug_printBlock` for one height, fetched together
 * (one batch to the chain). Both are debug methods a node may not serve, so each comes back as an
 * `Optional` and the tab says which one is missing.
 */
import type { Hex } from 'viem';
import type { Chain } from '@/lib/chains';
import { clientOf } from '@/lib/server/node/clients';
import { optional, type Optional } from '@/lib/server/node/node-errors';

export interface RawBlockData {
  readonly rlp: Optional<Hex>;
  readonly printed: Optional<string>;
}

export async function loadRawBlock(chain: Chain, height: bigint): Promise<RawBlockData> {
  const client = clientOf(chain);
  const [rlp, printed] = await Promise.all([
    optional('debug_getBlockRlp', () => client.getBlockRlp({ height })),
    optional('debug_printBlock', () => client.printBlock({ height })),
  ]);
  return { rlp, printed };
}
