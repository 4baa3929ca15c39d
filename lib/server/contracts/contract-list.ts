/**
 * `/contracts` and `GET /api/v1/contracts`: the verified contracts, newest verification first,
 * `q=` keeping those whose name starts with it (any case); `limit` 1..100 and `cursor` page them.
 * The route's knowledge in one place: the query, the key its pages are shared under (per index
 * version and per the verified contracts' epoch: a verification is not an index commit), the
 * verdict and the API's JSON; the page (app/contracts/page.tsx) and the API route only hand it
 * the query string.
 */
import type { ListPage } from '@/lib/index/readers/lists/block-list-reader';
import { contractsPage, type ListedContract } from '@/lib/index/readers/lists/contract-list-reader';
import { parsePage, parseQ, single, type Parsed } from '@/lib/routes/params/list-query';
import { listApiResolver, listPageResolver, readIndexList, type ListVerdict } from '@/lib/server/lists/list-verdict';
import { verifiedEpoch } from '@/lib/server/contracts/verified-epoch';

export interface ContractListQuery {
  readonly q: string | undefined;
  readonly limit: number;
  readonly cursor: string | null;
}

export type ContractListVerdict = ListVerdict<ContractListQuery, ListPage<ListedContract>>;

export function parseContractListQuery(search: URLSearchParams): Parsed<ContractListQuery> {
  const raw = single(search, 'q');
  if (!raw.ok) return raw;
  const q = parseQ(raw.value);
  if (!q.ok) return q;
  const page = parsePage(search);
  if (!page.ok) return page;
  return { ok: true, value: { q: q.value, ...page.value } };
}

export const contractListKey = (q: ContractListQuery): string =>
  `contracts:${verifiedEpoch()}:${q.limit}:${q.cursor ?? ''}:${(q.q ?? '').toLowerCase()}`;

export async function resolveContractList(search: URLSearchParams): Promise<ContractListVerdict> {
  const parsed = parseContractListQuery(search);
  if (!parsed.ok) return { kind: 'bad-parameter', reason: parsed.error };
  const query = parsed.value;
  return readIndexList(query, contractListKey(query), (db) => contractsPage(db, { q: query.q }, { limit: query.limit, cursor: query.cursor }));
}

/** When a contract was verified, as ISO 8601 (the reader keeps microseconds; the API gives milliseconds, as elsewhere). */
export const verifiedAtIso = (c: Pick<ListedContract, 'verifiedAt'>): string => new Date(Number(c.verifiedAt / 1000n)).toISOString();

export function contractListJson(page: ListPage<ListedContract>): unknown {
  return {
    items: page.items.map((c) => ({
      address: c.address, chain: c.chain, name: c.name, qualifiedName: c.qualifiedName, compiler: c.compiler, match: c.match, license: c.license, verifiedAt: verifiedAtIso(c),
    })),
    next: page.next,
  };
}

/** The routes' resolvers (lib/routes/resolver.ts): `/contracts` and `/api/v1/contracts`. */
export const resolveContractsPage = listPageResolver(resolveContractList);
export const resolveContractsApi = listApiResolver(resolveContractList, contractListJson);
