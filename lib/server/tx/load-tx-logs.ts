/**
 * A page of a transaction's logs for `/api/v1/tx/<hash>/logs?cursor=`: the transaction looked up
 * as its page looks it up (shared with it for a few seconds), its receipt's logs from `cursor`,
 * decoded as the page decodes them (lib/decode/log-page.ts).
 */
import type { Hash } from '@/lib/rpc/domain';
import { logPage, type LogPageJson, type LogPageQuery } from '@/lib/decode/log-page';
import { urls } from '@/lib/routes/urls';
import { lookupTxByHash } from './load-tx';

export type TxLogsOutcome =
  | { readonly kind: 'ok'; readonly page: LogPageJson }
  /** No zone knows the transaction, or it has no receipt yet (pending), or the node serves none. */
  | { readonly kind: 'not-found'; readonly reason: string }
  /** A zone that might have it did not answer. */
  | { readonly kind: 'unavailable'; readonly reason: string };

export async function loadTxLogs(hash: Hash, query: LogPageQuery): Promise<TxLogsOutcome> {
  const result = await lookupTxByHash(hash);
  if (!result.found) {
    if (result.failures.length > 0) return { kind: 'unavailable', reason: result.failures.map((f) => `${f.chain.label}: ${f.error}`).join('; ') };
    return { kind: 'not-found', reason: `no zone served here knows transaction ${hash}` };
  }
  const { chain, tx, receipt } = result.data;
  if (!receipt.served) return { kind: 'not-found', reason: `the ${chain.label} node does not serve receipts (${receipt.method})` };
  if (!receipt.value) return { kind: 'not-found', reason: tx.blockHash ? `the ${chain.label} node returned no receipt for ${hash}` : `${hash} is not mined yet: no logs until it is` };
  return { kind: 'ok', page: logPage({ hash: tx.hash, chain: chain.name }, receipt.value.logs, query, (cursor, limit) => urls.api.txLogs(tx.hash, cursor, limit)) };
}
