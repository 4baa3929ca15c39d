/**
 * The transaction pages' data. By hash (EIP-3091 `/tx/<hash>`): every configured zone is asked at
 * once, and each zone's request carries the transaction, its raw bytes, its receipt and the tip
 * together (one batched round trip per zone), so the page needs no second trip for them. By
 * block and index: the block (already loaded by the existence check) gives the hash, then one
 * batch asks for the transaction, its raw bytes and its receipt by the node's own methods.
 *
 * Results are shared for a few seconds between proxy.ts's existence check and the page.
 */
import type { Hex } from 'viem';
import type { Chain } from '@/lib/chains';
import type { Block, Hash, Receipt, Transaction } from '@/lib/rpc/domain';
import { describeFailure, optional, type Optional } from '@/lib/server/node-errors';
import type { BlockRef } from '@/components/block/block-id';
import { clientOf, configuredChains } from '@/components/block/data/clients';
import { lookupBlock, type BlockPageData } from '@/components/block/data/load-block';
import { coalesceShared } from '@/lib/server/coalesce';
import { getReaders } from '@/lib/server/clients';
import { cachedBlockByHash } from '@/lib/server/lookup';

export interface TxPageData {
  readonly chain: Chain;
  readonly tx: Transaction;
  /** The raw signed bytes; null when the node has none (e.g. some releases for pool transactions). */
  readonly raw: Hex | null;
  readonly receipt: Optional<Receipt | null>;
  readonly tip: bigint;
}

export type TxLookup =
  | { readonly found: true; readonly data: TxPageData }
  | { readonly found: false; readonly asked: readonly Chain[]; readonly failures: readonly { chain: Chain; error: string }[] };

const SHARE_MS = 3_000;

/** Some nodes (and the devnet) answer "0x" instead of null when they have no raw bytes. */
function rawOrNull(raw: Optional<Hex | null>): Hex | null {
  return raw.served && raw.value && raw.value !== '0x' ? raw.value : null;
}

/** A transaction by hash on whichever configured zone has it. */
export function lookupTxByHash(hash: Hash): Promise<TxLookup> {
  return coalesceShared(`tx:${hash.toLowerCase()}`, SHARE_MS, async (): Promise<TxLookup> => {
    const zones = configuredChains().filter((c) => c.level === 2);
    const answers = await Promise.all(
      zones.map(async (chain) => {
        const client = clientOf(chain);
        try {
          const [tx, raw, receipt, tip] = await Promise.all([
            client.getTransactionByHash({ hash }),
            optional('getRawTransactionByHash', () => client.getRawTransactionByHash({ hash })),
            optional('getTransactionReceipt', () => client.getTransactionReceipt({ hash })),
            client.getBlockNumber(),
          ]);
          return { chain, ok: true as const, tx, raw: rawOrNull(raw), receipt, tip };
        } catch (error) {
          return { chain, ok: false as const, error: describeFailure(error) };
        }
      }),
    );
    for (const a of answers) {
      if (a.ok && a.tx) return { found: true, data: { chain: a.chain, tx: a.tx, raw: a.raw, receipt: a.receipt, tip: a.tip } };
    }
    return {
      found: false,
      asked: zones,
      failures: answers.flatMap((a) => (a.ok ? [] : [{ chain: a.chain, error: a.error }])),
    };
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
    return { found: true, block: block.data, data: { chain, tx, raw: rawOrNull(raw), receipt, tip } };
  });
}

/** The block that includes a mined transaction (for its time and base fee); cached by hash forever. */
export async function includingBlock(chain: Chain, tx: Transaction): Promise<Block<'hashes'> | null> {
  if (!tx.blockHash) return null;
  const reader = getReaders().byName.get(chain.name);
  if (!reader) return null;
  return (await cachedBlockByHash(reader, tx.blockHash)) ?? null;
}
