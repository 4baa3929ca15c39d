/**
 * What the index keeps of one zone block, made from the node's full block and its receipts.
 * Pure: the writer fetches, this shapes, the derivations store.
 *
 * Whose transaction is it: an internal transaction (type 0) belongs to its sender and its
 * recipient (or the contract it created); a type 2 sends an ETX, so its recipient lives in
 * another zone and is recorded there, when the destination block credits it (type 1, whose
 * `from` is the zero address and whose originating account is `sender`).
 */
import { zoneOf, type ChainName } from '@/lib/protocol/chains';
import { tokenTransfersOf, type TokenTransfer } from '@/lib/decode/token-transfers';
import type { Address, Block, Hash, Hex, Receipt, Transaction } from '@/lib/rpc/domain';

export interface IndexedTx {
  readonly index: number;
  readonly hash: Hash;
  readonly type: 0 | 1 | 2;
  /** The originating account: `from`, or an ETX's `sender`. */
  readonly from: Address;
  /** null for a contract creation. */
  readonly to: Address | null;
  readonly contractAddress: Address | null;
  readonly value: bigint;
  readonly nonce: bigint;
  readonly gas: bigint;
  readonly gasUsed: bigint | null;
  readonly gasPrice: bigint | null;
  /** null when the node served no receipt. */
  readonly status: 'success' | 'reverted' | null;
  /** The first four bytes of the input (a method selector), null when shorter. */
  readonly method: Hex | null;
  /** ETXs: the other zone (the destination of a type 2, the origin of a type 1). */
  readonly otherChain: ChainName | null;
  /** ERC-20, ERC-721 and ERC-1155 movements in its receipt's logs (empty without a receipt). */
  readonly tokenTransfers: readonly TokenTransfer[];
  /** The ETXs a type 2 emitted (its receipt's `etxs`): each one's hash and destination zone. */
  readonly etxs: readonly EmittedEtx[];
  /** Its receipt's logs (empty without a receipt, and for a reverted transaction). */
  readonly logs: readonly IndexedLog[];
}

export interface IndexedLog {
  /** The log's index in its block. */
  readonly logIndex: number;
  readonly address: Address;
  readonly topics: readonly Hash[];
  readonly data: Hex;
}

/** Who mined a block, or an uncle it includes (`uncle` its position in the block's uncle list). */
export interface MinedBy {
  readonly uncle: number | null;
  readonly miner: Address;
  /** An uncle's own hash and zone height (absent for the block's own entry, and in tests' blocks). */
  readonly hash?: Hash | null;
  readonly number?: bigint | null;
}

/**
 * A block's own figures, stored as columns of its `blocks` row for the lists of blocks: the
 * highest chain it is coincident in (0 prime, 1 region, 2 zone), gas, base fee, difficulty, and
 * how many ETXs it emitted and uncles it includes.
 */
export interface BlockFacts {
  readonly order: 0 | 1 | 2;
  readonly gasUsed: bigint;
  readonly gasLimit: bigint;
  readonly baseFee: bigint;
  readonly difficulty: bigint;
  readonly etxCount: number;
  readonly uncleCount: number;
}

export interface EmittedEtx {
  readonly hash: Hash;
  readonly destination: ChainName;
}

export interface IndexedBlock {
  readonly chain: ChainName;
  /** The zone's own height, number[2]. */
  readonly number: bigint;
  readonly hash: Hash;
  /** The zone-level parent, parentHash[2]. */
  readonly parentHash: Hash;
  readonly numberPrime: bigint;
  readonly numberRegion: bigint;
  readonly timestamp: bigint;
  readonly transactions: readonly IndexedTx[];
  /** The block's coinbase, then each included uncle's. */
  readonly mined: readonly MinedBy[];
  /** Its figures (absent in blocks a test shapes without them: the columns stay null). */
  readonly facts?: BlockFacts;
  /** The header's figures the chain's statistics sum (absent in a block a test shapes by hand). */
  readonly header?: BlockFigures;
}

/** What the chain-stats rollups take from a block's header. */
export interface BlockFigures {
  readonly difficulty: bigint;
  readonly gasUsed: bigint;
  readonly gasLimit: bigint;
  readonly baseFee: bigint;
  /** Uncles the block includes. */
  readonly uncles: number;
}

/** The block's own miner (`blocks.miner`), null when the block was shaped without it (a test's). */
export const minerOf = (block: IndexedBlock): Address | null => block.mined.find((m) => m.uncle === null)?.miner ?? null;

function otherChainOf(tx: Transaction, chain: ChainName): ChainName | null {
  if (tx.type === 2 && tx.to) return zoneOf(tx.to).name;
  if (tx.type === 1) {
    const origin = zoneOf(tx.sender).name;
    return origin === chain ? null : origin;
  }
  return null;
}

/** Shapes a full zone block and its receipts (by transaction hash; missing ones give null fields). */
export function toIndexedBlock(chain: ChainName, block: Block<'full'>, receipts: ReadonlyMap<Hash, Receipt>): IndexedBlock {
  return {
    chain,
    number: block.number[2],
    hash: block.hash,
    parentHash: block.parentHash[2],
    numberPrime: block.number[0],
    numberRegion: block.number[1],
    timestamp: block.timestamp,
    header: { difficulty: block.difficulty, gasUsed: block.gasUsed, gasLimit: block.gasLimit, baseFee: block.baseFeePerGas, uncles: block.uncles.length },
    mined: [
      { uncle: null, miner: block.miner },
      ...block.uncles.flatMap((u, i) => (u.miner ? [{ uncle: i, miner: u.miner, hash: u.hash, number: u.number[2] }] : [])),
    ],
    facts: {
      order: block.order,
      gasUsed: block.gasUsed,
      gasLimit: block.gasLimit,
      baseFee: block.baseFeePerGas,
      difficulty: block.difficulty,
      etxCount: block.extTransactions.length,
      uncleCount: block.uncles.length,
    },
    transactions: block.transactions.map((tx, i): IndexedTx => {
      const receipt = receipts.get(tx.hash);
      return {
        index: tx.transactionIndex ?? i,
        hash: tx.hash,
        type: tx.type,
        from: tx.type === 1 ? tx.sender : tx.from,
        to: tx.to,
        contractAddress: receipt?.contractAddress ?? null,
        value: tx.value,
        nonce: tx.nonce,
        gas: tx.gas,
        gasUsed: receipt?.gasUsed ?? null,
        gasPrice: receipt?.effectiveGasPrice ?? null,
        status: receipt?.status ?? null,
        method: tx.input.length >= 10 ? (tx.input.slice(0, 10).toLowerCase() as Hex) : null,
        otherChain: otherChainOf(tx, chain),
        // A reverted transaction's logs are discarded by the EVM; a receipt never lists them.
        tokenTransfers: receipt ? tokenTransfersOf(receipt.logs) : [],
        etxs: (receipt?.etxs ?? []).flatMap((etx) => (etx.to ? [{ hash: etx.hash, destination: zoneOf(etx.to).name }] : [])),
        logs: (receipt?.logs ?? []).map((log, j) => ({ logIndex: log.logIndex ?? j, address: log.address, topics: log.topics, data: log.data })),
      };
    }),
  };
}

export const ROLE_SENDER = 1;
export const ROLE_RECIPIENT = 2;
export const ROLE_CREATED = 4;

/**
 * The history rows of one transaction: each address it concerns, with its roles. A type 2's
 * recipient is in another zone and gets its row when that zone credits the ETX.
 */
export function addressRoles(tx: IndexedTx): Map<Address, number> {
  const roles = new Map<Address, number>();
  const add = (address: Address | null, role: number): void => {
    if (!address) return;
    const key = address.toLowerCase() as Address;
    roles.set(key, (roles.get(key) ?? 0) | role);
  };
  add(tx.from, ROLE_SENDER);
  if (tx.type !== 2) add(tx.to, ROLE_RECIPIENT);
  add(tx.contractAddress, ROLE_CREATED);
  return roles;
}
