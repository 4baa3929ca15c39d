/**
 * GET /api/v1/address/<address>/balance-history: its knowledge in one place. Parsing (the history
 * APIs' address, limit and cursor), the index read (shared per index version: one query per
 * commit for every viewer), and the answer: `{ items, next }` newest first, each change
 * `{ chain, blockNumber, blockHash, timestamp, balance, delta }` (lib/history/balance-json.ts);
 * 400 for a bad parameter or a cursor the index did not give out, 503 without an index. The
 * route's resolver (lib/routes/resolver.ts) is resolveBalanceHistoryApi.
 */
import type { Address } from 'viem';
import { balanceChangeJson, type BalanceHistoryJson } from '@/lib/history/balance-json';
import { balanceHistoryPage, type BalanceChangePage } from '@/lib/index/readers/balance-reader';
import { BadCursorError } from '@/lib/index/readers/paging/page-cursor';
import { answered, type JsonAnswer, type Resolver } from '@/lib/routes/resolver';
import { historyPageAnswer, type HistoryLoadFailure } from '@/lib/server/history/history-page-api';
import { readPerVersion } from '@/lib/server/index/index-version';
import { indexAvailability } from '@/lib/server/index/index-service';

export type BalanceHistoryLoad = { readonly kind: 'ok'; readonly page: BalanceChangePage } | HistoryLoadFailure;

/** A page of `address`'s balance changes, newest first, or why there is none. */
export async function loadBalanceHistory(address: Address, options: { limit: number; cursor: string | null }): Promise<BalanceHistoryLoad> {
  const index = await indexAvailability();
  if (index.state !== 'ready') return { kind: 'unavailable', state: index.state, reason: index.reason };
  const key = `balance-history:${address.toLowerCase()}:${options.limit}:${options.cursor ?? ''}`;
  try {
    return { kind: 'ok', page: await readPerVersion(index, key, () => balanceHistoryPage(index.db, address, options)) };
  } catch (error) {
    if (error instanceof BadCursorError) return { kind: 'bad-cursor', message: error.message };
    return { kind: 'unavailable', state: 'unavailable', reason: `the index did not answer: ${(error as Error).message}` };
  }
}

/** The API's answer (the route is a thin wrapper; kept per index version by the page cache, lib/routes/table.ts). */
export const resolveBalanceHistoryApi: Resolver<JsonAnswer> = async ({ params, query }) =>
  answered(
    await historyPageAnswer(params.address ?? '', query, loadBalanceHistory, (load): BalanceHistoryJson => ({
      items: load.page.items.map(balanceChangeJson),
      next: load.page.next,
    })),
  );
