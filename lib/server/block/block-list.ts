/**
 * `/blocks?chain=<chain>` and `GET /api/v1/blocks?chain=<chain>`: a chain's blocks, its uncles
 * (`tab=uncles`) or the blocks its reorgs replaced (`tab=reorgs`), newest first, from the index.
 * The route's knowledge in one place: the query it reads (`chain`, absent the first chain the
 * explorer reads; `tab`; `limit` 1..100; `cursor`), the key its pages are shared under per index
 * version, the verdict, and the API's JSON. The page (app/blocks/page.tsx) and the API route
 * (app/api/v1/blocks/route.ts) only hand it the query string and draw or send what it decides.
 *
 * Uncles belong to zone blocks: a region's or prime's Uncles tab is a bad parameter that names
 * the zones to look in.
 */
import { LEVEL_NAMES, type Chain } from '@/lib/protocol/chains';
import { getConfig } from '@/lib/ops/config';
import { blocksPage, reorgsPage, unclesPage, type ListedBlock, type ListedUncle, type ReorgedBlock, type ListPage } from '@/lib/index/readers/lists/block-list-reader';
import { BLOCK_LIST_TABS, parseChoice, parseListChain, parsePage, single, type BlockListTab, type Parsed } from '@/lib/routes/params/list-query';
import { listApiResolver, listPageResolver, readIndexList, type ListVerdict } from '@/lib/server/lists/list-verdict';

export interface BlockListQuery {
  readonly chain: Chain;
  readonly tab: BlockListTab;
  readonly limit: number;
  readonly cursor: string | null;
}

export type BlockListPage =
  | { readonly tab: 'blocks'; readonly list: ListPage<ListedBlock> }
  | { readonly tab: 'uncles'; readonly list: ListPage<ListedUncle> }
  | { readonly tab: 'reorgs'; readonly list: ListPage<ReorgedBlock> };

export type BlockListVerdict = ListVerdict<BlockListQuery, BlockListPage>;

const TAB_IDS = BLOCK_LIST_TABS.map((t) => t.id);

export function parseBlockListQuery(search: URLSearchParams): Parsed<BlockListQuery> {
  const chainRaw = single(search, 'chain');
  if (!chainRaw.ok) return chainRaw;
  const chain = parseListChain(chainRaw.value, getConfig().chains.map((c) => c.chain), { zonesOnly: false });
  if (!chain.ok) return chain;
  const tabRaw = single(search, 'tab');
  if (!tabRaw.ok) return tabRaw;
  const tab = parseChoice(tabRaw.value, TAB_IDS, 'tab');
  if (!tab.ok) return tab;
  const page = parsePage(search);
  if (!page.ok) return page;
  const value: BlockListQuery = { chain: chain.value, tab: tab.value ?? 'blocks', ...page.value };
  if (value.tab === 'uncles' && value.chain.level !== 2) {
    return { ok: false, error: `uncles are included by zone blocks: ${value.chain.label} is a ${LEVEL_NAMES[value.chain.level]} chain; see one of its zones` };
  }
  return { ok: true, value };
}

/** The key a page is shared under per index version: its canonical query. */
export const blockListKey = (q: BlockListQuery): string => `blocks:${q.chain.name}:${q.tab}:${q.limit}:${q.cursor ?? ''}`;

/** The verdict for a query string. */
export async function resolveBlockList(search: URLSearchParams): Promise<BlockListVerdict> {
  const parsed = parseBlockListQuery(search);
  if (!parsed.ok) return { kind: 'bad-parameter', reason: parsed.error };
  const query = parsed.value;
  const page = { limit: query.limit, cursor: query.cursor };
  return readIndexList(query, blockListKey(query), async (db): Promise<BlockListPage> => {
    switch (query.tab) {
      case 'uncles':
        return { tab: 'uncles', list: await unclesPage(db, query.chain.name, page) };
      case 'reorgs':
        return { tab: 'reorgs', list: await reorgsPage(db, query.chain.name, page) };
      default:
        return { tab: 'blocks', list: await blocksPage(db, query.chain.name, page) };
    }
  });
}

const ORDER_NAMES = ['prime', 'region', 'zone'] as const;
const str = (v: bigint | null): string | null => (v === null ? null : v.toString());

/** A block's share of its gas limit used, in percent with two decimals; null when either is unknown. */
export function gasUsedPercent(used: bigint | null, limit: bigint | null): number | null {
  if (used === null || limit === null || limit === 0n) return null;
  return Number((used * 10_000n) / limit) / 100;
}

/** The API's JSON: numbers that can pass 2^53 as decimal strings, as the history API gives them. */
export function blockListJson(page: BlockListPage, query: BlockListQuery): unknown {
  const chain = query.chain.name;
  switch (page.tab) {
    case 'blocks':
      return {
        items: page.list.items.map((b) => ({
          chain, zone: b.zone, number: b.number.toString(), numbers: b.numbers.map(String), hash: b.hash, timestamp: b.timestamp.toString(),
          transactions: b.transactions, etxs: b.etxs, uncles: b.uncles, miner: b.miner, gasUsed: str(b.gasUsed), gasLimit: str(b.gasLimit),
          gasUsedPercent: gasUsedPercent(b.gasUsed, b.gasLimit), baseFee: str(b.baseFee), difficulty: str(b.difficulty),
          order: b.order === null ? null : ORDER_NAMES[b.order],
        })),
        next: page.list.next,
      };
    case 'uncles':
      return {
        items: page.list.items.map((u) => ({
          chain, hash: u.hash, number: str(u.number), miner: u.miner, blockNumber: u.blockNumber.toString(), blockHash: u.blockHash,
          position: u.position, timestamp: u.timestamp.toString(),
        })),
        next: page.list.next,
      };
    case 'reorgs':
      return {
        items: page.list.items.map((r) => ({
          chain, zone: r.zone, number: r.number.toString(), numbers: r.numbers.map(String), hash: r.hash, timestamp: r.timestamp.toString(),
          transactions: r.transactions, miner: r.miner, order: r.order === null ? null : ORDER_NAMES[r.order], replacedBy: r.replacedBy,
          replacedAt: r.replacedAt,
        })),
        next: page.list.next,
      };
  }
}

/** The routes' resolvers (lib/routes/resolver.ts): `/blocks` and `/api/v1/blocks`. */
export const resolveBlocksPage = listPageResolver(resolveBlockList);
export const resolveBlocksApi = listApiResolver(resolveBlockList, blockListJson);
