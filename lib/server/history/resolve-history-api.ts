/**
 * The resolvers of the history API (lib/routes/resolver.ts): `/api/v1/address/<address>/` its
 * `transactions` (kept per index version), `token-transfers` and `internal-transactions`, each a
 * page of the index in the history envelope `{ items, next }` (./history-page-api.ts); and the
 * index's own status, `/api/v1/index/status`.
 */
import { historyItemJson, type HistoryPageJson } from '@/lib/history/history-json';
import { internalTransferJson, tracedThroughJson } from '@/lib/history/internal-transfer-json';
import { answered, type JsonAnswer, type Resolver } from '@/lib/routes/resolver';
import { historyPageAnswer } from './history-page-api';
import { loadHistory } from './load-history';
import { loadIndexStatus } from './load-index-status';
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
      untraced: load.untraced.map((u) => ({ chain: u.chain, blocks: u.blocks, reason: u.reason, ...(u.newestBlock !== undefined ? { newestBlock: u.newestBlock.toString() } : {}) })),
    })),
  );

const str = (v: bigint | null) => (v === null ? null : v.toString());

/** `/api/v1/index/status`: the index's state and each zone's cursors, lag and failures. */
export const resolveIndexStatusApi: Resolver<JsonAnswer> = async () => {
  const status = await loadIndexStatus();
  if (status.state !== 'ready' && status.state !== 'failing') return answered({ status: 503, body: { state: status.state, error: status.reason } });
  return answered({
    status: 200,
    body: {
      state: status.state,
      ...(status.failure ?? {}),
      writer: status.writer,
      chains: status.chains.map((c) => ({
        chain: c.chain, indexedHeight: str(c.indexedHeight), blockCursor: str(c.indexedHeight), traceCursor: str(c.traceCursor), traceLag: str(c.traceLag),
        traceBlocksPerSecond: c.traceBlocksPerSecond === null ? null : Math.round(c.traceBlocksPerSecond * 10) / 10,
        balanceCursor: str(c.balanceCursor), balanceLag: str(c.balanceLag),
        balanceBlocksPerSecond: c.balanceBlocksPerSecond === null ? null : Math.round(c.balanceBlocksPerSecond * 10) / 10,
        tip: str(c.tip), lag: str(c.lag),
        blocksPerSecond: c.blocksPerSecond === null ? null : Math.round(c.blocksPerSecond * 10) / 10, updatedAt: c.updatedAt,
        rereads: c.rereads.map((r) => ({ derivation: r.derivation, next: r.next.toString(), through: r.through.toString() })),
        untraced: c.untraced && { blocks: c.untraced.blocks, first: c.untraced.first.toString(), last: c.untraced.last.toString(), reason: c.untraced.reason },
        untracedBlocks: {
          count: c.untracedBlocks.count,
          newest: c.untracedBlocks.newest.map((b) => ({ block: b.number.toString(), hash: b.hash, reason: b.reason, attempts: b.attempts })),
        },
        error: c.error, failingSince: c.failingSince,
      })),
    },
    headers: { 'Cache-Control': 'no-store' },
  });
};
