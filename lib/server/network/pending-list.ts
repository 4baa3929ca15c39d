/**
 * `/txs?chain=<zone>&tab=pending` and `GET /api/v1/txs/pending?chain=<zone>`: the zone's
 * txpool as a list of transactions, live (never kept), each with the nonce gap before it when
 * its sender has one (the nonces missing from the pool and the chain below it: it cannot run
 * until they arrive). Read through the txpool loader the /txpool pages use (lib/server/network/
 * load-txpool.ts), shared for a second, so viewers of the list cost the node one read a second.
 *
 * Ordered by sender, then nonce (the order a node runs one sender's transactions in), and paged
 * by that key (`limit` 1..100, `cursor`): the pool is read whole each time, as every txpool
 * method answers, and is bounded by the node's pool size.
 */
import type { Chain } from '@/lib/protocol/chains';
import { getConfig } from '@/lib/ops/config';
import { listCursor } from '@/lib/index/readers/lists/list-cursor';
import { BadCursorError } from '@/lib/index/readers/paging/page-cursor';
import { parseListChain, parsePage, single, type Parsed } from '@/lib/routes/params/list-query';
import { coalesceShared } from '@/lib/server/cache/coalesce';
import { listApiResolver, type ListPageOf, type ListVerdict } from '@/lib/server/lists/list-verdict';
import { describeFailure } from '@/lib/server/node/node-errors';
import type { PoolGroupView, PoolTxView } from '@/lib/network/txpool-view';
import { loadTxpool } from './load-txpool';

export interface PendingListQuery {
  readonly chain: Chain;
  readonly limit: number;
  readonly cursor: string | null;
}

export interface PendingTx {
  readonly from: string;
  readonly nonce: bigint;
  /** `pending`: runnable now; `queued`: waiting for a lower nonce. */
  readonly status: 'pending' | 'queued';
  /** From txpool_content; absent when the node answered txpool_inspect only. */
  readonly tx?: PoolTxView;
  /** txpool_inspect's one-line summary, as the node wrote it. */
  readonly summary?: string;
  /** The missing nonces right below it, inclusive, when its sender has a gap there. */
  readonly gap: { readonly from: bigint; readonly to: bigint } | null;
}

export interface PendingPage extends ListPageOf<PendingTx> {
  /** How many transactions the pool holds (the node's txpool_status), when it said. */
  readonly total: { readonly pending: string; readonly queued: string } | null;
}

export type PendingListVerdict = ListVerdict<PendingListQuery, PendingPage>;

const cursor = listCursor('p1', { from: 'hex', nonce: 'int' });

export function parsePendingListQuery(search: URLSearchParams): Parsed<PendingListQuery> {
  const chainRaw = single(search, 'chain');
  if (!chainRaw.ok) return chainRaw;
  const chain = parseListChain(chainRaw.value, getConfig().chains.map((c) => c.chain), { zonesOnly: true });
  if (!chain.ok) return chain;
  const page = parsePage(search);
  if (!page.ok) return page;
  return { ok: true, value: { chain: chain.value, ...page.value } };
}

/** Every pooled transaction of the groups, by sender then nonce, each with the gap right below it. */
export function flattenPool(groups: readonly PoolGroupView[]): PendingTx[] {
  const out: PendingTx[] = [];
  for (const group of [...groups].sort((a, b) => (a.sender.toLowerCase() < b.sender.toLowerCase() ? -1 : 1))) {
    let gap: PendingTx['gap'] = null;
    for (const row of group.rows) {
      if (row.kind === 'gap') {
        gap = { from: BigInt(row.from), to: BigInt(row.to) };
        continue;
      }
      out.push({
        from: group.sender.toLowerCase(), nonce: BigInt(row.nonce), status: row.status, gap,
        ...(row.tx ? { tx: row.tx } : {}), ...(row.summary !== undefined ? { summary: row.summary } : {}),
      });
      gap = null;
    }
  }
  return out;
}

/** The rows after `after` (sender, nonce), `limit` of them, and the cursor after the last when more follow. */
export function pendingPage(rows: readonly PendingTx[], limit: number, after: string | null): ListPageOf<PendingTx> {
  let start = 0;
  if (after) {
    const key = cursor.decode(after);
    start = rows.findIndex((r) => r.from > key.from || (r.from === key.from && r.nonce > key.nonce));
    if (start === -1) start = rows.length;
  }
  const items = rows.slice(start, start + limit);
  const last = items[items.length - 1];
  return { items, next: start + limit < rows.length && last ? cursor.encode({ from: last.from as `0x${string}`, nonce: last.nonce }) : null };
}

export async function resolvePendingList(search: URLSearchParams): Promise<PendingListVerdict> {
  const parsed = parsePendingListQuery(search);
  if (!parsed.ok) return { kind: 'bad-parameter', reason: parsed.error };
  const query = parsed.value;
  let view;
  try {
    view = await coalesceShared(`pending-list:${query.chain.name}`, 1_000, () => loadTxpool(query.chain.name));
  } catch (error) {
    return { kind: 'node-down', reason: `the ${query.chain.label} node did not answer: ${describeFailure(error)}` };
  }
  if (view.groups.kind === 'unserved') return { kind: 'node-down', reason: `the ${query.chain.label} node does not serve ${view.groups.method}` };
  if (view.groups.kind === 'error') return { kind: 'node-down', reason: `the ${query.chain.label} node's txpool could not be read: ${view.groups.message}` };
  try {
    const page = pendingPage(flattenPool(view.groups.value), query.limit, query.cursor);
    return { kind: 'found', query, page: { ...page, total: view.status.kind === 'ok' ? view.status.value : null } };
  } catch (error) {
    if (error instanceof BadCursorError) return { kind: 'bad-parameter', reason: `cursor: ${error.message}`, query };
    throw error;
  }
}

export function pendingListJson(page: PendingPage): unknown {
  return {
    items: page.items.map((p) => ({
      hash: p.tx?.hash ?? null, from: p.from, nonce: p.nonce.toString(), status: p.status, to: p.tx?.to ?? null, value: p.tx?.value ?? null,
      gas: p.tx?.gas ?? null, maxFeePerGas: p.tx?.maxFeePerGas ?? null, maxPriorityFeePerGas: p.tx?.maxPriorityFeePerGas ?? null,
      type: p.tx?.type ?? null, method: p.tx?.method ?? null, summary: p.summary ?? null,
      nonceGap: p.gap ? { from: p.gap.from.toString(), to: p.gap.to.toString() } : null,
    })),
    next: page.next,
    total: page.total,
  };
}

/** The route's resolver (lib/routes/resolver.ts): `/api/v1/txs/pending`; `/txs?tab=pending` is @/lib/server/tx/tx-list.ts's. */
export const resolvePendingApi = listApiResolver(resolvePendingList, pendingListJson);
