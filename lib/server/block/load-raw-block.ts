/**
 * The raw tab's data: `debug_getBlockRlp` and `debug_printBlock` for one height, fetched together
 * (one batch to the chain), and the RLP checked against the page's block (lib/checks/raw-block).
 * Both are debug methods a node may not serve, so each comes back as an `Optional` and the tab
 * says which one is missing.
 */
import type { Hex } from 'viem';
import type { Chain } from '@/lib/protocol/chains';
import { checkRawBlock, type RawBlockVerdict } from '@/lib/checks/raw-block';
import type { Triple } from '@/lib/rpc/domain';
import { clientOf } from '@/lib/server/node/clients';
import { optional, type Optional } from '@/lib/server/node/node-errors';

/** The block page's `?tab=` that shows the raw block: the only tab that reads more than the block. */
export const RAW_TAB = 'raw';

/** What the raw tab needs of the page's block: its heights and the hash its RLP should hash to. */
type RawBlockOf = { readonly number: Triple<bigint>; readonly hash: Hex };

export interface RawBlockData {
  /** The height asked of the debug methods: they take a height, not a hash. */
  readonly height: bigint;
  readonly rlp: Optional<RawBlockVerdict>;
  readonly printed: Optional<string>;
}

export async function loadRawBlock(chain: Chain, block: RawBlockOf): Promise<RawBlockData> {
  const client = clientOf(chain);
  const height = block.number[chain.level];
  const [rlp, printed] = await Promise.all([
    optional('debug_getBlockRlp', () => client.getBlockRlp({ height })),
    optional('debug_printBlock', () => client.printBlock({ height })),
  ]);
  return {
    height,
    // The node answers with whatever block is at that height now: the verdict says whether it is this one.
    rlp: rlp.served ? { served: true, value: checkRawBlock(rlp.value, block.hash) } : rlp,
    printed,
  };
}

/** The raw block when the page's tab is the raw one (`tab` as the URL gave it), else null: no debug reads for other tabs. */
export async function loadRawTab(chain: Chain, block: RawBlockOf, tab: string | string[] | undefined): Promise<RawBlockData | null> {
  const requested = Array.isArray(tab) ? tab[0] : tab;
  return requested === RAW_TAB ? loadRawBlock(chain, block) : null;
}
