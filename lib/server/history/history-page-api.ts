/**
 * The answer every `/api/v1/address/<address>/<history>` route gives around its own JSON: bad
 * parameters and a cursor the index did not make are a 400 with the reason, no index a 503 with
 * the reason and the index's state; a page is shaped by the route and sent uncached. Each reads
 * the advanced filter's parameters too (lib/routes/params/history-filter.ts): a bad one is a 400. The
 * routes' resolvers are ./resolve-history-api.ts.
 */
import type { Address } from 'viem';
import type { JsonAnswer } from '@/lib/routes/resolver';
import { parseHistoryPage, type HistoryPageQuery } from '@/lib/routes/params/history-params';

/** How a history loader fails; each loader's union holds these two beside its own `ok`. */
export type HistoryLoadFailure =
  | { readonly kind: 'unavailable'; readonly state: 'off' | 'starting' | 'unavailable'; readonly reason: string }
  | { readonly kind: 'bad-cursor'; readonly message: string }
  | { readonly kind: 'bad-filter'; readonly message: string };

export async function historyPageAnswer<Loaded extends { readonly kind: 'ok' }>(
  rawAddress: string,
  search: URLSearchParams,
  load: (address: Address, page: HistoryPageQuery['page']) => Promise<Loaded | HistoryLoadFailure>,
  body: (loaded: Loaded) => unknown,
): Promise<JsonAnswer> {
  const query = parseHistoryPage(rawAddress, search);
  if (!query.ok) return { status: 400, body: { error: query.error } };
  const loaded = await load(query.value.address, query.value.page);
  if (loaded.kind === 'bad-cursor' || loaded.kind === 'bad-filter') return { status: 400, body: { error: loaded.message } };
  if (loaded.kind === 'unavailable') return { status: 503, body: { error: loaded.reason, index: loaded.state } };
  return { status: 200, body: body(loaded), headers: { 'Cache-Control': 'no-store' } };
}
