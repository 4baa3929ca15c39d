import Link from 'next/link';
import { InfoRow } from '@/components/ui/layout/InfoTable';
import type { Chain, ChainName } from '@/lib/protocol/chains';
import type { BlockOrder, Hash } from '@/lib/rpc/domain';
import { urls } from '@/lib/routes/urls';

/**
 * The other chains this very block sits on: a block of order o is coincident at every level from
 * o down to its zone, with the same hash. On a region or prime chain this is where its
 * transactions are (region and prime blocks list none themselves).
 */
export function CoincidentRow({
  chain,
  block,
  levelChains,
  configured,
}: {
  chain: Chain;
  block: { readonly order: BlockOrder; readonly hash: Hash };
  levelChains: readonly (Chain | undefined)[];
  configured: ReadonlySet<ChainName>;
}) {
  const others = levelChains.flatMap((c, level) => (c && level >= block.order && c.name !== chain.name ? [c] : []));
  if (others.length === 0) return null;
  return (
    <InfoRow label="Same block on" hint="A coincident block has one hash and sits on each of these chains">
      <span className="inline-flex flex-wrap gap-x-3" data-testid="coincident-on">
        {others.map((c) =>
          configured.has(c.name) ? (
            <Link key={c.name} href={urls.block(c.name, block.hash)}>
              {c.label}
            </Link>
          ) : (
            <span key={c.name} className="text-muted">
              {c.label}
            </span>
          ),
        )}
      </span>
    </InfoRow>
  );
}
