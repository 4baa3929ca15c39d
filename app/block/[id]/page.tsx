import type { Metadata } from 'next';
import { AnyChainList } from '@/components/block/AnyChainList';
import { resolveAnyChainBlock } from '@/lib/server/block/resolve-any-chain';
import { routeData } from '@/lib/server/pipeline/route-data';

type Params = Promise<{ id: string }>;

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  const { id } = await params;
  return { title: `Block ${id}` };
}

/**
 * EIP-3091 `/block/<number or hash>`: one chain's block redirects to its page, several are
 * listed (lib/server/block/resolve-any-chain.ts). No loading.tsx here: the redirect must be
 * decided before anything streams to be a real HTTP redirect.
 */
export default async function BlockAnyChainPage() {
  return <AnyChainList result={await routeData(resolveAnyChainBlock)} />;
}
