import type { Hash as HashHex } from 'viem';
import { Hash } from '@/components/ui/values/Hash';
import { LEVEL_LABELS, type Chain, type ChainName } from '@/lib/protocol/chains';
import { urls } from '@/lib/routes/urls';

/**
 * A [Prime, Region, Zone] triple of block hashes (parent or manifest hashes), each linking to
 * its block on that level's chain when `link` is set and the chain is served here.
 */
export function HashTriple({
  hashes,
  chains,
  configured,
  link,
}: {
  hashes: readonly (HashHex | null)[] | null;
  chains: readonly (Chain | undefined)[];
  configured: ReadonlySet<ChainName>;
  link: boolean;
}) {
  if (hashes === null) return <span className="text-muted">null (the node sent none)</span>;
  return (
    <ul className="space-y-0.5">
      {LEVEL_LABELS.map((label, level) => {
        const hash = hashes[level] ?? null;
        const chain = chains[level];
        const href = link && hash && chain && configured.has(chain.name) && !/^0x0+$/.test(hash) ? urls.block(chain.name, hash) : undefined;
        return (
          <li key={label} className="flex min-w-0 flex-wrap items-center gap-x-2">
            <span className="w-14 shrink-0 text-xs text-muted" title={chain?.label}>
              {label}
            </span>
            {hash ? <Hash value={hash} href={href} copy head={10} tail={8} /> : <span className="text-muted">null</span>}
          </li>
        );
      })}
    </ul>
  );
}
