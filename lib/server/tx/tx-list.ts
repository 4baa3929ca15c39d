/**
 * `/txs?chain=<zone>` and `GET /api/v1/txs?chain=<zone>`: a zone's mined transactions, newest
 * first, from the index, filtered by `status=success|failed`, `type=` (internal,
 * contract-creation, etx-sent, etx-received) and `method=` (a selector, or a function name the
 * signature table knows: every selector of that name); `limit` 1..100 and `cursor` page them.
 * The route's knowledge in one place: the query, the key its pages are shared under per index
 * version, the verdict and the API's JSON; the page (app/txs/page.tsx) and the API route
 * (app/api/v1/txs/route.ts) only hand it the query string. The pending tab is
 * lib/server/network/pending-list.ts.
 */
import type { Hex } from 'viem';
import type { Chain } from '@/lib/protocol/chains';
import { getConfig } from '@/lib/ops/config';
import { knownFunction } from '@/lib/decode/calls';
import { FILTER_SHAPES } from '@/lib/routes/params/history-filter';
import { txsPage, type ListedTx, type TxFilters } from '@/lib/index/readers/lists/tx-list-reader';
import type { ListPage } from '@/lib/index/readers/lists/block-list-reader';
import {
  parseChoice, parseListChain, parsePage, single, TX_KINDS, TX_STATUSES,
  type Parsed, type TxKindFilter, type TxStatusFilter,
} from '@/lib/routes/params/list-query';
import { selectorsNamed } from '@/lib/server/history/resolve-filter';
import { listApiResolver, readIndexList, type ListVerdict } from '@/lib/server/lists/list-verdict';
import { found, type Resolver } from '@/lib/routes/resolver';
import { resolvePendingList, type PendingListVerdict } from '@/lib/server/network/pending-list';

export interface TxListQuery {
  readonly chain: Chain;
  readonly status: TxStatusFilter | undefined;
  readonly kind: TxKindFilter | undefined;
  /** As given (a selector in lower case, or a name), and the selectors it stands for. */
  readonly method: { readonly text: string; readonly selectors: readonly Hex[] } | undefined;
  readonly limit: number;
  readonly cursor: string | null;
}

export type TxListVerdict = ListVerdict<TxListQuery, ListPage<ListedTx>>;

/** At most this many selectors for one name (each is one ordered read of the index). */
const MAX_SELECTORS = 8;

/** `method=`: a selector as it is, or every selector the signature table has under that name (any case). */
export function parseMethod(raw: string | undefined): Parsed<TxListQuery['method']> {
  const text = raw?.trim() ?? '';
  if (text === '') return { ok: true, value: undefined };
  if (!FILTER_SHAPES.method(text)) return { ok: false, error: `method must be a selector (0x and 8 hex digits) or a function name, got "${text.slice(0, 40)}"` };
  if (text.startsWith('0x')) return { ok: true, value: { text: text.toLowerCase(), selectors: [text.toLowerCase() as Hex] } };
  const selectors = selectorsNamed(text);
  if (selectors.length === 0) return { ok: false, error: `no function named "${text}" is in the explorer's signature table: give its selector (0x and 8 hex digits)` };
  return { ok: true, value: { text, selectors: selectors.slice(0, MAX_SELECTORS) } };
}

export function parseTxListQuery(search: URLSearchParams): Parsed<TxListQuery> {
  const raw: Record<string, string | undefined> = {};
  for (const name of ['chain', 'status', 'type', 'method']) {
    const value = single(search, name);
    if (!value.ok) return value;
    raw[name] = value.value;
  }
  const chain = parseListChain(raw.chain, getConfig().chains.map((c) => c.chain), { zonesOnly: true });
  if (!chain.ok) return chain;
  const status = parseChoice(raw.status, TX_STATUSES, 'status');
  if (!status.ok) return status;
  const kind = parseChoice(raw.type, TX_KINDS.map((k) => k.id), 'type');
  if (!kind.ok) return kind;
  const method = parseMethod(raw.method);
  if (!method.ok) return method;
  const page = parsePage(search);
  if (!page.ok) return page;
  return { ok: true, value: { chain: chain.value, status: status.value, kind: kind.value, method: method.value, ...page.value } };
}

export const txListFilters = (q: TxListQuery): TxFilters => ({ status: q.status, kind: q.kind, methods: q.method?.selectors });

/** The key a page is shared under per index version: its canonical query. */
export const txListKey = (q: TxListQuery): string =>
  `txs:${q.chain.name}:${q.status ?? ''}:${q.kind ?? ''}:${q.method?.selectors.join(',') ?? ''}:${q.limit}:${q.cursor ?? ''}`;

export async function resolveTxList(search: URLSearchParams): Promise<TxListVerdict> {
  const parsed = parseTxListQuery(search);
  if (!parsed.ok) return { kind: 'bad-parameter', reason: parsed.error };
  const query = parsed.value;
  return readIndexList(query, txListKey(query), (db) => txsPage(db, query.chain.name, txListFilters(query), { limit: query.limit, cursor: query.cursor }));
}

/** The `/txs` page's verdict: its Pending tab (`tab=pending`, the txpool) or the mined list. */
export async function resolveTxsPage(search: URLSearchParams): Promise<
  { readonly tab: 'mined'; readonly verdict: TxListVerdict } | { readonly tab: 'pending'; readonly verdict: PendingListVerdict }
> {
  if (search.get('tab') === 'pending') return { tab: 'pending', verdict: await resolvePendingList(search) };
  return { tab: 'mined', verdict: await resolveTxList(search) };
}

/** A row's method: the signature table's name for its selector, else the selector alone; null without one. */
export function methodOf(selector: Hex | null): { readonly selector: Hex; readonly name: string | null; readonly signature: string | null } | null {
  if (selector === null) return null;
  const fn = knownFunction(selector);
  if (!fn) return { selector, name: null, signature: null };
  return { selector, name: fn.name, signature: `${fn.name}(${fn.inputs.map((i) => i.type).join(',')})` };
}

/** What a transaction paid: gas used times the price it paid, when its receipt said both. */
export const feeOf = (tx: Pick<ListedTx, 'gasUsed' | 'gasPrice'>): bigint | null =>
  tx.gasUsed === null || tx.gasPrice === null ? null : tx.gasUsed * tx.gasPrice;

const str = (v: bigint | null): string | null => (v === null ? null : v.toString());

/** The API's JSON: numbers that can pass 2^53 as decimal strings, the history API's words for kinds and status. */
export function txListJson(page: ListPage<ListedTx>): unknown {
  return {
    items: page.items.map((t) => ({
      hash: t.hash, chain: t.chain, blockNumber: t.blockNumber.toString(), index: t.index, timestamp: t.timestamp.toString(),
      type: t.type, kind: t.kind, method: methodOf(t.method), from: t.from, to: t.to, contractAddress: t.contractAddress,
      value: t.value.toString(), fee: str(feeOf(t)), gasUsed: str(t.gasUsed), gasPrice: str(t.gasPrice), status: t.status,
      nonce: t.nonce.toString(), otherChain: t.otherChain,
    })),
    next: page.next,
  };
}

/** The routes' resolvers (lib/routes/resolver.ts): `/txs`, kept only when it found a page (its Pending tab is answered per request), and `/api/v1/txs`. */
export const resolveTxsRoute: Resolver<Awaited<ReturnType<typeof resolveTxsPage>>> = async ({ query }) => {
  const resolved = await resolveTxsPage(query);
  return found(resolved, { keep: resolved.verdict.kind === 'found' });
};
export const resolveTxsApi = listApiResolver(resolveTxList, txListJson);
