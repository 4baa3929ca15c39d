import Link from 'next/link';
import type { Chain, ChainName } from '@/lib/chains';
import { formatInteger } from '@/lib/format';
import { urls } from '@/lib/urls';

const LABELS = ['Prime', 'Region', 'Zone'];

/**
 * The [Prime, Region, Zone] numbers of a block, each linking to that height on the level's
 * chain (prime; the block's region; its zone).
 */
export function BlockNumbers({
  numbers,
  chains,
  configured,
}: {
  numbers: readonly [bigint, bigint, bigint];
  chains: readonly (Chain | undefined)[];
  configured: ReadonlySet<ChainName>;
}) {
  return (
    <span className="inline-flex flex-wrap items-center gap-x-1 font-mono tabular-nums" data-testid="block-numbers">
      [
      {numbers.map((n, level) => {
        const chain = chains[level];
        const label = `${LABELS[level]}${chain ? ` (${chain.label})` : ''} block ${n}`;
        return (
          <span key={LABELS[level]}>
            {chain && configured.has(chain.name) ? (
              <Link href={urls.block(chain.name, n)} title={label}>
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
