import type { Metadata } from 'next';
import { BlockView } from '@/components/block/BlockView';
import { configuredChains } from '@/lib/server/node/clients';
import { resolveBlock } from '@/lib/server/block/resolve-block';
import { routeData } from '@/lib/server/pipeline/route-data';
import { decodeLenient } from '@/lib/text/url-decode';

type Params = Promise<{ chain: string; id: string }>;

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  const { chain, id } = await params;
  return { title: `Block ${decodeLenient(id)} · ${decodeLenient(chain)}` };
}

/** A block on one chain, by number or hash; a tag redirects to its number (lib/server/block/resolve-block.ts). */
export default async function BlockPage() {
  const { data, tab, raw } = await routeData(resolveBlock);
  const configured = new Set(configuredChains().map((c) => c.name));
  return <BlockView data={data} tab={tab} raw={raw} configured={configured} />;
}
