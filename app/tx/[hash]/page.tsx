import type { Metadata } from 'next';
import { routeData } from '@/lib/server/pipeline/route-data';
import { resolveTx } from '@/lib/server/tx/resolve-tx';
import { TxView } from '@/components/tx/TxView';

type Params = Promise<{ hash: string }>;

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  const { hash } = await params;
  return { title: `Transaction ${hash.slice(0, 10)}…` };
}

/** EIP-3091 `/tx/<hash>`: the transaction on whichever zone has it, as its resolver found it (lib/server/tx/resolve-tx.ts). */
export default async function TxPage() {
  const { data, block, tokens, abis, tab, trace, failure, baseHref, nonces } = await routeData(resolveTx);
  return <TxView data={data} block={block} tokens={tokens} abis={abis} tabs={{ tab, trace, failure, baseHref }} nonces={nonces} />;
}
