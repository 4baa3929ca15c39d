/**
 * The top accounts of a zone (`/accounts?chain=<zone>` and `GET /api/v1/accounts?chain=<zone>`):
 * their knowledge in one place. Parsing (a zone, the page size, an opaque cursor), the index read
 * (shared per index version), the labels, and the answer: richest first, each with its balance as
 * of the block the page states, its share of the total, transactions and label
 * (lib/history/balance-json.ts); 400 for a bad parameter, 503 without an index. The routes'
 * resolvers (lib/routes/resolver.ts) are resolveAccounts and resolveAccountsApi.
 */
import { getChain, type ChainName } from '@/lib/protocol/chains';
import { accountsJson, type AccountsJson } from '@/lib/history/balance-json';
import { topAccounts } from '@/lib/index/readers/account-reader';
import { BadCursorError } from '@/lib/index/readers/paging/page-cursor';
import { parseCursorParam, parseLimit, type Parsed } from '@/lib/routes/params/history-params';
import { parseZone } from '@/lib/routes/params/stats-params';
import { readPerVersion } from '@/lib/server/index/index-version';
import { operatorLabelOf } from '@/lib/server/labels/operator-labels';
import { configuredChains } from '@/lib/server/node/clients';
import { indexAvailability } from '@/lib/server/index/index-service';
import { answered, found, type JsonAnswer, type Resolver } from '@/lib/routes/resolver';

export interface AccountsQuery {
  readonly chain: ChainName;
  readonly limit: number;
  readonly cursor: string | null;
}

/** The first configured zone: the page's chain when none is asked. */
export function defaultAccountsZone(): ChainName {
  return configuredChains().find((c) => c.level === 2)?.name ?? 'cyprus1';
}

/** `chain` (a zone; the first configured one when absent), `limit` 1..100 (25) and `cursor`. */
export function parseAccountsQuery(search: URLSearchParams): Parsed<AccountsQuery> {
  const raw = search.get('chain');
  const chain = raw === null || raw === '' ? ({ ok: true, value: defaultAccountsZone() } as const) : parseZone(raw);
  if (!chain.ok) return chain;
  const limit = parseLimit(search.get('limit'));
  if (!limit.ok) return limit;
  const cursor = parseCursorParam(search.get('cursor'));
  if (!cursor.ok) return cursor;
  return { ok: true, value: { chain: chain.value, limit: limit.value, cursor: cursor.value } };
}

export type AccountsLoad =
  | { readonly kind: 'ok'; readonly page: AccountsJson }
  | { readonly kind: 'unavailable'; readonly state: 'off' | 'starting' | 'unavailable'; readonly reason: string }
  | { readonly kind: 'bad-cursor'; readonly message: string };

export async function loadTopAccounts(query: AccountsQuery): Promise<AccountsLoad> {
  const index = await indexAvailability();
  if (index.state !== 'ready') return { kind: 'unavailable', state: index.state, reason: index.reason };
  const key = `accounts:${query.chain}:${query.limit}:${query.cursor ?? ''}`;
  try {
    const page = await readPerVersion(index, key, () => topAccounts(index.db, query.chain, { limit: query.limit, cursor: query.cursor }));
    return { kind: 'ok', page: accountsJson(page, (address) => operatorLabelOf(address) ?? null) };
  } catch (error) {
    if (error instanceof BadCursorError) return { kind: 'bad-cursor', message: error.message };
    return { kind: 'unavailable', state: 'unavailable', reason: `the index did not answer: ${(error as Error).message}` };
  }
}

/** The zones the page offers: every configured zone, by name and label. */
export function zoneChoices(): { readonly name: ChainName; readonly label: string }[] {
  return configuredChains().filter((c) => c.level === 2).map((c) => ({ name: c.name, label: getChain(c.name).label }));
}

/** What /accounts draws: the zones it offers, the query (or what is wrong with it) and the page read. */
export interface AccountsPageView {
  readonly zones: ReturnType<typeof zoneChoices>;
  readonly query: AccountsQuery | null;
  readonly problem: string | null;
  readonly load: AccountsLoad | null;
}

/** `/accounts`: kept per index version, the page that read one (a bad query or no index says so, never kept). */
export const resolveAccounts: Resolver<AccountsPageView> = async ({ query: search }) => {
  const query = parseAccountsQuery(search);
  const load = query.ok ? await loadTopAccounts(query.value) : null;
  return found(
    { zones: zoneChoices(), query: query.ok ? query.value : null, problem: query.ok ? null : query.error, load },
    { keep: load?.kind === 'ok' },
  );
};

/** GET /api/v1/accounts (the route is a thin wrapper; kept per index version by the page cache). */
export const resolveAccountsApi: Resolver<JsonAnswer> = async ({ query: search }) => {
  const query = parseAccountsQuery(search);
  if (!query.ok) return answered({ status: 400, body: { error: query.error } });
  const load = await loadTopAccounts(query.value);
  if (load.kind === 'bad-cursor') return answered({ status: 400, body: { error: load.message } });
  if (load.kind === 'unavailable') return answered({ status: 503, body: { error: load.reason, index: load.state } });
  return answered({ status: 200, body: load.page, headers: { 'Cache-Control': 'no-store' } });
};
