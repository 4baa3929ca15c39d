import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { parseIndex } from '@/lib/routes/params/block-id';
import { configuredChains } from '@/lib/server/node/clients';
import { parseBlockRoute } from '@/lib/server/block/load-block';
import { lookupUncle } from '@/lib/server/block/load-uncle';
import { UncleView } from '@/components/block/UncleView';

type Params = Promise<{ chain: string; id: string; index: string }>;

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  const { chain, id, index } = await params;
  return { title: `Uncle ${index} of block ${id} · ${chain}` };
}

/** An uncle by its including block (number or hash) and index. */
export default async function UnclePage({ params }: { params: Params }) {
  const { chain, id, index } = await params;
  const route = parseBlockRoute(chain, id);
  const position = parseIndex(index, 'uncle');
  if (!route || !position.ok) notFound();
  const result = await lookupUncle(route.chain, route.ref, position.value);
  if (!result.found) notFound();
  return <UncleView data={result} configured={new Set(configuredChains().map((c) => c.name))} />;
}
