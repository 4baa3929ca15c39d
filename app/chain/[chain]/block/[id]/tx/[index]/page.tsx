import type { Metadata } from 'next';
import { routeData } from '@/lib/server/pipeline/route-data';
import { resolveTxInBlock } from '@/lib/server/tx/resolve-tx';
import { TxView } from '@/components/tx/TxView';

type Params = Promise<{ chain: string; id: string; index: string }>;

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  const { chain, id, index } = await params;
  return { title: `Transaction ${index} of block ${id} · ${chain}` };
}

/** A transaction by block (number or hash) and index, via the node's ...AndIndex methods (lib/server/tx/resolve-tx.ts). */
export default async function TxInBlockPage() {
  const { data, block, tokens, abis, tab, trace, failure, baseHref, nonces } = await routeData(resolveTxInBlock);
  return <TxView data={data} block={block} tokens={tokens} abis={abis} tabs={{ tab, trace, failure, baseHref }} nonces={nonces} />;
}
