/**
 * Cross-chain lookups: a hash or a height means something on several chains of a sharded
 * network, so these ask every configured chain at once (one batched request per chain) and
 * report what each said — including which chains could not be asked. They take the loaders'
 * facade, the typed clients (clients.ts), and read through each client's reader.
 */
import type { Hex } from 'viem';
import type { Chain } from '@/lib/protocol/chains';
import type { Block, Hash, Receipt, Transaction } from '@/lib/rpc/domain';
import { describeFailure, isNodeDown, optional, type Optional } from './node-errors';
import { memoImmutable } from '@/lib/server/cache/lru';
import { processWide } from '@/lib/ops/process-wide';
import type { ChainClient } from '@/lib/rpc/client';
import { readerFor } from './clients';
import type { ChainReader } from './reader';
import type { ChainFailure, HashLookup, HeightLookup } from '@/lib/search/lookup-types';
import { unreadableAnswer } from '@/lib/rpc/unreadable';

export type { ChainFailure, HashLookup, HeightLookup } from '@/lib/search/lookup-types';

/** One chain's failed lookup: the line for the reader, and what was unreadable when that was the cause. */
function failureOf(chain: Chain, error: unknown): ChainFailure {
  const unreadable = unreadableAnswer(error);
  if (unreadable) return { chain, error: describeFailure(error), unreadable };
  return isNodeDown(error) ? { chain, error: describeFailure(error), down: true } : { chain, error: describeFailure(error) };
}

/**
 * A block by hash never changes (the hash commits to every field, and the transactions through
 * their root): found blocks are cached forever, per reader, with and without full transactions.
 * One per process (lib/ops/process-wide.ts): proxy.ts, the pages and server.ts are bundled
 * apart and all look blocks up by hash; a module-level cache would give each bundle its own.
 */
type ByHash<T> = (hash: Hash) => Promise<T | null | undefined>;
interface BlockCaches {
  readonly hashes: ByHash<Block<'hashes'>>;
  readonly full: ByHash<Block<'full'>>;
}

function blockCachesOf(reader: ChainReader): BlockCaches {
  const all = processWide('blocks-by-hash', () => new WeakMap<ChainReader, BlockCaches>());
  let caches = all.get(reader);
  if (!caches) {
    // Only the block asked for is immutable: a node answering with another block (checked and
    // flagged by lib/checks/block-answer) must not pin that answer under the hash forever.
    const isAsked = (h: Hash, block: { readonly hash: Hash }) => block.hash.toLowerCase() === h;
    caches = {
      hashes: memoImmutable((h: Hash) => reader.blockByHash(h, false), 512, { keep: isAsked, name: 'block-by-hash' }),
      full: memoImmutable((h: Hash) => reader.blockByHash(h, true), 256, { keep: isAsked, name: 'full-block-by-hash' }),
    };
    all.set(reader, caches);
  }
  return caches;
}

function blockByHashOf(reader: ChainReader, hash: Hash, full: boolean): Promise<Block<'hashes'> | Block<'full'> | null | undefined> {
  const caches = blockCachesOf(reader);
  const key = hash.toLowerCase() as Hash;
  return full ? caches.full(key) : caches.hashes(key);
}

/** A block by hash on one chain (transaction hashes, or full with `full`), from the immutable cache when seen before. */
export function cachedBlockByHash(client: ChainClient, hash: Hash, full?: false): Promise<Block<'hashes'> | null | undefined>;
export function cachedBlockByHash(client: ChainClient, hash: Hash, full: true): Promise<Block<'full'> | null | undefined>;
export function cachedBlockByHash(client: ChainClient, hash: Hash, full = false): Promise<Block<'hashes'> | Block<'full'> | null | undefined> {
  return blockByHashOf(readerFor(client), hash, full);
}

/** A transaction as one zone knows it: everything the transaction page shows. */
export interface ZoneTransaction {
  readonly chain: Chain;
  readonly tx: Transaction;
  /** The raw signed bytes; null when the node has none (e.g. some releases for pool transactions). */
  readonly raw: Hex | null;
  readonly receipt: Optional<Receipt | null>;
  readonly tip: bigint;
}

export type TransactionLookup =
  | { readonly found: true; readonly data: ZoneTransaction }
  | { readonly found: false; readonly asked: readonly Chain[]; readonly failures: readonly ChainFailure[] };

/** Some nodes (and the devnet) answer "0x" instead of null when they have no raw bytes. */
export function rawBytesOrNull(raw: Optional<Hex | null>): Hex | null {
  return raw.served && raw.value && raw.value !== '0x' ? raw.value : null;
}

/**
 * A transaction by hash on one zone, with its raw bytes, its receipt and the tip asked together
 * (one batch), so a page showing it needs no second trip. null when the zone does not know it.
 */
async function readTransaction(reader: ChainReader, hash: Hash): Promise<ZoneTransaction | null> {
  const [tx, raw, receipt, tip] = await Promise.all([
    reader.transactionByHash(hash),
    optional('getRawTransactionByHash', () => reader.rawTransactionByHash(hash)),
    optional('getTransactionReceipt', () => reader.transactionReceipt(hash)),
    reader.blockNumber(),
  ]);
  return tx ? { chain: reader.chain, tx, raw: rawBytesOrNull(raw), receipt, tip } : null;
}

/** A transaction by hash on whichever zone among `clients` has it; every zone is asked at once. */
export async function findTransaction(clients: readonly ChainClient[], hash: Hash): Promise<TransactionLookup> {
  const zones = clients.map(readerFor).filter((r) => r.chain.level === 2);
  const answers = await Promise.all(
    zones.map(async (reader) => {
      try {
        return { chain: reader.chain, ok: true as const, found: await readTransaction(reader, hash) };
      } catch (error) {
        return { chain: reader.chain, ok: false as const, failure: failureOf(reader.chain, error) };
      }
    }),
  );
  for (const a of answers) if (a.ok && a.found) return { found: true, data: a.found };
  return {
    found: false,
    asked: zones.map((r) => r.chain),
    failures: answers.flatMap((a) => (a.ok ? [] : [a.failure])),
  };
}

/** A block hash looked up on every chain at once (a coincident block has the same hash on each of its chains). */
export async function blocksByHash(
  clients: readonly ChainClient[],
  hash: Hash,
): Promise<{ readonly blocks: HashLookup['blocks']; readonly failures: readonly ChainFailure[] }> {
  const readers = clients.map(readerFor);
  const settled = await Promise.allSettled(readers.map((reader) => blockByHashOf(reader, hash, false) as Promise<Block<'hashes'> | null | undefined>));
  const blocks: Array<{ chain: Chain; block: Block<'hashes'> }> = [];
  const failures: ChainFailure[] = [];
  readers.forEach((reader, i) => {
    const s = settled[i];
    if (s?.status === 'fulfilled' && s.value) blocks.push({ chain: reader.chain, block: s.value });
    if (s?.status === 'rejected') failures.push(failureOf(reader.chain, s.reason));
  });
  return { blocks, failures };
}

/**
 * A 32-byte hash may be a block (on any chain) or a transaction (on any zone). Asks everything
 * in parallel: per chain, its block and transaction lookups go out together (one batch). The
 * transaction is read as findTransaction reads it (the transaction page's batch), so search and
 * the transaction page share one per-zone lookup.
 */
export async function findByHash(clients: readonly ChainClient[], hash: Hash): Promise<HashLookup> {
  const readers = clients.map(readerFor);
  const zones = readers.filter((r) => r.chain.level === 2);
  const [byHash, txs] = await Promise.all([
    blocksByHash(clients, hash),
    Promise.allSettled(zones.map((reader) => readTransaction(reader, hash))),
  ]);
  const { blocks } = byHash;
  const transactions: Array<{ chain: Chain; transaction: Transaction }> = [];
  const txFailures = new Map<Chain, ChainFailure>();
  zones.forEach((reader, i) => {
    const tx = txs[i];
    if (tx?.status === 'fulfilled' && tx.value) transactions.push({ chain: reader.chain, transaction: tx.value.tx });
    if (tx?.status === 'rejected') txFailures.set(reader.chain, failureOf(reader.chain, tx.reason));
  });
  // Report each chain once, in chain order: a node that is down fails both lookups the same way.
  const failures = readers.flatMap((reader): ChainFailure[] => {
    const blockFailure = byHash.failures.find((f) => f.chain === reader.chain);
    if (blockFailure) return [blockFailure];
    const txFailure = txFailures.get(reader.chain);
    return txFailure === undefined ? [] : [txFailure];
  });
  return { blocks, transactions, askedBlockChains: readers.length, askedTransactionZones: zones.length, failures };
}

/**
 * A height names one block per chain (each chain counts its own blocks): asks each configured
 * chain for its block at that height and its tip, in one batch per chain.
 */
export async function blocksAtHeight(clients: readonly ChainClient[], height: bigint): Promise<HeightLookup> {
  const settled = await Promise.all(
    clients.map(readerFor).map(async (reader) => {
      try {
        const [block, tip] = await Promise.all([reader.blockByNumber(height, false), reader.blockNumber()]);
        return { ok: true as const, chain: reader.chain, block, tip };
      } catch (error) {
        return { ok: false as const, failure: failureOf(reader.chain, error) };
      }
    }),
  );
  const results: Array<HeightLookup['results'][number]> = [];
  const failures: ChainFailure[] = [];
  for (const s of settled) {
    if (s.ok) results.push({ chain: s.chain, block: s.block, tip: s.tip });
    else failures.push(s.failure);
  }
  return { results, failures };
}
