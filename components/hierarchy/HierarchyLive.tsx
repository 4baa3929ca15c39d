'use client';

import { useRouter } from 'next/navigation';
import { useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import type { ChainName } from '@/lib/protocol/chains';
import { getChain, LEVEL_LABELS, REGION_NAMES } from '@/lib/protocol/chains';
import { formatInteger } from '@/lib/text/format';
import { hierarchyBlockOf, keepRecent, layout, type HierarchyBlock } from '@/lib/live/hierarchy/layout';
import { PoliteAnnouncer } from '@/components/ui/live/PoliteAnnouncer';
import { useChainStream } from '@/components/ui/live/use-chain-stream';
import { HierarchyPicture } from './HierarchyPicture';
import { HierarchyText } from './HierarchyText';

/** Narrower than this, one region at a time. */
const NARROW = '(max-width: 640px)';

function subscribeNarrow(onChange: () => void): () => void {
  const media = window.matchMedia(NARROW);
  media.addEventListener('change', onChange);
  return () => media.removeEventListener('change', onChange);
}

/**
 * The live picture: the blocks of the recent past the server drew, then every chain's stream
 * from that position, each block drawn as it comes (a reorg takes its blocks out). A region at a
 * time on a narrow screen (or when the reader picks one); a screen reader hears the text
 * description, and politely of each new prime or region block.
 */
export function HierarchyLive({ chains, initial, from }: { chains: readonly ChainName[]; initial: readonly HierarchyBlock[]; from: string }) {
  const router = useRouter();
  const [blocks, setBlocks] = useState(initial);
  const [fresh, setFresh] = useState<ReadonlySet<string>>(new Set());
  const [news, setNews] = useState<string | null>(null);
  const regions = useMemo(() => REGION_NAMES.map((name, index) => ({ name, index })).filter((r) => chains.includes(r.name)), [chains]);
  // The reader's pick; until there is one, a narrow screen shows the first region.
  const [picked, setRegion] = useState<number | 'all' | null>(null);
  const narrow = useSyncExternalStore(subscribeNarrow, () => window.matchMedia(NARROW).matches, () => false);
  const region = picked === 'all' ? undefined : (picked ?? (narrow && regions.length > 1 ? regions[0]!.index : undefined));

  const status = useChainStream(
    'all',
    {
      onBlock: (block) => {
        setBlocks((b) => (b.some((x) => x.hash === block.hash && x.chain === block.chain) ? b : keepRecent([...b, hierarchyBlockOf(block)])));
        setFresh((f) => new Set([...f, block.hash].slice(-30)));
        if (block.order < getChain(block.chain).level || getChain(block.chain).level < 2) {
          setNews(`New ${LEVEL_LABELS[getChain(block.chain).level].toLowerCase()} block on ${getChain(block.chain).label}: ${formatInteger(BigInt(block.number))}.`);
        }
      },
      onReorg: (reorg) => setBlocks((b) => b.filter((x) => !(x.chain === reorg.chain && reorg.removed.some((r) => r.hash === x.hash)))),
      onGap: () => router.refresh(),
    },
    from,
  );
  // A refreshed page brings the server's blocks.
  const [seen, setSeen] = useState(initial);
  if (seen !== initial) {
    setSeen(initial);
    setBlocks(initial);
  }
  useEffect(() => {
    if (status !== 'unavailable') return;
    const timer = setInterval(() => router.refresh(), 5_000);
    return () => clearInterval(timer);
  }, [status, router]);

  const view = useMemo(() => layout(blocks, chains, { region }), [blocks, chains, region]);
  return (
    <div className="space-y-4">
      <PoliteAnnouncer message={news} testId="hierarchy-announcement" />
      {regions.length > 1 ? (
        <fieldset className="flex flex-wrap items-center gap-3 text-sm">
          <legend className="sr-only">Regions shown</legend>
          <label className="inline-flex items-center gap-1">
            <input type="radio" name="region" checked={region === undefined} onChange={() => setRegion('all')} /> All regions
          </label>
          {regions.map((r) => (
            <label key={r.name} className="inline-flex items-center gap-1">
              <input type="radio" name="region" checked={region === r.index} onChange={() => setRegion(r.index)} data-testid={`region-${r.name}`} /> {getChain(r.name).label}
            </label>
          ))}
        </fieldset>
      ) : null}
      <figure className="card overflow-hidden p-2" data-stream={status} data-testid="hierarchy">
        <HierarchyPicture view={view} fresh={fresh} />
        <figcaption className="px-2 pt-2 text-xs text-muted">
          Time runs left to right; each dot a block, larger for a region or prime block. A vertical line joins one block on every chain it is in; a hollow dot is an uncle, beside the block that won its height; a curve is an ETX from the block that sent it to the block that credited it (dashed while in flight).
          {status === 'unavailable' ? ' The live stream is unavailable here: the picture is drawn again every 5 s.' : ''}
        </figcaption>
      </figure>
      <HierarchyText view={view} />
    </div>
  );
}
