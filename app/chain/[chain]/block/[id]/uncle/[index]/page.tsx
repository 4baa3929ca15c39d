import type { Metadata } from 'next';
import { configuredChains } from '@/lib/server/node/clients';
import { resolveUncle } from '@/lib/server/block/resolve-block';
import { routeData } from '@/lib/server/pipeline/route-data';
import { UncleView } from '@/components/block/UncleView';

type Params = Promise<{ chain: string; id: string; index: string }>;

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  const { chain, id, index } = await params;
  return { title: `Uncle ${index} of block ${id} · ${chain}` };
}

/** An uncle by its including block (number or hash) and index (lib/server/block/resolve-block.ts). */
export default async function UnclePage() {
  const uncle = await routeData(resolveUncle);
  return <UncleView data={uncle} configured={new Set(configuredChains().map((c) => c.name))} />;
}
