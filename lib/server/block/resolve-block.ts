/**
 * The resolvers of a chain's pages (lib/routes/resolver.ts): its overview `/chain/<chain>`, a
 * block `/chain/<chain>/block/<id>` and its uncles, `…/uncle/<index>`. The transaction at an
 * index is lib/server/tx/resolve-tx.ts's, on the same block (routeBlock).
 *
 * A block id is a number, a hash, or a tag: `latest` and `earliest` redirect to the number (a tag
 * names a moving target), `pending` has no hash yet and is no page; under a block (an uncle, a
 * transaction) a tag is refused, as it could name another block by the time a link is followed.
 */
import type { Chain } from '@/lib/protocol/chains';
import { formatInteger } from '@/lib/text/format';
import { parseBlockRef, parseChain, parseIndex, type BlockRef } from '@/lib/routes/params/block-id';
import { found, missing, redirectTo, type Missing, type Redirect, type Resolver } from '@/lib/routes/resolver';
import { clientOf, configuredChains } from '@/lib/server/node/clients';
import { freshTips } from '@/lib/server/tips/tips-source';
import { urls } from '@/lib/routes/urls';
import { blockTagOf } from './block-tag';
import { lookupBlock, type BlockPageData } from './load-block';
import { loadChainOverview, type ChainOverview } from './load-chain';
import { loadRawTab, type RawBlockData } from './load-raw-block';
import { lookupUncle, type UncleLookup } from './load-uncle';

/** The block a chain's block route names, found. */
export interface RouteBlock {
  readonly kind: 'block';
  readonly chain: Chain;
  readonly ref: BlockRef;
  readonly data: BlockPageData;
  /** "Block 1,234 on Cyprus 1 (with hash 0x…)", for what is missing under it. */
  readonly where: string;
}

function describeRef(ref: BlockRef): string {
  return ref.kind === 'number' ? `at height ${formatInteger(ref.number)}` : `with hash ${ref.hash}`;
}

/**
 * The block of `/chain/<chain>/block/<id>`, or what answers instead: a redirect for a tag of the
 * block page itself, else why nothing is there. `under`: the part of a route below the block.
 */
export async function routeBlock(chainParam: string, idParam: string, under?: 'uncle' | 'transaction'): Promise<RouteBlock | Redirect | Missing> {
  const chain = parseChain(chainParam, configuredChains());
  if (!chain.ok) return missing('Chain not served', chain.reason);
  const { label, name } = chain.value;
  const tag = blockTagOf(idParam);
  if (tag !== undefined && under !== undefined) {
    return missing(
      'Name the block by number or hash',
      `“${idParam}” moves as blocks are mined, so it cannot name an uncle or a transaction position. Open /chain/${name}/block/latest to see the newest block and follow its links.`,
    );
  }
  if (tag === 'pending') {
    return missing(
      'The pending block is not a page',
      `The pending block of ${label} is still being assembled: it has no hash and no proof of work yet. Its transactions are in the zone's transaction pool; /chain/${name}/block/latest is the newest mined block.`,
    );
  }
  if (tag !== undefined) return redirectTo(urls.block(name, tag === 'earliest' ? 0n : await clientOf(chain.value).getBlockNumber()));
  const ref = parseBlockRef(idParam);
  if (!ref.ok) return missing('Nothing can be at this URL', ref.reason);
  const result = await lookupBlock(chain.value, ref.value);
  if (!result.found) {
    return missing(
      'No such block',
      ref.value.kind === 'number'
        ? `${label} has no block at height ${formatInteger(ref.value.number)} yet: its newest block is ${formatInteger(result.tip)}.`
        : `${label} has no block with hash ${ref.value.hash}. A block hash names a block on the chains it was mined into; /block/${ref.value.hash} looks on every chain.`,
    );
  }
  const where = `Block ${formatInteger(result.data.block.number[chain.value.level])} on ${label} (${describeRef(ref.value)})`;
  return { kind: 'block', chain: chain.value, ref: ref.value, data: result.data, where };
}

/** What a block page draws: the block, and the raw tab's data when that tab is asked. */
export interface BlockPageView {
  readonly data: BlockPageData;
  readonly tab: string | undefined;
  readonly raw: RawBlockData | null;
}

export const resolveBlock: Resolver<BlockPageView> = async ({ params, query }) => {
  const block = await routeBlock(params.chain ?? '', params.id ?? '');
  if (block.kind !== 'block') return block;
  const tab = query.get('tab') ?? undefined;
  const raw = await loadRawTab(block.chain, block.data.block, tab);
  // EIP-3091's /block/<hash> asks every chain; once this page is kept, it is answered by a redirect here.
  return found({ data: block.data, tab, raw }, block.ref.kind === 'hash' ? { alias: urls.blockAnyChain(block.ref.hash) } : {});
};

export const resolveUncle: Resolver<Extract<UncleLookup, { found: true }>> = async ({ params }) => {
  const block = await routeBlock(params.chain ?? '', params.id ?? '', 'uncle');
  if (block.kind !== 'block') return block;
  const index = parseIndex(params.index ?? '', 'uncle');
  if (!index.ok) return missing('Nothing can be at this URL', index.reason);
  const count = block.data.block.uncles.length;
  if (index.value >= count) {
    return missing('No such uncle', `${block.where} includes ${count} uncle${count === 1 ? '' : 's'}, so there is no uncle at index ${index.value}.`);
  }
  const result = await lookupUncle(block.chain, block.ref, index.value);
  if (!result.found) return missing('No such uncle', `${block.where} lists ${count} uncle${count === 1 ? '' : 's'}, but its node did not return the one at index ${index.value}.`);
  return found(result);
};

/** `/chain/<chain>`: the chain's newest blocks (per tips snapshot, lib/routes/table.ts). */
/** A chain's overview, and where the event stream stood when it was read: the page's newest blocks follow it from there. */
export interface ChainPageView extends ChainOverview {
  readonly streamFrom: string | undefined;
}

export const resolveChain: Resolver<ChainPageView> = async ({ params }) => {
  const chain = parseChain(params.chain ?? '', configuredChains());
  if (!chain.ok) return missing('Chain not served', chain.reason);
  const overview = await loadChainOverview(chain.value);
  return found({ ...overview, streamFrom: freshTips()?.streamPosition });
};
