/**
 * Wire types: the JSON the node sends and receives, all hex strings (spec §2, §4). They
 * document what the parsers in ./parse read and type what the actions send. Internal to
 * lib/rpc: components see only ./domain.ts.
 *
 * Parsers take `unknown`, not these types, because a response is only an Rpc* after it has
 * been checked; these describe the promise, the parsers enforce it.
 */
import type { Address, Hash, Hex } from 'viem';

/** A Quantity: 0x-prefixed hex, no leading zeros. */
export type RpcQuantity = `0x${string}`;
export type RpcTriple<T> = [T, T, T];

/** The default block parameter on the wire. */
export type RpcBlockTag = 'latest' | 'earliest' | 'pending' | RpcQuantity;

export interface RpcHeader {
  baseFeePerGas: RpcQuantity;
  difficulty: RpcQuantity;
  extRollupRoot: Hash;
  extTransactionsRoot: Hash;
  extraData: Hex;
  gasLimit: RpcQuantity;
  gasUsed: RpcQuantity;
  /** null for the pending block. */
  hash: Hash | null;
  /** Byte path, e.g. 0x0000 for cyprus1. */
  location: Hex;
  manifestHash: RpcTriple<Hash>;
  miner: Address | null;
  mixHash?: Hash;
  nonce: Hex | null;
  number: RpcTriple<RpcQuantity>;
  parentDeltaS: RpcTriple<RpcQuantity>;
  parentEntropy: RpcTriple<RpcQuantity>;
  parentHash: RpcTriple<Hash>;
  receiptsRoot: Hash;
  sha3Uncles: Hash;
  size?: RpcQuantity;
  stateRoot: Hash;
  timestamp: RpcQuantity;
  transactionsRoot: Hash;
}

/** Inside a block's `uncles`: hash arrays may be null. */
export interface RpcUncle extends Omit<RpcHeader, 'parentHash' | 'manifestHash'> {
  parentHash: RpcTriple<Hash | null> | null;
  manifestHash: RpcTriple<Hash | null> | null;
}

export interface RpcBlock extends RpcHeader {
  /** A JSON integer (0, 1, 2), not a Quantity. */
  order: number;
  totalEntropy: RpcQuantity;
  size: RpcQuantity;
  transactions: Hash[] | RpcTransaction[];
  extTransactions: Hash[] | RpcTransaction[];
  uncles: RpcUncle[];
  subManifest: Hash[];
}

export interface RpcAccessListEntry {
  address: Address;
  storageKeys: Hash[];
}

export interface RpcTransaction {
  blockHash: Hash | null;
  blockNumber: RpcQuantity | null;
  from: Address;
  gas: RpcQuantity;
  maxFeePerGas: RpcQuantity;
  maxPriorityFeePerGas: RpcQuantity;
  hash: Hash;
  input: Hex;
  nonce: RpcQuantity;
  to: Address | null;
  transactionIndex: RpcQuantity | null;
  value: RpcQuantity;
  type: '0x0' | '0x1' | '0x2';
  accessList: RpcAccessListEntry[];
  chainId: RpcQuantity | null;
  v: RpcQuantity | null;
  r: RpcQuantity | null;
  s: RpcQuantity | null;
  /** Type 1. */
  sender?: Address;
  /** Type 2. */
  etxGasLimit?: RpcQuantity;
  etxGasPrice?: RpcQuantity;
  etxGasTip?: RpcQuantity;
  etxData?: Hex;
  etxAccessList?: RpcAccessListEntry[];
}

export interface RpcLog {
  address: Address;
  topics: Hash[];
  data: Hex;
  blockHash: Hash | null;
  blockNumber: RpcQuantity | null;
  transactionHash: Hash | null;
  transactionIndex: RpcQuantity | null;
  logIndex: RpcQuantity | null;
  removed?: boolean;
}

export interface RpcReceipt {
  blockHash: Hash;
  blockNumber: RpcQuantity;
  transactionHash: Hash;
  transactionIndex: RpcQuantity;
  from: Address;
  to: Address | null;
  gasUsed: RpcQuantity;
  cumulativeGasUsed: RpcQuantity;
  contractAddress: Address | null;
  logs: RpcLog[];
  etxs?: RpcTransaction[] | null;
  logsBloom: Hex;
  type: '0x0' | '0x1' | '0x2';
  effectiveGasPrice: RpcQuantity;
  status: '0x0' | '0x1';
}

export interface RpcFeeHistory {
  oldestBlock: RpcQuantity;
  reward?: RpcQuantity[][];
  baseFeePerGas: RpcQuantity[];
  /** JSON numbers. */
  gasUsedRatio: number[];
}

export interface RpcAccountProof {
  address: Address;
  accountProof: Hex[];
  balance: RpcQuantity;
  codeHash: Hash;
  nonce: RpcQuantity;
  storageHash: Hash;
  storageProof: { key: Hash; value: RpcQuantity; proof: Hex[] }[];
}

/** Sender → decimal-string nonce → entry. */
export type RpcTxPoolSection<T> = Record<Address, Record<string, T>>;

export interface RpcTxPoolContent {
  pending: RpcTxPoolSection<RpcTransaction>;
  queued: RpcTxPoolSection<RpcTransaction>;
}

export interface RpcTxPoolInspect {
  pending: RpcTxPoolSection<string>;
  queued: RpcTxPoolSection<string>;
}

export interface RpcTxPoolStatus {
  pending: RpcQuantity;
  queued: RpcQuantity;
}

/** The call object of quai_call / quai_estimateGas (spec §2.6). */
export interface RpcCallRequest {
  from?: Address;
  to?: Address;
  gas?: RpcQuantity;
  gasPrice?: RpcQuantity;
  maxFeePerGas?: RpcQuantity;
  maxPriorityFeePerGas?: RpcQuantity;
  value?: RpcQuantity;
  data?: Hex;
  accessList?: RpcAccessListEntry[];
}

/** A JSON-RPC 2.0 request as sent (spec §4.1). */
export interface RpcRequest {
  jsonrpc: '2.0';
  id: number;
  method: string;
  params: unknown[];
}

/** A JSON-RPC error object. */
export interface RpcErrorObject {
  code: number;
  message: string;
  data?: unknown;
}
