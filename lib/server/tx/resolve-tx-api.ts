/**
 * The resolvers of a transaction's API routes (lib/routes/resolver.ts): `/api/v1/tx/<hash>/logs`,
 * its logs past the page's first, decoded, a page at a time, and `/api/tx/<hash>/outcome`, what
 * became of a transaction a wallet form sent, polled until mined.
 */
import { parseLogPageQuery } from '@/lib/decode/log-page';
import { parseTxHash } from '@/lib/routes/params/block-id';
import type { Hash } from '@/lib/rpc/domain';
import { answered, type JsonAnswer, type Resolver } from '@/lib/routes/resolver';
import { describeFailure } from '@/lib/server/node/node-errors';
import { loadTxLogs } from './load-tx-logs';
import { loadTxOutcome } from './load-tx-outcome';

const NO_STORE = { 'Cache-Control': 'no-store' };

export const resolveTxLogsApi: Resolver<JsonAnswer> = async ({ params, query }) => {
  const hash = parseTxHash(params.hash ?? '');
  if (!hash.ok) return answered({ status: 400, body: { error: hash.reason }, headers: NO_STORE });
  const page = parseLogPageQuery(query);
  if (typeof page === 'string') return answered({ status: 400, body: { error: page }, headers: NO_STORE });
  const outcome = await loadTxLogs(hash.value, page);
  if (outcome.kind === 'not-found') return answered({ status: 404, body: { error: outcome.reason }, headers: NO_STORE });
  if (outcome.kind === 'unavailable') return answered({ status: 503, body: { error: outcome.reason }, headers: { ...NO_STORE, 'Retry-After': '5' } });
  return answered({ status: 200, body: outcome.page, headers: NO_STORE });
};

export const resolveTxOutcomeApi: Resolver<JsonAnswer> = async ({ params }) => {
  const hash = params.hash ?? '';
  if (!/^0x[0-9a-fA-F]{64}$/.test(hash)) return answered({ status: 400, body: { error: `“${hash.slice(0, 80)}” is not a transaction hash (0x and 64 hex digits).` } });
  try {
    return answered({ status: 200, body: await loadTxOutcome(hash.toLowerCase() as Hash), headers: NO_STORE });
  } catch (error) {
    return answered({ status: 503, body: { error: describeFailure(error) } });
  }
};
