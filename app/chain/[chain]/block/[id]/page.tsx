import type { Metadata } from 'next';
import { BlockView } from '@/components/block/BlockView';
import { configuredChains } from '@/lib/server/node/clients';
import { redirectBlockTag } from '@/lib/server/block/block-tag';
import { requireBlock } from '@/lib/server/block/require-block';
import { loadRawTab } from '@/lib/server/block/load-raw-block';
import { decodeLenient } from '@/lib/text/url-decode';

type Params = Promise<{ chain: string; id: string }>;

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  const { chain, id } = await params;
  return { title: `Block ${decodeLenient(id)} · ${decodeLenient(chain)}` };
}

export default async function BlockPage({
  params,
  searchParams,
}: {
  params: Params;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const [{ chain, id }, search] = await Promise.all([params, searchParams]);
  await redirectBlockTag(chain, id);
  const data = await requireBlock(chain, id);
  // Awaited here, not suspended in the tab: streamed content would stay hidden without JavaScript.
  const raw = await loadRawTab(data.chain, data.block, search.tab);
  const configured = new Set(configuredChains().map((c) => c.name));
  return <BlockView data={data} tab={search.tab} raw={raw} configured={configured} />;
}
