import Link from 'next/link';
import type { Chain, ChainName } from '@/lib/chains';
import { formatInteger } from '@/lib/format';
import { urls } from '@/lib/urls';

const LABELS = ['Prime', 'Region', 'Zone'];

/**
 * The [Prime, Region, Zone] numbers of a block, each linking to that height on the level's
 * chain (prime; the block's region; its zone). Above the block's order the number is the height
 * the block would have had there (protocol notes): that block is a different one, and may not be
 * mined yet, so those links are not prefetched and say so.
 */
export function BlockNumbers({
  numbers,
  chains,
  configured,
  order = 0,
}: {
  numbers: readonly [bigint, bigint, bigint];
  chains: readonly (Chain | undefined)[];
  configured: ReadonlySet<ChainName>;
  /** The block's order: levels below it (numerically) are ones it is not coincident in. */
  order?: number;
}) {
  return (
    <span className="inline-flex flex-wrap items-center gap-x-1 font-mono tabular-nums" data-testid="block-numbers">
      [
      {numbers.map((n, level) => {
        const chain = chains[level];
        const coincident = level >= order;
        const label = coincident
          ? `${LABELS[level]}${chain ? ` (${chain.label})` : ''} block ${n}: this same block`
          : `The height this block would have had on ${chain?.label ?? LABELS[level]}: block ${n} there is a different block, possibly not mined yet`;
        return (
          <span key={LABELS[level]}>
            {chain && configured.has(chain.name) ? (
              <Link href={urls.block(chain.name, n)} title={label} prefetch={false}>
                {formatInteger(n)}
              </Link>
            ) : (
              <span title={label}>{formatInteger(n)}</span>
            )}
            {level < 2 ? ',' : null}
          </span>
        );
      })}
      ]
    </span>
  );
}
