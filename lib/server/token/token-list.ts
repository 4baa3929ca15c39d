/**
 * `/tokens` and `GET /api/v1/tokens`: the ERC-20, ERC-721 and ERC-1155 tokens the index has seen,
 * by holders or by transfers (`sort=holders|transfers`, most first), `q=` keeping those whose
 * name or symbol starts with it (any case), `standard=erc20|erc721|erc1155` one standard; `limit`
 * 1..100 and `cursor` page them. Holders, transfers and supply are the index's running totals
 * (the token-stats derivation): counted from the transfers it holds, not asked of each contract.
 * The route's knowledge in one place: the query, the key its pages are shared under per index
 * version, the verdict and the API's JSON; the page (app/tokens/page.tsx) and the API route only
 * hand it the query string.
 */
import type { TokenStandard } from '@/lib/decode/token-transfers';
import type { ListPage } from '@/lib/index/readers/lists/block-list-reader';
import { tokensPage, type ListedToken, type TokenSort } from '@/lib/index/readers/lists/token-list-reader';
import {
  parseChoice, parsePage, parseQ, single, TOKEN_SORTS, TOKEN_STANDARDS, type Parsed, type TokenStandardParam,
} from '@/lib/routes/params/list-query';
import { listApiResolver, listPageResolver, readIndexList, type ListVerdict } from '@/lib/server/lists/list-verdict';

export interface TokenListQuery {
  readonly q: string | undefined;
  readonly sort: TokenSort;
  readonly standard: TokenStandardParam | undefined;
  readonly limit: number;
  readonly cursor: string | null;
}

export type TokenListVerdict = ListVerdict<TokenListQuery, ListPage<ListedToken>>;

export function parseTokenListQuery(search: URLSearchParams): Parsed<TokenListQuery> {
  const raw: Record<string, string | undefined> = {};
  for (const name of ['q', 'sort', 'standard']) {
    const value = single(search, name);
    if (!value.ok) return value;
    raw[name] = value.value;
  }
  const q = parseQ(raw.q);
  if (!q.ok) return q;
  const sort = parseChoice(raw.sort, TOKEN_SORTS, 'sort');
  if (!sort.ok) return sort;
  const standard = parseChoice(raw.standard, Object.keys(TOKEN_STANDARDS) as TokenStandardParam[], 'standard');
  if (!standard.ok) return standard;
  const page = parsePage(search);
  if (!page.ok) return page;
  return { ok: true, value: { q: q.value, sort: sort.value ?? 'holders', standard: standard.value, ...page.value } };
}

export const tokenListKey = (q: TokenListQuery): string =>
  `tokens:${q.sort}:${q.standard ?? ''}:${q.limit}:${q.cursor ?? ''}:${(q.q ?? '').toLowerCase()}`;

const standardOf = (param: TokenStandardParam | undefined): TokenStandard | undefined => (param ? TOKEN_STANDARDS[param] : undefined);

export async function resolveTokenList(search: URLSearchParams): Promise<TokenListVerdict> {
  const parsed = parseTokenListQuery(search);
  if (!parsed.ok) return { kind: 'bad-parameter', reason: parsed.error };
  const query = parsed.value;
  // The last 24 h end now: the page is kept per index version, which moves on with every block.
  const now = BigInt(Math.floor(Date.now() / 1000));
  return readIndexList(query, tokenListKey(query), (db) =>
    tokensPage(db, { q: query.q, standard: standardOf(query.standard) }, query.sort, { limit: query.limit, cursor: query.cursor, now }));
}

export function tokenListJson(page: ListPage<ListedToken>): unknown {
  return {
    items: page.items.map((t) => ({
      address: t.address, chain: t.chain, standard: t.standard, name: t.name, symbol: t.symbol, decimals: t.decimals,
      holders: t.holders.toString(), transfers: t.transfers.toString(), transfers24h: t.transfers24h.toString(), totalSupply: t.supply.toString(),
    })),
    next: page.next,
  };
}

/** The routes' resolvers (lib/routes/resolver.ts): `/tokens` and `/api/v1/tokens`. */
export const resolveTokensPage = listPageResolver(resolveTokenList);
export const resolveTokensApi = listApiResolver(resolveTokenList, tokenListJson);
