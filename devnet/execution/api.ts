/**
 * The contract between the devnet's chain core (mining, headers, RPC server: devnet/*.ts) and a
 * zone's execution layer (EVM state, transactions, txpool: devnet/execution/*). The core owns
 * block production and calls into one ZoneExecution per zone; the execution layer never mines.
 *
 * Hex strings are 0x-prefixed lower-case. Block context values are bigint.
 *
 * Additive changes by the execution engineer (nothing existing changed):
 * - optional `headStateRoot()` and `setHead(stateRoot)` below: the root of the last committed block
 *   (what the pool validates against; the traffic generator reads it for pending nonces), and a way
 *   to set it after a restart from a data directory, before any new block is committed.
 * - optional `storeStats()`: entries and bytes of the zone's state node store (for debug_chaindbProperty).
 * - optional `traceTransactions(...)`: a block re-executed with tracers (debug_traceTransaction).
 * - optional `traceCall(...)`: a message run with tracers on a state, nothing kept (debug_traceCall).
 */
import type { Address, Hex } from 'viem';
import type { AccountProof } from '@/lib/protocol/proof';
import type { AccessList } from '@/lib/protocol/transaction';
import type { TxPoolSection } from '@/lib/rpc/domain';
import { StrataError } from '@/lib/protocol/errors';
import type { StructLogConfig, StructLogResult } from './struct-logger';
import type { Frame } from './tracer';

/** What the EVM sees of the block being built or queried. */
export interface BlockContext {
  /** Zone block number (number[2]). */
  readonly number: bigint;
  readonly timestamp: bigint;
  readonly miner: Address;
  readonly baseFee: bigint;
  readonly gasLimit: bigint;
  readonly difficulty: bigint;
}

/** An external transaction (type 1) as the protocol makes it: emitted in one zone, credited in another. */
export interface EtxRecord {
  readonly hash: Hex;
  /** keccak256 of raw; raw is type byte 0x01 + rlp([chainId, nonce, tip, feeCap, gas, to, value, data, accessList, sender]). */
  readonly raw: Hex;
  readonly chainId: bigint;
  readonly nonce: bigint;
  readonly gasTipCap: bigint;
  readonly gasFeeCap: bigint;
  readonly gas: bigint;
  readonly to: Address;
  readonly value: bigint;
  readonly data: Hex;
  readonly sender: Address;
  /** Hash of the transaction (type 2) that emitted it. */
  readonly originTxHash: Hex;
}

/** A transaction as the execution layer accepted it (type 0 or 2, signature checked). */
export interface TxRecord {
  readonly hash: Hex;
  readonly raw: Hex;
  readonly type: 0 | 1 | 2;
  readonly from: Address;
  readonly chainId: bigint;
  readonly nonce: bigint;
  readonly gasTipCap: bigint;
  readonly gasFeeCap: bigint;
  readonly gas: bigint;
  readonly to: Address | null;
  readonly value: bigint;
  readonly data: Hex;
  readonly accessList: AccessList;
  readonly v?: bigint;
  readonly r?: bigint;
  readonly s?: bigint;
  /** Type 2 only. */
  readonly etxGasLimit?: bigint;
  readonly etxGasPrice?: bigint;
  readonly etxGasTip?: bigint;
  readonly etxData?: Hex;
  readonly etxAccessList?: AccessList;
  /** Type 1 only. */
  readonly sender?: Address;
}

export interface LogRecord {
  readonly address: Address;
  readonly topics: readonly Hex[];
  readonly data: Hex;
}

export interface ReceiptRecord {
  readonly transactionHash: Hex;
  readonly transactionIndex: number;
  readonly type: 0 | 1 | 2;
  readonly from: Address;
  readonly to: Address | null;
  readonly status: 0 | 1;
  readonly gasUsed: bigint;
  readonly cumulativeGasUsed: bigint;
  readonly effectiveGasPrice: bigint;
  readonly contractAddress: Address | null;
  readonly logs: readonly LogRecord[];
  readonly logsBloom: Hex;
  /** ETXs this transaction emitted. */
  readonly etxs: readonly EtxRecord[];
}

/** The outcome of executing one zone block. */
export interface ExecutedBlock {
  readonly stateRoot: Hex;
  /** Internal transactions (types 0 and 2) included, in block order. */
  readonly transactions: readonly TxRecord[];
  /** The block's extTransactions: the ETXs emitted by its type 2 transactions, in order. */
  readonly extTransactions: readonly EtxRecord[];
  /** Inbound ETXs applied in this block (credited to their recipients). */
  readonly creditedEtxs: readonly EtxRecord[];
  readonly receipts: readonly ReceiptRecord[];
  readonly gasUsed: bigint;
  readonly transactionsRoot: Hex;
  readonly receiptsRoot: Hex;
  /** Trie root of extTransactions (the header's etxHash / extTransactionsRoot). */
  readonly extTransactionsRoot: Hex;
}

export interface CallRequest {
  readonly from?: Address;
  readonly to?: Address | null;
  readonly gas?: bigint;
  readonly gasPrice?: bigint;
  readonly value?: bigint;
  readonly data?: Hex;
}

/** A JSON-RPC-facing failure: the core's server maps it to a -32000 error with this message. */
export class ExecutionError extends StrataError {
  override name = 'ExecutionError';
  constructor(message: string, readonly data?: Hex) {
    super(message);
  }
}

/** The explorer's txpool sections (lib/rpc/domain) holding the execution layer's records. */
export interface PoolContent {
  /** sender -> nonce -> transaction; pending = executable now, queued = behind a nonce gap. */
  readonly pending: TxPoolSection<TxRecord>;
  readonly queued: TxPoolSection<TxRecord>;
}

/** One account as the prestate tracer reports it. */
export interface AccountSnapshot {
  readonly exists: boolean;
  readonly balance: bigint;
  readonly nonce: bigint;
  readonly code: Hex;
  /** The touched slots, 32-byte words. */
  readonly storage: ReadonlyMap<Hex, Hex>;
}

/** One transaction as debug_trace* reports it, re-executed with tracers (trace-block.ts). */
export interface TxTrace {
  readonly hash: Hex;
  readonly frame: Frame;
  readonly pre: ReadonlyMap<Address, AccountSnapshot>;
  readonly post: ReadonlyMap<Address, AccountSnapshot>;
  /** With `structLog` asked: geth's struct logger's answer. */
  readonly structLog?: StructLogResult;
}

/** What a trace asks of the re-execution. */
export interface TraceRequest {
  /** Trace only this transaction (and stop after it); all of them when absent. */
  readonly only?: Hex;
  readonly withLog?: boolean;
  /**
   * Read the touched accounts before and after (prestateTracer). Without it (callTracer) each
   * traced transaction runs once, with the recorder attached: an index tracing every block pays
   * one execution per transaction, not two.
   */
  readonly prestate?: boolean;
  /** Keep each frame's last program counters (the lastPcTracer). */
  readonly pcs?: boolean;
  /** Record every step (geth's struct logger), with its config. */
  readonly structLog?: StructLogConfig;
  /** geth's TraceConfig.timeout, in ms: a trace still running then is stopped ("execution timeout"); none when absent. */
  readonly timeoutMs?: number;
}

/**
 * One zone's execution layer. The core creates it with ZoneExecution.create(...) (see zone-execution.ts)
 * and holds the state root of every block itself; every read takes the state root to read at.
 */
export interface ZoneExecutionApi {
  /** Root of the genesis state (dev accounts funded). */
  readonly genesisStateRoot: Hex;

  /** Decode, validate (chain id, signature, zone of sender, nonce >= account nonce, balance, fee cap >= base fee floor) and pool. Returns the tx hash. */
  addRawTransaction(raw: Hex): Promise<Hex>;

  /** Execute a new block on top of `parentStateRoot`: take executable pool transactions by fee (within gasLimit), credit `inboundEtxs`, pay the miner. Does not change the pool. */
  executeBlock(parentStateRoot: Hex, ctx: BlockContext, inboundEtxs: readonly EtxRecord[]): Promise<ExecutedBlock>;

  /** The block became canonical: drop its transactions from the pool, promote queued ones whose gap closed. */
  onBlockCommitted(block: ExecutedBlock, stateRoot: Hex): Promise<void>;

  getBalance(stateRoot: Hex, address: Address): Promise<bigint>;
  getNonce(stateRoot: Hex, address: Address): Promise<bigint>;
  getCode(stateRoot: Hex, address: Address): Promise<Hex>;
  /** 32-byte value, left-padded. */
  getStorageAt(stateRoot: Hex, address: Address, slot: Hex): Promise<Hex>;
  /** EIP-1186 shaped: the type lib/protocol/proof verifies, so the explorer's checks read it as they read a node's. */
  getProof(stateRoot: Hex, address: Address, storageKeys: readonly Hex[]): Promise<AccountProof>;
  call(stateRoot: Hex, ctx: BlockContext, request: CallRequest): Promise<Hex>;
  estimateGas(stateRoot: Hex, ctx: BlockContext, request: CallRequest): Promise<bigint>;

  /** Pool views. `pending` nonce of an address = account nonce + its consecutive pending transactions. */
  poolContent(): PoolContent;
  pendingNonce(stateRoot: Hex, address: Address): Promise<bigint>;
  /** A pooled transaction by hash, if any. */
  poolTransaction(hash: Hex): TxRecord | undefined;

  /** State root of the last committed block (genesis at first). Optional: added for the traffic generator. */
  headStateRoot?(): Hex;
  /** After a restart from a data directory: the head block's state root, so the pool checks nonces against it. */
  setHead?(stateRoot: Hex): Promise<void>;
  /** Trie nodes and code stored for this zone's state (every root ever committed): count and bytes. */
  storeStats?(): { entries: number; bytes: number };
  /** A sealed block's transactions re-executed on its parent's state, the ones asked for traced (debug_trace*). */
  traceTransactions?(parentStateRoot: Hex, ctx: BlockContext, transactions: readonly TxRecord[], request: TraceRequest): Promise<TxTrace[]>;
  /** A message run with tracers on the state at `stateRoot`, as a transaction in a block of context `ctx`; nothing is kept (debug_traceCall). */
  traceCall?(stateRoot: Hex, ctx: BlockContext, request: CallRequest, trace: TraceRequest): Promise<TxTrace>;
}
