import Link from 'next/link';
import { Age } from '@/components/ui/values/Age';
import { OrderBadge } from '@/components/ui/layout/Badge';
import { Hash } from '@/components/ui/values/Hash';
import { formatInteger } from '@/lib/text/format';
import type { HeightLookup } from '@/lib/search/lookup-types';
import { urls } from '@/lib/routes/urls';

/** A height on each configured chain: each chain counts its own blocks. */
export function HeightResults({ height, lookup }: { height: bigint; lookup: HeightLookup }) {
  return (
    <section className="overflow-hidden card" data-testid="height-results">
      <h2 className="border-b border-border px-4 py-2 text-sm font-semibold">
        Block {formatInteger(height)} on each chain
      </h2>
      <p className="border-b border-border px-4 py-2 text-xs text-muted">
        Each chain numbers its own blocks, so height {formatInteger(height)} is a different block on prime, on a region and on a zone.
      </p>
      <ul className="divide-y divide-border">
        {lookup.results.map(({ chain, block, tip }) => (
          <li key={chain.name} className="flex flex-wrap items-center gap-x-3 gap-y-1 px-4 py-2.5 text-sm">
            <span className="w-24 shrink-0 font-medium">{chain.label}</span>
            {block ? (
              <>
                <OrderBadge order={block.order} />
                <Link prefetch={false} href={urls.block(chain.name, height)} className="font-mono">
                  #{formatInteger(height)}
                </Link>
                <Hash value={block.hash} />
                <span className="text-xs text-muted">
                  <Age timestamp={block.timestamp} />
                </span>
              </>
            ) : (
              <span className="text-muted">
                no block yet{tip !== null ? ` — its tip is #${formatInteger(tip)}` : ''}
              </span>
            )}
          </li>
        ))}
        {lookup.failures.map((f) => (
          <li key={f.chain.name} className="flex flex-wrap gap-x-3 px-4 py-2.5 text-sm">
            <span className="w-24 shrink-0 font-medium">{f.chain.label}</span>
            <span className="text-bad">could not be asked: {f.error}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
