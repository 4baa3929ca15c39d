/**
 * The uncle page's data: the uncle by the node's getUncleByBlock{Number,Hash}AndIndex, and the
 * including block (shared with proxy.ts's existence check), started together: one round trip.
 */
import type { Chain } from '@/lib/chains';
import type { Uncle } from '@/lib/rpc/domain';
import type { BlockRef } from '@/lib/params/block-id';
import { clientOf } from '@/lib/server/clients';
import { lookupBlock, type BlockPageData } from './load-block';

export type UncleLookup =
  | { readonly found: true; readonly uncle: Uncle; readonly including: BlockPageData; readonly index: number }
  | { readonly found: false };

export async function lookupUncle(chain: Chain, ref: BlockRef, index: number): Promise<UncleLookup> {
  const client = clientOf(chain);
  const [block, uncle] = await Promise.all([
    lookupBlock(chain, ref),
    ref.kind === 'number'
      ? client.getUncleByBlockNumberAndIndex({ blockNumber: ref.number, index })
      : client.getUncleByBlockHashAndIndex({ blockHash: ref.hash, index }),
  ]);
  if (!block.found || !uncle) return { found: false };
  return { found: true, uncle, including: block.data, index };
}
