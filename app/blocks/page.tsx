import type { Metadata } from 'next';
import { BlocksView } from '@/components/lists/BlocksView';
import { getConfig } from '@/lib/ops/config';
import { searchOf } from '@/lib/routes/params/list-query';
import { resolveBlockList } from '@/lib/server/block/block-list';

export const dynamic = 'force-dynamic';

export const metadata: Metadata = { title: 'Blocks' };

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

/** `/blocks?chain=<chain>`: a chain's blocks, uncles or reorgs, from the index (lib/server/block/block-list.ts). */
export default async function BlocksPage({ searchParams }: Props) {
  const verdict = await resolveBlockList(searchOf(await searchParams));
  const chains = getConfig().chains.map((c) => c.chain);
  return <BlocksView verdict={verdict} chains={chains} fallback={chains[0]} />;
}
