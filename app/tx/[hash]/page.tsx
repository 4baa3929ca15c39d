import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { parseTxHash } from '@/lib/routes/params/block-id';
import { includingBlock, lookupTxByHash } from '@/lib/server/tx/load-tx';
import { loadReceiptTokens } from '@/lib/server/tx/load-receipt-tokens';
import { parseTxTab } from '@/lib/routes/params/tx-query';
import { loadTraceView } from '@/lib/server/tx/load-trace-view';
import { loadTxFailure } from '@/lib/server/tx/load-failure';
import { urls } from '@/lib/routes/urls';
import { loadTxAbis } from '@/lib/server/tx/load-tx-abis';
import { loadNonceLinks } from '@/lib/server/tx/load-nonce-links';
import { TxView } from '@/components/tx/TxView';

type Params = Promise<{ hash: string }>;

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  const { hash } = await params;
  return { title: `Transaction ${hash.slice(0, 10)}…` };
}

/** EIP-3091 `/tx/<hash>`: the transaction on whichever zone has it (proxy.ts has checked it exists). */
export default async function TxPage({ params, searchParams }: { params: Params; searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const [{ hash }, search] = await Promise.all([params, searchParams]);
  const tab = parseTxTab(search.tab);
  const parsed = parseTxHash(hash);
  if (!parsed.ok) notFound();
  const result = await lookupTxByHash(parsed.value);
  if (!result.found) {
    if (result.failures.length > 0) {
      throw new Error(`Could not ask every zone: ${result.failures.map((f) => `${f.chain.label}: ${f.error}`).join('; ')}`);
    }
    notFound();
  }
  // Awaited here, not suspended in a tab: streamed content would stay hidden without JavaScript.
  // The ABIs wait for the block: a proxy's implementation is proven against its state root.
  const including = includingBlock(result.data.chain, result.data.tx);
  const traced = loadTraceView(result.data.tx, tab);
  const [block, tokens, trace, abis, failure, nonces] = await Promise.all([
    including,
    loadReceiptTokens(result.data),
    traced,
    including.then((found) => loadTxAbis(result.data, found)),
    traced.then((view) => loadTxFailure(result.data, view)),
    loadNonceLinks(result.data.tx),
  ]);
  return <TxView data={result.data} block={block} tokens={tokens} abis={abis} tabs={{ tab, trace, failure, baseHref: urls.tx(result.data.tx.hash) }} nonces={nonces} />;
}
