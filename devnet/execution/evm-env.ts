/**
 * The ethereumjs pieces one zone runs on: a Common (Shanghai rules, the network's chain id), a
 * Merkle state manager over the never-pruned node store, and an EVM bound to it. Two of them per
 * zone share the store: one executes blocks, the other serves reads (call, estimateGas, proofs),
 * so a slow block does not hold up the RPC server and vice versa.
 */
import { createCustomCommon, Hardfork, Mainnet, type Common } from '@ethereumjs/common';
import { createEVM, type EVM } from '@ethereumjs/evm';
import { MerklePatriciaTrie } from '@ethereumjs/mpt';
import { Caches, MerkleStateManager } from '@ethereumjs/statemanager';
import { Address as EthAddress, bigIntToBytes, createAddressFromString, setLengthLeft, ValueEncoding } from '@ethereumjs/util';
import type { Address } from 'viem';
import type { BlockContext } from './api';
import { Mutex } from './mutex';
import type { NodeDB } from './node-db';

/**
 * Shanghai: the newest fork without blobs or beacon-root system calls, and what solc ≥ 0.8.20
 * targets by default (PUSH0). go-quai of 2023 ran London-era rules; Shanghai only adds PUSH0,
 * warm coinbase and the initcode limit, none of which an explorer can tell apart.
 */
export const HARDFORK = Hardfork.Shanghai;

export interface ExecEnv {
  readonly common: Common;
  readonly stateManager: MerkleStateManager;
  readonly evm: EVM;
  /** Held by whoever positions stateManager at a root, until done with it. */
  readonly lock: Mutex;
}

export function makeCommon(chainId: bigint): Common {
  return createCustomCommon({ chainId: Number(chainId) }, Mainnet, { hardfork: HARDFORK });
}

/**
 * `cached`: account/storage/code caches in front of the trie, flushed when the state root is taken;
 * a block then rewrites each touched trie path once instead of once per transaction.
 */
export async function makeEnv(common: Common, db: NodeDB, cached = false): Promise<ExecEnv> {
  const trie = new MerklePatriciaTrie({ db, useKeyHashing: true, valueEncoding: ValueEncoding.Bytes, common });
  const stateManager = new MerkleStateManager({ trie, common, caches: cached ? new Caches() : undefined });
  const evm = await createEVM({ common, stateManager });
  return { common, stateManager, evm, lock: new Mutex() };
}

export function ethAddress(address: Address | string): EthAddress {
  return createAddressFromString(address);
}

/** The block as the EVM sees it. PREVRANDAO (ex-DIFFICULTY) returns the PoW difficulty. */
export function evmBlock(ctx: BlockContext) {
  return {
    header: {
      number: ctx.number,
      coinbase: ethAddress(ctx.miner),
      timestamp: ctx.timestamp,
      difficulty: ctx.difficulty,
      prevRandao: setLengthLeft(bigIntToBytes(ctx.difficulty), 32),
      gasLimit: ctx.gasLimit,
      baseFeePerGas: ctx.baseFee,
      getBlobGasPrice: (): bigint | undefined => undefined,
    },
  };
}

/**
 * EIP-2929/3651 warm set at the start of a transaction: sender, recipient, coinbase, precompiles
 * and the access list, as ethereumjs's VM.runTx does (the EVM alone does not do it).
 */
export function warmUp(
  evm: EVM,
  from: Address,
  to: Address | null | undefined,
  coinbase: Address,
  accessList: readonly { address: Address; storageKeys: readonly string[] }[] = [],
): void {
  evm.journal.cleanJournal();
  evm.journal.addAlwaysWarmAddress(from.toLowerCase());
  if (to) evm.journal.addAlwaysWarmAddress(to.toLowerCase());
  evm.journal.addAlwaysWarmAddress(coinbase.toLowerCase());
  for (const precompile of evm.precompiles.keys()) evm.journal.addAlwaysWarmAddress(precompile);
  for (const item of accessList) {
    evm.journal.addAlwaysWarmAddress(item.address.toLowerCase());
    for (const key of item.storageKeys) evm.journal.addAlwaysWarmSlot(item.address.toLowerCase(), key);
  }
}
