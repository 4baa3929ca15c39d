'use client';

import Link from 'next/link';
import { usePoll } from '@/components/ui/live/use-poll';
import { useChainStream } from '@/components/ui/live/use-chain-stream';
import { queryClient } from '@/components/ui/live/query-client';
import { formatGweiAmount } from '@/lib/text/format';
import { urls } from '@/lib/routes/urls';
import type { ChainName } from '@/lib/protocol/chains';
import type { FeesView } from '@/lib/network/fees-view';
import { SparklineChart } from './SparklineChart';

const BLOCKS = 32;

async function fetchFees(chain: string): Promise<FeesView> {
  const res = await fetch(urls.api.fees(chain, `blocks=${BLOCKS}&percentiles=none`), { cache: 'no-store' });
  if (!res.ok) throw new Error(`The explorer answered ${res.status} for fees`);
  return (await res.json()) as FeesView;
}

const REFRESH_MS = 10_000;
const keyOf = (chain: string) => ['strata', 'fees-spark', chain];

/** Reads the fees again when the last read is REFRESH_MS old. */
function refreshIfOlder(chain: string): void {
  const client = queryClient();
  if (Date.now() - (client.getQueryState(keyOf(chain))?.dataUpdatedAt ?? 0) >= REFRESH_MS) void client.refetchQueries({ queryKey: keyOf(chain), exact: true });
}

/**
 * The home page's small fee chart: one chain's base fee over its last 32 blocks and the node's gas
 * price now, linking to the full fee page. Read again when a new block of the chain arrives on
 * the page's stream (the home page's own, every chain's), at most every 10 s; every 10 s where
 * the stream is unavailable.
 */
export function FeeSparkline({ chain, label }: { chain: ChainName; label: string }) {
  const status = useChainStream('all', {
    onBlock: (block) => {
      if (block.chain === chain) refreshIfOlder(chain);
    },
  });
  const query = usePoll({ queryKey: keyOf(chain), queryFn: () => fetchFees(chain), refetchInterval: status === 'unavailable' ? REFRESH_MS : false });
  const view = query.data;
  const rows = view?.history.ok ? view.history.rows.map((r) => ({ block: r.block, baseFee: r.baseFeeGwei })) : [];
  return (
    <section className="card p-3" data-testid="fee-sparkline">
      <header className="flex items-baseline justify-between gap-2">
        <h2 className="text-sm font-semibold">
          <Link href={urls.fees(chain)} className="text-fg">
            Base fee · {label}
          </Link>
        </h2>
        <span className="text-xs text-muted">
          {view?.gasPrice.ok ? <>gas price {formatGweiAmount(BigInt(view.gasPrice.wei))}</> : query.isError ? 'unavailable' : '…'}
        </span>
      </header>
      <div className="mt-2 h-16">
        {rows.length > 0 ? (
          <SparklineChart rows={rows} />
        ) : (
          <p className="text-xs text-muted">{query.isError ? 'Fee history unavailable.' : view ? 'No blocks yet.' : 'Loading…'}</p>
        )}
      </div>
    </section>
  );
}
