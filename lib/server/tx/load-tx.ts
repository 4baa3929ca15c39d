/**
 * The transaction pages' data. By hash (EIP-3091 `/tx/<hash>`): every configured zone is asked at
 * once, and each zone's request carries the transaction, its raw bytes, its receipt and the tip
 * together (one batched round trip per zone), so the page needs no second trip for them. By
 * block and index: the block (already loaded by the existence check) gives the hash, then one
 * batch asks for the transaction, its raw bytes and its receipt by the node's own methods.
 *
 * Results are shared for a few seconds between proxy.ts's existence check and the page. The
 * by-hash lookup is lib/server's findTransaction, the same one search uses.
 */
import type { Chain } from '@/lib/protocol/chains';
import type { Block, Hash, Transaction } from '@/lib/rpc/domain';
import { optional } from '@/lib/server/node/node-errors';
import type { BlockRef } from '@/lib/routes/params/block-id';
import { lookupBlock, type BlockPageData } from '@/lib/server/block/load-block';
import { coalesceShared } from '@/lib/server/cache/coalesce';
import { clientOf, configuredClients, getClients } from '@/lib/server/node/clients';
import { cachedBlockByHash, findTransaction, rawBytesOrNull, type TransactionLookup, type ZoneTransaction } from '@/lib/server/node/lookup';
import { answerReport, prefixed, type AnswerReport } from '@/lib/checks/answer';
import { checkReceipt, checkTxAnswer, checkTxAtIndex } from '@/lib/checks/tx-answer';

/**
 * What the transaction pages show: the transaction on its zone, its raw bytes, receipt and the
 * tip, and the answers checked against the question (hash, raw bytes, receipt).
 */
export type TxPageData = ZoneTransaction & { readonly answers: AnswerReport };

export type TxByHashLookup =
  | { readonly found: true; readonly data: TxPageData }
  | Extract<TransactionLookup, { readonly found: false }>;

const SHARE_MS = 3_000;

const receiptOf = (data: ZoneTransaction) => (data.receipt.served ? data.receipt.value : null);

/** A transaction by hash on whichever configured zone has it (lib/server's findTransaction). */
export function lookupTxByHash(hash: Hash): Promise<TxByHashLookup> {
  return coalesceShared(`tx:${hash.toLowerCase()}`, SHARE_MS, async (): Promise<TxByHashLookup> => {
    const result = await findTransaction(configuredClients(), hash);
    if (!result.found) return result;
    const { data } = result;
    return { found: true, data: { ...data, answers: checkTxAnswer(hash, data.tx, data.raw, receiptOf(data)) } };
  });
}

export type TxInBlockLookup =
  | { readonly found: true; readonly data: TxPageData; readonly block: BlockPageData }
  | { readonly found: false; readonly reason: 'no-block' | 'no-index'; readonly count?: number };

/** The transaction at `index` of a block, by the node's ...ByBlock{Number,Hash}AndIndex methods. */
export function lookupTxInBlock(chain: Chain, ref: BlockRef, index: number): Promise<TxInBlockLookup> {
  const key = `txi:${chain.name}:${ref.kind === 'number' ? ref.number : ref.hash}:${index}`;
  return coalesceShared(key, SHARE_MS, async (): Promise<TxInBlockLookup> => {
    const block = await lookupBlock(chain, ref);
    if (!block.found) return { found: false, reason: 'no-block' };
    const listed = block.data.block.transactions[index];
    if (!listed) return { found: false, reason: 'no-index', count: block.data.block.transactions.length };
    const client = clientOf(chain);
    const byRef =
      ref.kind === 'number'
        ? ([
            client.getTransactionByBlockNumberAndIndex({ blockNumber: ref.number, index }),
            optional('getRawTransactionByBlockNumberAndIndex', () =>
              client.getRawTransactionByBlockNumberAndIndex({ blockNumber: ref.number, index }),
            ),
          ] as const)
        : ([
            client.getTransactionByBlockHashAndIndex({ blockHash: ref.hash, index }),
            optional('getRawTransactionByBlockHashAndIndex', () =>
              client.getRawTransactionByBlockHashAndIndex({ blockHash: ref.hash, index }),
            ),
          ] as const);
    const [tx, raw, receipt, tip] = await Promise.all([
      byRef[0],
      byRef[1],
      optional('getTransactionReceipt', () => client.getTransactionReceipt({ hash: listed.hash })),
      client.getBlockNumber(),
    ]);
    if (!tx) return { found: false, reason: 'no-index', count: block.data.block.transactions.length };
    const rawBytes = rawBytesOrNull(raw);
    const rcpt = receipt.served ? receipt.value : null;
    // The block's own answer too: a transaction checked against the wrong block proves little.
    const answers = answerReport([
      ...prefixed(block.data.answers, 'block').checks,
      ...checkTxAtIndex({ hash: block.data.block.hash, listedHash: listed.hash }, index, tx, rawBytes),
      ...(rcpt ? checkReceipt(tx, rcpt) : []),
    ]);
    return { found: true, block: block.data, data: { chain, tx, raw: rawBytes, receipt, tip, answers } };
  });
}

/** The block that includes a mined transaction (for its time and base fee); cached by hash forever. */
export async function includingBlock(chain: Chain, tx: Transaction): Promise<Block<'hashes'> | null> {
  if (!tx.blockHash) return null;
  const client = getClients().get(chain.name);
  if (!client) return null;
  return (await cachedBlockByHash(client, tx.blockHash)) ?? null;
}
