/**
 * The resolvers of the transaction pages (lib/routes/resolver.ts): `/tx/<hash>` (EIP-3091, on
 * whichever zone has it) and `/chain/<chain>/block/<id>/tx/<index>`. Each finds the transaction
 * and loads everything its page draws for the tab asked (its block, the tokens it moved, its
 * trace, the verified ABIs, why it failed, its sender's previous and next by nonce), or says why there is nothing: a malformed hash, no
 * zone that knows it, a block without that index. `/tx/<hash>` is final once its block is
 * STRATA_FINALITY_DEPTH deep.
 */
import { parseIndex, parseTxHash } from '@/lib/routes/params/block-id';
import { parseTxTab, type TxTab } from '@/lib/routes/params/tx-query';
import type { Block } from '@/lib/rpc/domain';
import { failedLookup, found, missing, type Resolver } from '@/lib/routes/resolver';
import { routeBlock } from '@/lib/server/block/resolve-block';
import { finalityDepth } from '@/lib/server/node/finality-depth';
import { urls } from '@/lib/routes/urls';
import { includingBlock, lookupTxByHash, lookupTxInBlock, type TxPageData } from './load-tx';
import { loadReceiptTokens, type ReceiptTokens } from './load-receipt-tokens';
import { loadTraceView, type TraceView } from './load-trace-view';
import { loadTxAbis, type TxAbis } from './load-tx-abis';
import { loadTxFailure, type TxFailure } from './load-failure';
import { loadNonceLinks, type NonceLinks } from './load-nonce-links';

/** What a transaction page draws. */
export interface TxPageView {
  readonly data: TxPageData;
  /** Its block (for the time and base fee); null while pending. */
  readonly block: IncludingBlock | null;
  readonly tokens: ReceiptTokens;
  readonly abis: TxAbis;
  readonly tab: TxTab;
  readonly trace: TraceView;
  readonly failure: TxFailure | null;
  /** The page's own URL, its tabs' links. */
  readonly baseHref: string;
  /** The sender's transactions before and after it by nonce (./load-nonce-links.ts). */
  readonly nonces: NonceLinks | null;
}

type IncludingBlock = Block<'hashes'> | Block<'full'>;

/** Everything but the transaction itself, read together; the ABIs wait for the block (a proxy is proven against its state root). */
async function loadView(data: TxPageData, block: Promise<IncludingBlock | null>, tab: TxTab, baseHref: string): Promise<TxPageView> {
  const traced = loadTraceView(data.tx, tab);
  const [including, tokens, trace, abis, failure, nonces] = await Promise.all([
    block,
    loadReceiptTokens(data),
    traced,
    block.then((b) => loadTxAbis(data, b)),
    traced.then((view) => loadTxFailure(data, view)),
    loadNonceLinks(data.tx),
  ]);
  return { data, block: including, tokens, abis, tab, trace, failure, baseHref, nonces };
}

export const resolveTx: Resolver<TxPageView> = async ({ params, query }) => {
  const hash = parseTxHash(params.hash ?? '');
  if (!hash.ok) return missing('Nothing can be at this URL', hash.reason);
  const result = await lookupTxByHash(hash.value);
  if (!result.found) {
    const failed = failedLookup(result.failures);
    if (failed) return failed;
    if (result.failures.length > 0) throw new Error(`Could not ask every zone: ${result.failures.map((f) => `${f.chain.label}: ${f.error}`).join('; ')}`);
    return missing('No such transaction', `No zone served here knows transaction ${hash.value}: neither mined nor waiting in its pool.`, [
      `Asked ${result.asked.length} zone${result.asked.length === 1 ? '' : 's'}: ${result.asked.map((z) => z.label).join(', ')}.`,
    ]);
  }
  const { tx, tip } = result.data;
  const view = await loadView(result.data, includingBlock(result.data.chain, tx), parseTxTab(query.get('tab') ?? undefined), urls.tx(tx.hash));
  return found(view, { final: tx.blockNumber !== null && tip - tx.blockNumber >= finalityDepth() });
};

export const resolveTxInBlock: Resolver<TxPageView> = async ({ params, query }) => {
  const block = await routeBlock(params.chain ?? '', params.id ?? '', 'transaction');
  if (block.kind !== 'block') return block;
  const index = parseIndex(params.index ?? '', 'transaction');
  if (!index.ok) return missing('Nothing can be at this URL', index.reason);
  const result = await lookupTxInBlock(block.chain, block.ref, index.value);
  if (!result.found) {
    const count = result.count ?? block.data.block.transactions.length;
    return missing('No such transaction', `${block.where} has ${count} transaction${count === 1 ? '' : 's'}, so there is none at index ${index.value}.`);
  }
  const { chain, ref } = block;
  const baseHref = urls.txInBlock(chain.name, ref.kind === 'number' ? ref.number : ref.hash, index.value);
  return found(await loadView(result.data, Promise.resolve(result.block.block), parseTxTab(query.get('tab') ?? undefined), baseHref));
};
