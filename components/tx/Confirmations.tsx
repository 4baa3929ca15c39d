'use client';

import { plural } from '@/lib/text/format';
import { useChainTip } from '@/components/ui/live/tips-query';

/**
 * " · N confirmations", counted in the browser against the zone's current tip: a transaction
 * page deep enough to be stored (lib/server/page-cache/) is served again for a long time, and
 * a count baked in by the server would go stale.
 */
export function Confirmations({ chain, blockNumber }: { chain: string; blockNumber: string }) {
  const tip = useChainTip(chain);
  if (tip === undefined) return null;
  const count = tip - BigInt(blockNumber) + 1n;
  return count > 0n ? <span data-testid="confirmations">{` · ${plural(count, 'confirmation')}`}</span> : null;
}
