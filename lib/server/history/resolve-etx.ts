/**
 * The resolver of `/api/v1/etx/<hash>` (lib/routes/resolver.ts): an external transaction's journey
 * from the index — where it was emitted and whether its destination zone credited it.
 */
import { parseTxHash } from '@/lib/routes/params/block-id';
import { answered, type JsonAnswer, type Resolver } from '@/lib/routes/resolver';
import { loadEtxJourney } from './load-etx-journey';

export const resolveEtxApi: Resolver<JsonAnswer> = async ({ params }) => {
  const hash = parseTxHash(params.hash ?? '');
  if (!hash.ok) return answered({ status: 400, body: { error: hash.reason } });
  const load = await loadEtxJourney(hash.value);
  if (load.kind === 'unavailable') return answered({ status: 503, body: { error: load.reason, index: load.state } });
  if (load.kind === 'not-found') {
    return answered({ status: 404, body: { error: `the index holds no ETX ${hash.value} (not emitted by an indexed block, or not indexed yet)` } });
  }
  return answered({ status: 200, body: load.journey, headers: { 'Cache-Control': 'no-store' } });
};
