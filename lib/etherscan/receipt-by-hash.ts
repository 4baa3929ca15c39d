/**
 * A transaction's receipt by hash alone, as `/tx/<hash>` finds a transaction: a hash names one
 * transaction on one zone, so every served zone is asked at once (each its own request) and the
 * zone that has the receipt answers; a zone the caller names (`/chain/<zone>/api`, `&chain=`) is
 * the only one asked. A zone's failure is thrown only when no zone has the receipt, so a node that
 * is down elsewhere does not hide a receipt that was found.
 */
import type { Hash, Receipt } from '@/lib/rpc/domain';
import type { EtherscanContext, EtherscanRequest } from './action';
import { zoneClient } from './proxy';

export async function receiptByHash(request: EtherscanRequest, ctx: EtherscanContext, hash: Hash): Promise<Receipt | null> {
  if (request.zone !== undefined) return zoneClient(request, ctx).getTransactionReceipt({ hash });
  const asked = await Promise.allSettled(
    ctx.configuredZones.map((zone) => ctx.client(zone)?.getTransactionReceipt({ hash }) ?? Promise.resolve(null)),
  );
  for (const answer of asked) if (answer.status === 'fulfilled' && answer.value !== null) return answer.value;
  const failed = asked.find((a) => a.status === 'rejected');
  if (failed) throw failed.reason;
  return null;
}
