/**
 * The resolvers of the history API (lib/routes/resolver.ts): `/api/v1/address/<address>/` its
 * `transactions` (kept per index version), `token-transfers` and `internal-transactions`, each a
 * page of the index in the history envelope `{ items, next }` (./history-page-api.ts).
 */
import { historyItemJson, type HistoryPageJson } from '@/lib/history/history-json';
import { internalTransferJson, tracedThroughJson } from '@/lib/history/internal-transfer-json';
import { answered, type JsonAnswer, type Resolver } from '@/lib/routes/resolver';
import { historyPageAnswer } from './history-page-api';
import { loadHistory } from './load-history';
import { loadInternalTransfers } from './load-internal-transfers';
import { loadTokenTransfers } from './load-token-transfers';

export const resolveHistoryApi: Resolver<JsonAnswer> = async ({ params, query }) =>
  answered(
    await historyPageAnswer(params.address ?? '', query, loadHistory, (load): HistoryPageJson => ({
      items: load.page.items.map(historyItemJson),
      next: load.page.next,
    })),
  );

export const resolveTokenTransfersApi: Resolver<JsonAnswer> = async ({ params, query }) =>
  answered(await historyPageAnswer(params.address ?? '', query, loadTokenTransfers, (load) => load.page));

export const resolveInternalTransfersApi: Resolver<JsonAnswer> = async ({ params, query }) =>
  answered(
    await historyPageAnswer(params.address ?? '', query, loadInternalTransfers, (load) => ({
      items: load.page.items.map(internalTransferJson),
      next: load.page.next,
      tracedThrough: tracedThroughJson(load.traced),
      untraced: load.untraced.map((u) => ({ chain: u.chain, blocks: u.blocks, reason: u.reason })),
    })),
  );
