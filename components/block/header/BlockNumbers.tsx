import { LEVEL_LABELS, type Chain, type ChainName } from '@/lib/protocol/chains';
import { NumberTriple } from '@/components/ui/values/NumberTriple';
import { urls } from '@/lib/routes/urls';

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
  const chainAt = (level: number) => {
    const chain = chains[level];
    return chain && configured.has(chain.name) ? chain : undefined;
  };
  return (
    <NumberTriple
      numbers={numbers}
      className="inline-flex flex-wrap items-center gap-x-1 font-mono tabular-nums"
      testId="block-numbers"
      // A 24 px target at least: a one-digit height is a narrow link.
      linkClassName="inline-block min-h-6 min-w-6 py-0.5 text-center"
      hrefOf={(level) => {
        const chain = chainAt(level);
        return chain ? urls.block(chain.name, numbers[level]!) : undefined;
      }}
      titleOf={(level) => {
        const chain = chains[level];
        const n = numbers[level]!;
        return level >= order
          ? `${LEVEL_LABELS[level]}${chain ? ` (${chain.label})` : ''} block ${n}: this same block`
          : `The height this block would have had on ${chain?.label ?? LEVEL_LABELS[level]}: block ${n} there is a different block, possibly not mined yet`;
      }}
    />
  );
}
