import { memo } from 'react';
import { SoftLink } from '@/components/ui/values/SoftLink';
import { Age } from '@/components/ui/values/Age';
import { LiveAddress } from '@/components/ui/values/LiveAddress';
import { OrderBadge } from '@/components/ui/layout/Badge';
import { Hash } from '@/components/ui/values/Hash';
import { dominantAt, getChain, type ChainName, type Level } from '@/lib/protocol/chains';
import { formatInteger } from '@/lib/text/format';
import { NumberTriple } from '@/components/ui/values/NumberTriple';
import type { FeedBlock } from '@/lib/network/tips-types';
import { urls } from '@/lib/routes/urls';
import { FeedSection } from './FeedSection';

/**
 * The newest blocks across zones, each with its coincidence badge and [Prime, Region, Zone] numbers.
 * Memoised, as each row: a poll that brings the same blocks (react-query keeps the objects of an
 * unchanged answer) re-renders none of them.
 */
export const BlockFeed = memo(function BlockFeed({ blocks, fresh, allOf }: { blocks: readonly FeedBlock[]; fresh?: ReadonlySet<string>; allOf?: ChainName }) {
  return (
    <FeedSection
      id="blocks-heading"
      title="Latest blocks"
      count={blocks.length}
      emptyText="No blocks yet."
      testId="block-feed"
      more={allOf ? { href: urls.blocks(allOf), label: `All blocks of ${getChain(allOf).label}` } : undefined}
    >
      {/* Rows keyed by position: a new block rewrites the rows in place instead of pushing every row down (a layout shift per poll). */}
      {blocks.map((b, i) => (
        <li key={i} data-hash={b.hash}>
          <BlockRow key={b.hash} block={b} fresh={fresh?.has(b.hash) ?? false} />
        </li>
      ))}
    </FeedSection>
  );
});

const BlockRow = memo(function BlockRow({ block, fresh }: { block: FeedBlock; fresh: boolean }) {
  const chain = getChain(block.chain);
  const height = block.numbers[chain.level];
  return (
    // The same lines for every block, so rows keep their height as blocks replace each other: on a
    // narrow screen the numbers and the miner take a line of their own.
    <div className={`grid grid-cols-[1fr_auto] gap-x-3 gap-y-1 px-4 py-2.5 text-sm ${fresh ? 'arrive' : ''}`}>
      <div className="flex min-w-0 flex-wrap items-center gap-x-2 gap-y-1">
        <OrderBadge order={block.order} />
        {/* The chain's whole list of blocks. */}
        <SoftLink href={urls.blocks(block.chain)} className="inline-block py-0.5 text-muted">
          {chain.label}
        </SoftLink>
        <SoftLink href={urls.block(block.chain, height ?? block.hash)} className="font-mono font-medium tabular-nums">
          #{height !== undefined ? formatInteger(BigInt(height)) : '?'}
        </SoftLink>
        <BlockNumbers block={block} />
      </div>
      <div className="text-right text-xs text-muted">
        <Age timestamp={block.timestamp} />
      </div>
      <div className="flex min-w-0 flex-wrap items-center gap-x-2 text-xs text-muted">
        <Hash value={block.hash} head={6} tail={4} />
        <span className="min-w-0 truncate max-md:basis-full">
          miner <LiveAddress address={block.miner} />
        </span>
      </div>
      <div className="text-right text-xs text-muted tabular-nums">
        {block.transactionCount} tx{block.transactionCount === 1 ? '' : 's'}
        {block.extTransactionCount > 0 ? ` · ${block.extTransactionCount} etx` : ''}
      </div>
    </div>
  );
});

/**
 * [Prime, Region, Zone]. A number links to that level's chain only where the block is coincident
 * (level ≥ order): a zone-only block carries prime and region numbers too, but no block of its
 * own sits at them.
 */
function BlockNumbers({ block }: { block: FeedBlock }) {
  const chain = getChain(block.chain);
  return (
    <NumberTriple
      numbers={block.numbers}
      className="truncate font-mono text-xs text-muted max-md:basis-full"
      title="[Prime, Region, Zone] numbers; linked where this block is also that level's block"
      // Underlined: a link inside the bracketed numbers is told apart by more than its colour.
      linkClassName="underline underline-offset-2"
      hrefOf={(level) => (level >= block.order && level <= chain.level ? urls.block(dominantAt(chain, level as Level).name, block.numbers[level]!) : undefined)}
    />
  );
}
