import Link from 'next/link';
import { OrderBadge, Badge } from '@/components/ui/layout/Badge';
import { formatInteger } from '@/lib/text/format';
import type { HashLookup } from '@/lib/search/lookup-types';
import { urls } from '@/lib/routes/urls';

/** Several chains answered for one hash (a coincident block sits on each chain it dominates). */
export function HashResults({ hash, lookup }: { hash: string; lookup: HashLookup }) {
  return (
    <section className="overflow-hidden card" data-testid="hash-results">
      <h2 className="border-b border-border px-4 py-2 text-sm font-semibold">
        {lookup.blocks.length + lookup.transactions.length} matches
      </h2>
      {lookup.blocks.length > 1 ? (
        <p className="border-b border-border px-4 py-2 text-xs text-muted">
          A region or prime block is the same block (same hash) on each chain it is coincident in.
        </p>
      ) : null}
      <ul className="divide-y divide-border">
        {lookup.blocks.map(({ chain, block }) => (
          <li key={`b-${chain.name}`} className="flex flex-wrap items-center gap-x-3 gap-y-1 px-4 py-2.5 text-sm">
            <Badge>block</Badge>
            <OrderBadge order={block.order} />
            <Link prefetch={false} href={urls.block(chain.name, hash)}>
              {chain.label} #{formatInteger(block.number[chain.level] ?? 0n)}
            </Link>
          </li>
        ))}
        {lookup.transactions.map(({ chain }) => (
          <li key={`t-${chain.name}`} className="flex flex-wrap items-center gap-x-3 gap-y-1 px-4 py-2.5 text-sm">
            <Badge>transaction</Badge>
            <Link prefetch={false} href={urls.tx(hash)}>Transaction on {chain.label}</Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
