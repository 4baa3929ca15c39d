/**
 * Domain types of the RPC client: what pages and components see. Quantities are `bigint`,
 * small counters that can never exceed 2^53 (order, indexes, locations) are `number`, byte
 * strings stay `0x` hex. [Prime, Region, Zone] arrays are fixed `readonly [T, T, T]` tuples.
 *
 * The JSON shapes these come from live in ./wire.ts and never leave lib/rpc/.
 * Field meanings: go-quai's JSON-RPC (internal/quaiapi, v0.20), as docs/rpc-client.md lists them.
 */
import type { Address, Hash, Hex } from 'viem';

export type { Address, Hash, Hex };

/** A [Prime, Region, Zone] triple, in descending context order. */
export type Triple<T> = readonly [T, T, T];

/** 0 prime, 1 region, 2 zone: the highest context a block is coincident in. */
export type BlockOrder = 0 | 1 | 2;

/** A named block tag of the default block parameter (spec §2.2). */
export type BlockTagName = 'latest' | 'earliest' | 'pending';
/** The default block parameter: a tag or a (zone) block number. */
export type BlockTag = BlockTagName | bigint;

/** A block named by its number or its hash, as a page's URL or a question names it. */
export type BlockRef = { readonly kind: 'number'; readonly number: bigint } | { readonly kind: 'hash'; readonly hash: Hash };

/**
 * A node's location as `quai_nodeLocation` reports it: [region, zone] for a zone node; a
 * region node reports [region] and prime [] (the byte path of lib/protocol/chains.ts `location`).
 */
export type NodeLocation = readonly [number, number] | readonly [number] | readonly [];

/**
 * A block header (spec §2.3). `TPending` is true only for the `pending` block, whose
 * `hash`, `nonce` and `miner` the node reports as null.
 */
export interface Header<TPending extends boolean = false> {
  readonly hash: TPending extends true ? null : Hash;
  readonly parentHash: Triple<Hash>;
  readonly number: Triple<bigint>;
  readonly parentEntropy: Triple<bigint>;
  readonly parentDeltaS: Triple<bigint>;
  readonly manifestHash: Triple<Hash>;
  readonly miner: TPending extends true ? null : Address;
  readonly nonce: TPending extends true ? null : Hex;
  readonly difficulty: bigint;
  readonly gasLimit: bigint;
  readonly gasUsed: bigint;
  readonly baseFeePerGas: bigint;
  readonly timestamp: bigint;
  /** The location byte path: `0x` prime, `0x0r` region, `0xrrzz` zone. */
  readonly location: Hex;
  readonly extraData: Hex;
  readonly stateRoot: Hash;
  readonly transactionsRoot: Hash;
  readonly extTransactionsRoot: Hash;
  readonly extRollupRoot: Hash;
  readonly receiptsRoot: Hash;
  readonly sha3Uncles: Hash;
  /** Present when the node sends it (go-quai's JSON header omits it in some releases). */
  readonly mixHash?: Hash;
  /** Header responses carry a `size` in samples; undefined when the node leaves it out. */
  readonly size?: bigint;
}

/**
 * An uncle: a full header whose `parentHash` / `manifestHash` a real node may send as null
 * (the whole array or single entries), because uncles are marshalled without their manifests.
 * `getUncleBy*` answers in block shape, so the block-only figures may be present.
 */
export interface Uncle extends Omit<Header, 'parentHash' | 'manifestHash'> {
  readonly parentHash: Triple<Hash | null> | null;
  readonly manifestHash: Triple<Hash | null> | null;
  readonly order?: BlockOrder;
  readonly totalEntropy?: bigint;
}

/** How a block lists its transactions: hashes (`full = false`) or objects (`full = true`). */
export type TransactionDetail = 'hashes' | 'full';

/** A block (spec §2.4): a header plus order, entropy, size and contents. */
export interface Block<TDetail extends TransactionDetail = 'hashes', TPending extends boolean = false>
  extends Header<TPending> {
  readonly order: BlockOrder;
  readonly totalEntropy: bigint;
  readonly size: bigint;
  readonly transactions: TDetail extends 'full' ? readonly Transaction[] : readonly Hash[];
  /** External transactions (ETXs) emitted by this block. */
  readonly extTransactions: TDetail extends 'full' ? readonly Transaction[] : readonly Hash[];
  readonly uncles: readonly Uncle[];
  /** Subordinate block hashes since the last coincident block; always empty in zone blocks. */
  readonly subManifest: readonly Hash[];
}

export interface AccessListEntry {
  readonly address: Address;
  readonly storageKeys: readonly Hash[];
}
export type AccessList = readonly AccessListEntry[];

/** Fields every transaction type shares. Inclusion fields are null while pending. */
interface TransactionBase {
  readonly hash: Hash;
  readonly blockHash: Hash | null;
  /** The zone block number that includes it. */
  readonly blockNumber: bigint | null;
  readonly transactionIndex: number | null;
  readonly from: Address;
  /** null for a contract creation. */
  readonly to: Address | null;
  readonly nonce: bigint;
  readonly value: bigint;
  readonly gas: bigint;
  readonly maxFeePerGas: bigint;
  readonly maxPriorityFeePerGas: bigint;
  readonly input: Hex;
  readonly accessList: AccessList;
  /** null when pending, as some node releases report it. */
  readonly chainId: bigint | null;
}

/** Type 0: an ordinary signed internal transaction. */
export interface InternalTransaction extends TransactionBase {
  readonly type: 0;
  readonly v: bigint;
  readonly r: bigint;
  readonly s: bigint;
}

/**
 * Type 1: an external transaction (ETX) made by the protocol, unsigned. `from` is the zero
 * address; the originating account is `sender`.
 */
export interface ExternalTransaction extends TransactionBase {
  readonly type: 1;
  readonly sender: Address;
  readonly v: bigint | null;
  readonly r: bigint | null;
  readonly s: bigint | null;
}

/** Type 2: an internal transaction that emits an ETX to another zone. */
export interface InternalToExternalTransaction extends TransactionBase {
  readonly type: 2;
  readonly v: bigint;
  readonly r: bigint;
  readonly s: bigint;
  readonly etxGasLimit: bigint;
  readonly etxGasPrice: bigint;
  readonly etxGasTip: bigint;
  readonly etxData: Hex;
  readonly etxAccessList: AccessList;
}

/** A transaction object (spec §2.5), discriminated on `type`. */
export type Transaction = InternalTransaction | ExternalTransaction | InternalToExternalTransaction;
export type TransactionType = Transaction['type'];

export interface Log {
  readonly address: Address;
  readonly topics: readonly Hash[];
  readonly data: Hex;
  readonly blockHash: Hash | null;
  readonly blockNumber: bigint | null;
  readonly transactionHash: Hash | null;
  readonly transactionIndex: number | null;
  readonly logIndex: number | null;
  readonly removed: boolean;
}

/** `quai_getTransactionReceipt` (beyond the spec; see protocol notes). */
export interface Receipt {
  readonly transactionHash: Hash;
  readonly transactionIndex: number;
  readonly blockHash: Hash;
  readonly blockNumber: bigint;
  readonly from: Address;
  readonly to: Address | null;
  readonly type: TransactionType;
  readonly status: 'success' | 'reverted';
  readonly gasUsed: bigint;
  readonly cumulativeGasUsed: bigint;
  readonly effectiveGasPrice: bigint;
  /** Address of the created contract; null when the transaction was not a creation. */
  readonly contractAddress: Address | null;
  readonly logs: readonly Log[];
  readonly logsBloom: Hex;
  /** ETXs the transaction emitted (type 2 only; empty otherwise). */
  readonly etxs: readonly Transaction[];
}

/** `quai_feeHistory` (spec §2.8). */
export interface FeeHistory {
  readonly oldestBlock: bigint;
  readonly baseFeePerGas: readonly bigint[];
  readonly gasUsedRatio: readonly number[];
  /** Per block, one value per requested percentile; undefined when no percentiles were asked. */
  readonly reward?: readonly (readonly bigint[])[];
}

/**
 * `quai_getProof` (spec §2.7), EIP-1186 shaped: the type lib/protocol/proof.ts verifies
 * (`verifyAccountProof(stateRoot, proof)`), shared so a parsed proof goes straight in.
 */
export type { AccountProof, StorageProofEntry as StorageProof } from '@/lib/protocol/proof';

/** Sender → nonce → entry: the shape of a txpool section (spec §2.9). */
export type TxPoolSection<T> = ReadonlyMap<Address, ReadonlyMap<bigint, T>>;

/** `txpool_content` / `txpool_contentFrom`. */
export interface TxPoolContent {
  readonly pending: TxPoolSection<Transaction>;
  readonly queued: TxPoolSection<Transaction>;
}

/** `txpool_inspect`: summary strings, opaque (their format differs between releases). */
export interface TxPoolInspect {
  readonly pending: TxPoolSection<string>;
  readonly queued: TxPoolSection<string>;
}

/** `txpool_status`. */
export interface TxPoolStatus {
  readonly pending: bigint;
  readonly queued: bigint;
}

/**
 * `quai_syncing`: false when synced (prime only, spec §1), true or a progress object
 * (quantity fields, e.g. currentBlock / highestBlock) while syncing.
 */
export type SyncStatus = false | true | Readonly<Record<string, bigint>>;

/** The call object of `quai_call` / `quai_estimateGas` (spec §2.6). */
export interface CallRequest {
  readonly from?: Address;
  readonly to?: Address;
  readonly gas?: bigint;
  readonly gasPrice?: bigint;
  readonly maxFeePerGas?: bigint;
  readonly maxPriorityFeePerGas?: bigint;
  readonly value?: bigint;
  readonly data?: Hex;
  readonly accessList?: AccessList;
}
