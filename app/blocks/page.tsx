import type { Metadata } from 'next';
import { BlocksView } from '@/components/lists/BlocksView';
import { getConfig } from '@/lib/ops/config';
import { resolveBlocksPage } from '@/lib/server/block/block-list';
import { routeData } from '@/lib/server/pipeline/route-data';

export const dynamic = 'force-dynamic';

export const metadata: Metadata = { title: 'Blocks' };

/** `/blocks?chain=<chain>`: a chain's blocks, uncles or reorgs, from the index, as its resolver found them (lib/server/block/block-list.ts). */
export default async function BlocksPage() {
  const verdict = await routeData(resolveBlocksPage);
  const chains = getConfig().chains.map((c) => c.chain);
  return <BlocksView verdict={verdict} chains={chains} fallback={chains[0]} />;
}
