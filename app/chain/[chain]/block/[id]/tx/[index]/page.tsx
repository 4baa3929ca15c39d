import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { parseIndex } from '@/lib/routes/params/block-id';
import { parseBlockRoute } from '@/lib/server/block/load-block';
import { lookupTxInBlock } from '@/lib/server/tx/load-tx';
import { loadReceiptTokens } from '@/lib/server/tx/load-receipt-tokens';
import { parseTxTab } from '@/lib/routes/params/tx-query';
import { loadTraceView } from '@/lib/server/tx/load-trace-view';
import { loadTxFailure } from '@/lib/server/tx/load-failure';
import { urls } from '@/lib/routes/urls';
import { loadTxAbis } from '@/lib/server/tx/load-tx-abis';
import { loadNonceLinks } from '@/lib/server/tx/load-nonce-links';
import { TxView } from '@/components/tx/TxView';

type Params = Promise<{ chain: string; id: string; index: string }>;

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  const { chain, id, index } = await params;
  return { title: `Transaction ${index} of block ${id} · ${chain}` };
}

/** A transaction by block (number or hash) and index, via the node's ...AndIndex methods. */
export default async function TxInBlockPage({ params, searchParams }: { params: Params; searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const [{ chain, id, index }, search] = await Promise.all([params, searchParams]);
  const tab = parseTxTab(search.tab);
  const route = parseBlockRoute(chain, id);
  const position = parseIndex(index, 'transaction');
  if (!route || !position.ok) notFound();
  const result = await lookupTxInBlock(route.chain, route.ref, position.value);
  if (!result.found) notFound();
  const traced = loadTraceView(result.data.tx, tab);
  const [tokens, trace, abis, failure, nonces] = await Promise.all([
    loadReceiptTokens(result.data),
    traced,
    loadTxAbis(result.data, result.block.block),
    traced.then((view) => loadTxFailure(result.data, view)),
    loadNonceLinks(result.data.tx),
  ]);
  const baseHref = urls.txInBlock(route.chain.name, route.ref.kind === 'number' ? route.ref.number : route.ref.hash, position.value);
  return <TxView data={result.data} block={result.block.block} tokens={tokens} abis={abis} tabs={{ tab, trace, failure, baseHref }} nonces={nonces} />;
}
