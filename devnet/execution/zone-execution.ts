/**
 * One zone's execution layer: EVM state over a never-pruned trie, the transaction pool, block
 * execution and every state read, behind the ZoneExecutionApi contract the devnet core calls.
 *
 * Why two ethereumjs environments: the state manager is positioned at one root at a time, so every
 * use holds a lock; blocks execute on `exec`, RPC reads (balances, calls, proofs) on `read`, both
 * over the same node store, so neither waits for the other.
 */
import { join } from 'node:path';
import { Account, bigIntToBytes, bytesToHex, hexToBytes, setLengthLeft } from '@ethereumjs/util';
import { getMerkleStateProof } from '@ethereumjs/statemanager';
import { decodeAbiParameters, getContractAddress, type Address, type Hex } from 'viem';
import { zoneOf, type Chain } from '@/lib/protocol/chains';
import type { AccountProof } from '@/lib/protocol/proof';
import {
  ExecutionError,
  type BlockContext,
  type CallRequest,
  type EtxRecord,
  type ExecutedBlock,
  type PoolContent,
  type ReceiptRecord,
  type TraceRequest,
  type TxRecord,
  type TxTrace,
  type ZoneExecutionApi,
} from './api';
import { logsBloom } from './bloom';
import { decodeRawTransaction, intrinsicGasOf, makeEtx } from './decode';
import { rawListRoot, receiptsRoot } from './receipt-root';
import { ethAddress, evmBlock, makeCommon, makeEnv, warmUp, type ExecEnv } from './evm-env';
import { BLOCK_GAS_LIMIT, DEFAULT_BASE_FEE_FLOOR } from './fees';
import { NodeDB } from './node-db';
import { applyInboundEtx, applyTransaction, InvalidTransactionError } from './state-transition';
import { TxPool } from './txpool';
import { traceMessage, traceTransactions } from './trace-block';

export interface ZoneExecutionOptions {
  readonly chainId: bigint;
  readonly zone: Chain;
  readonly genesisAlloc: ReadonlyMap<Address, bigint>;
  /** Lowest base fee the chain allows; transactions with a lower fee cap are refused. Default 1 gwei. */
  readonly baseFeeFloor?: bigint;
  /** Persist the state trie here (file `<zone>-state.bin`), so a restart continues. */
  readonly dataDir?: string;
}

export class ZoneExecution implements ZoneExecutionApi {
  readonly pool = new TxPool();
  /** Transactions whose execution threw unexpectedly; dropped from the pool at the next commit. */
  private readonly poisoned = new Set<Hex>();
  /** State root of the last committed block: what the pool validates nonces and balances against. */
  private headRoot: Hex;

  private constructor(
    readonly chainId: bigint,
    readonly zone: Chain,
    readonly baseFeeFloor: bigint,
    readonly genesisStateRoot: Hex,
    private readonly db: NodeDB,
    private readonly exec: ExecEnv,
    private readonly read: ExecEnv,
  ) {
    this.headRoot = genesisStateRoot;
  }

  static async create(options: ZoneExecutionOptions): Promise<ZoneExecution> {
    const { chainId, zone, genesisAlloc, dataDir } = options;
    if (zone.addressRange === undefined) throw new Error(`${zone.name} is not a zone`);
    const db = await NodeDB.open(dataDir ? join(dataDir, `${zone.name}-state.bin`) : undefined);
    const common = makeCommon(chainId);
    const exec = await makeEnv(common, db, true);
    const read = await makeEnv(common, db);
    // Genesis: deterministic, so writing it again over a persisted store changes nothing.
    for (const [address, balance] of genesisAlloc) {
      if (zoneOf(address).name !== zone.name) throw new Error(`genesis account ${address} is not in ${zone.name}`);
      await exec.stateManager.putAccount(ethAddress(address), new Account(0n, balance));
    }
    const genesisStateRoot = bytesToHex(await exec.stateManager.getStateRoot()) as Hex;
    await db.flush();
    return new ZoneExecution(chainId, zone, options.baseFeeFloor ?? DEFAULT_BASE_FEE_FLOOR, genesisStateRoot, db, exec, read);
  }

  headStateRoot(): Hex {
    return this.headRoot;
  }

  /** The head the pool validates against; the core calls this after a restart from a data dir (onBlockCommitted does it per block). */
  async setHead(stateRoot: Hex): Promise<void> {
    this.headRoot = stateRoot;
    await this.refreshPool();
  }

  /** Node-store figures for debug_chaindbProperty. */
  storeStats(): { entries: number; bytes: number } {
    return this.db.stats();
  }

  // ---------------------------------------------------------------- transactions in

  async addRawTransaction(raw: Hex): Promise<Hex> {
    const tx = await decodeRawTransaction(raw);
    this.checkStatic(tx);
    const { nonce, balance } = await this.withState(this.read, this.headRoot, async (sm) => {
      const account = await sm.getAccount(ethAddress(tx.from));
      return { nonce: account?.nonce ?? 0n, balance: account?.balance ?? 0n };
    });
    this.pool.add(tx, nonce, balance);
    return tx.hash;
  }

  /** Checks that need no state: chain id, zones, fee fields, gas. */
  private checkStatic(tx: TxRecord): void {
    if (tx.type === 1) throw new ExecutionError('external transactions are made by the protocol and cannot be sent');
    if (tx.chainId !== this.chainId) throw new ExecutionError(`invalid chain id for signer: have ${tx.chainId} want ${this.chainId}`);
    if (!this.inZone(tx.from)) throw new ExecutionError(`sender ${tx.from} is not in ${this.zone.name}; send it to the sender's own zone`);
    if (tx.type === 0 && tx.to && !this.inZone(tx.to)) {
      throw new ExecutionError(`recipient ${tx.to} is not in this zone; use a type 2 transaction`);
    }
    if (tx.type === 2 && (!tx.to || this.inZone(tx.to))) {
      throw new ExecutionError('type 2 transaction must send to an address in another zone; use a type 0 transaction');
    }
    if (tx.to === null) {
      // A contract outside this zone's address range could never be reached through this zone,
      // so refuse the creation up front (go-quai likewise keeps contracts in their creator's
      // zone; its SDK grinds a salt, the devnet's deployers pick a nonce: contracts/index.ts).
      const address = getContractAddress({ from: tx.from, nonce: tx.nonce });
      if (!this.inZone(address)) {
        throw new ExecutionError(`contract address ${address} (sender ${tx.from}, nonce ${tx.nonce}) is not in ${this.zone.name}; deploy from a nonce whose address is`);
      }
    }
    if (tx.gasTipCap > tx.gasFeeCap) throw new ExecutionError('max priority fee per gas higher than max fee per gas');
    if (tx.gasFeeCap < this.baseFeeFloor) {
      throw new ExecutionError(`transaction underpriced: fee cap ${tx.gasFeeCap} below the base fee floor ${this.baseFeeFloor}`);
    }
    if (tx.gas > BLOCK_GAS_LIMIT) throw new ExecutionError('exceeds block gas limit');
    const intrinsic = intrinsicGasOf(tx);
    if (tx.gas < intrinsic) throw new ExecutionError(`intrinsic gas too low: have ${tx.gas}, want ${intrinsic}`);
  }

  private inZone(address: Address): boolean {
    return zoneOf(address).name === this.zone.name;
  }

  // ---------------------------------------------------------------- blocks

  async executeBlock(parentStateRoot: Hex, ctx: BlockContext, inboundEtxs: readonly EtxRecord[]): Promise<ExecutedBlock> {
    return this.withState(this.exec, parentStateRoot, async (sm) => {
      const { evm } = this.exec;
      const creditedEtxs: EtxRecord[] = [];
      for (const etx of inboundEtxs) {
        if (!this.inZone(etx.to)) throw new Error(`ETX ${etx.hash} to ${etx.to} does not belong in ${this.zone.name}`);
        await applyInboundEtx(sm, evm, ctx, etx);
        creditedEtxs.push(etx);
      }

      const nonces = new Map<string, bigint>();
      for (const sender of this.pool.senders()) {
        nonces.set(sender, (await sm.getAccount(ethAddress(sender)))?.nonce ?? 0n);
      }
      const candidates = this.pool.selectForBlock(nonces, ctx.baseFee);

      const transactions: TxRecord[] = [];
      const receipts: ReceiptRecord[] = [];
      const extTransactions: EtxRecord[] = [];
      const skipped = new Set<string>();
      let cumulative = 0n;
      for (const tx of candidates) {
        const sender = tx.from.toLowerCase();
        if (skipped.has(sender)) continue;
        if (ctx.gasLimit - cumulative < 21_000n) break;
        const crossZone = tx.type === 2;
        let result;
        try {
          result = await applyTransaction(sm, evm, ctx, ctx.gasLimit - cumulative, { tx, intrinsicGas: intrinsicGasOf(tx), crossZone });
        } catch (err) {
          // Not includable now (balance spent by an earlier tx, gas left in block...): the rest of
          // this sender's run would have a nonce gap, so skip them all; they stay in the pool.
          skipped.add(sender);
          // Anything else is an EVM/library failure on this transaction: it must not stall the zone
          // by failing every block, so it leaves the pool at the next commit.
          if (!(err instanceof InvalidTransactionError)) this.poisoned.add(tx.hash);
          continue;
        }
        cumulative += result.gasUsed;
        const etxs = crossZone ? [makeEtx(tx)] : [];
        extTransactions.push(...etxs);
        transactions.push(tx);
        receipts.push({
          transactionHash: tx.hash,
          transactionIndex: receipts.length,
          type: tx.type,
          from: tx.from,
          to: tx.to,
          status: result.status,
          gasUsed: result.gasUsed,
          cumulativeGasUsed: cumulative,
          effectiveGasPrice: result.effectiveGasPrice,
          contractAddress: result.contractAddress ? (result.contractAddress.toLowerCase() as Address) : null,
          logs: result.logs,
          logsBloom: logsBloom(result.logs),
          etxs,
        });
      }
      const stateRoot = bytesToHex(await sm.getStateRoot()) as Hex;
      return {
        stateRoot,
        transactions,
        extTransactions,
        creditedEtxs,
        receipts,
        gasUsed: cumulative,
        transactionsRoot: await rawListRoot(transactions.map((t) => t.raw)),
        receiptsRoot: await receiptsRoot(receipts),
        extTransactionsRoot: await rawListRoot(extTransactions.map((e) => e.raw)),
      };
    });
  }

  async onBlockCommitted(_block: ExecutedBlock, stateRoot: Hex): Promise<void> {
    this.headRoot = stateRoot;
    for (const hash of this.poisoned) this.pool.remove(hash);
    this.poisoned.clear();
    await this.db.flush();
    await this.refreshPool();
  }

  /** Re-read every pooled sender's nonce and balance at the head: drops mined, stale and unaffordable transactions, promotes queued ones. */
  private async refreshPool(): Promise<void> {
    const senders = this.pool.senders();
    if (senders.length === 0) return;
    const accounts = await this.withState(this.read, this.headRoot, async (sm) => {
      const out = new Map<string, { nonce: bigint; balance: bigint }>();
      for (const s of senders) {
        const account = await sm.getAccount(ethAddress(s));
        out.set(s, { nonce: account?.nonce ?? 0n, balance: account?.balance ?? 0n });
      }
      return out;
    });
    this.pool.onNewHead(accounts);
  }

  // ---------------------------------------------------------------- state reads

  async getBalance(stateRoot: Hex, address: Address): Promise<bigint> {
    return this.withState(this.read, stateRoot, async (sm) => (await sm.getAccount(ethAddress(address)))?.balance ?? 0n);
  }

  async getNonce(stateRoot: Hex, address: Address): Promise<bigint> {
    return this.withState(this.read, stateRoot, async (sm) => (await sm.getAccount(ethAddress(address)))?.nonce ?? 0n);
  }

  async getCode(stateRoot: Hex, address: Address): Promise<Hex> {
    return this.withState(this.read, stateRoot, async (sm) => bytesToHex(await sm.getCode(ethAddress(address))) as Hex);
  }

  async getStorageAt(stateRoot: Hex, address: Address, slot: Hex): Promise<Hex> {
    const key = slotKey(slot);
    return this.withState(this.read, stateRoot, async (sm) => {
      const account = await sm.getAccount(ethAddress(address));
      if (!account) return bytesToHex(new Uint8Array(32)) as Hex;
      return bytesToHex(setLengthLeft(await sm.getStorage(ethAddress(address), key), 32)) as Hex;
    });
  }

  async getProof(stateRoot: Hex, address: Address, storageKeys: readonly Hex[]): Promise<AccountProof> {
    const keys = storageKeys.map(slotKey);
    return this.withState(this.read, stateRoot, async (sm) => {
      const proof = await getMerkleStateProof(sm, ethAddress(address), keys);
      return {
        address: address.toLowerCase() as Address,
        accountProof: proof.accountProof as Hex[],
        balance: BigInt(proof.balance),
        codeHash: proof.codeHash as Hex,
        nonce: BigInt(proof.nonce),
        storageHash: proof.storageHash as Hex,
        storageProof: proof.storageProof.map((p, i) => ({
          key: storageKeys[i] ?? (p.key as Hex),
          value: BigInt(p.value),
          proof: p.proof as Hex[],
        })),
      };
    });
  }

  async call(stateRoot: Hex, ctx: BlockContext, request: CallRequest): Promise<Hex> {
    const result = await this.simulate(stateRoot, ctx, request, request.gas ?? ctx.gasLimit);
    if (result.error !== undefined) throw callError(result.error, result.returnValue);
    return result.returnValue;
  }

  /**
   * geth's eth_estimateGas: the lowest gas limit at which the message succeeds, by binary search
   * between the gas the first (uncapped) run used and the cap.
   */
  async estimateGas(stateRoot: Hex, ctx: BlockContext, request: CallRequest): Promise<bigint> {
    const cap = request.gas ?? ctx.gasLimit;
    const first = await this.simulate(stateRoot, ctx, request, cap);
    if (first.error !== undefined) {
      if (first.error === 'out of gas') throw new ExecutionError(`gas required exceeds allowance (${cap})`);
      throw callError(first.error, first.returnValue);
    }
    let lo = first.gasUsed - 1n;
    let hi = cap;
    // Optimistic guess (geth does the same): the 63/64 rule rarely needs more than this.
    const guess = (first.gasUsed * 64n) / 63n;
    if (guess < hi) {
      const r = await this.simulate(stateRoot, ctx, request, guess);
      if (r.error === undefined) hi = guess;
      else lo = guess;
    }
    while (lo + 1n < hi) {
      const mid = (lo + hi) / 2n;
      const r = await this.simulate(stateRoot, ctx, request, mid);
      if (r.error === undefined) hi = mid;
      else lo = mid;
    }
    return hi;
  }

  /** Run a message on a state without keeping anything: intrinsic gas + EVM, like a transaction with price 0. */
  private async simulate(
    stateRoot: Hex,
    ctx: BlockContext,
    request: CallRequest,
    gasLimit: bigint,
  ): Promise<{ error?: string; returnValue: Hex; gasUsed: bigint }> {
    const from = request.from ?? '0x0000000000000000000000000000000000000000';
    const intrinsic = intrinsicGasOf({ to: request.to ?? null, data: request.data ?? '0x', accessList: [] });
    if (gasLimit < intrinsic) return { error: 'out of gas', returnValue: '0x', gasUsed: gasLimit };
    return this.withState(this.read, stateRoot, async (sm) => {
      const { evm } = this.read;
      // geth's message check: the caller must afford value + gas · price (price 0 unless given).
      const want = (request.value ?? 0n) + gasLimit * (request.gasPrice ?? 0n);
      if (want > 0n) {
        const have = (await sm.getAccount(ethAddress(from)))?.balance ?? 0n;
        if (have < want) {
          throw new ExecutionError(`insufficient funds for gas * price + value: address ${from} have ${have} want ${want}`);
        }
      }
      await sm.checkpoint();
      // A call that makes message after message (a loop of STATICCALLs) lets the event loop turn
      // every 20 ms, so the other chains' answers go on meanwhile; a loop without calls runs in one turn.
      const breathe = breather();
      evm.events.on('beforeMessage', breathe);
      try {
        warmUp(evm, from, request.to, ctx.miner);
        const result = await evm.runCall({
          block: evmBlock(ctx),
          gasPrice: request.gasPrice ?? 0n,
          caller: ethAddress(from),
          origin: ethAddress(from),
          gasLimit: gasLimit - intrinsic,
          to: request.to ? ethAddress(request.to) : undefined,
          value: request.value ?? 0n,
          data: hexToBytes(request.data ?? '0x'),
          skipBalance: true,
        });
        const exec = result.execResult;
        return {
          error: exec.exceptionError?.error,
          returnValue: bytesToHex(exec.returnValue) as Hex,
          gasUsed: intrinsic + exec.executionGasUsed,
        };
      } finally {
        evm.events.off('beforeMessage', breathe);
        evm.journal.cleanJournal();
        await sm.revert();
      }
    });
  }

  // ---------------------------------------------------------------- tracing

  /** A third environment over the same store, made at the first trace: tracing holds neither mining nor reads. */
  private traceEnv: Promise<ExecEnv> | null = null;

  /**
   * Re-executes a sealed block's `transactions` on its parent's state and traces those asked for
   * (trace-block.ts); nothing is written. `ctx` is the block's own context, read from its header.
   */
  async traceTransactions(parentStateRoot: Hex, ctx: BlockContext, transactions: readonly TxRecord[], request: TraceRequest): Promise<TxTrace[]> {
    this.traceEnv ??= makeEnv(this.exec.common, this.db);
    const env = await this.traceEnv;
    return this.withState(env, parentStateRoot, (sm) => traceTransactions(sm, env.evm, ctx, transactions, request));
  }

  /** A message run on `stateRoot` as debug_traceCall runs it (trace-block.ts's traceMessage); nothing is written. */
  async traceCall(stateRoot: Hex, ctx: BlockContext, request: CallRequest, trace: TraceRequest): Promise<TxTrace> {
    this.traceEnv ??= makeEnv(this.exec.common, this.db);
    const env = await this.traceEnv;
    const message = {
      from: request.from ?? ('0x0000000000000000000000000000000000000000' as Address),
      to: request.to ?? null,
      gas: request.gas ?? ctx.gasLimit,
      gasPrice: request.gasPrice ?? 0n,
      value: request.value ?? 0n,
      data: request.data ?? '0x',
      crossZone: request.to !== undefined && request.to !== null && !this.inZone(request.to),
    };
    return this.withState(env, stateRoot, (sm) => traceMessage(sm, env.evm, ctx, message, trace));
  }

  // ---------------------------------------------------------------- pool views

  poolContent(): PoolContent {
    return this.pool.content();
  }

  async pendingNonce(stateRoot: Hex, address: Address): Promise<bigint> {
    const nonce = await this.getNonce(stateRoot, address);
    return nonce + BigInt(this.pool.pendingCount(address, nonce));
  }

  poolTransaction(hash: Hex): TxRecord | undefined {
    return this.pool.get(hash);
  }

  // ---------------------------------------------------------------- helpers

  private async withState<T>(env: ExecEnv, stateRoot: Hex, fn: (sm: ExecEnv['stateManager']) => Promise<T>): Promise<T> {
    return env.lock.run(async () => {
      try {
        await env.stateManager.setStateRoot(hexToBytes(stateRoot));
      } catch {
        throw new ExecutionError(`missing trie node ${stateRoot} (state not available)`);
      }
      return fn(env.stateManager);
    });
  }
}

/**
 * An EVM event listener that lets the event loop turn once every 20 ms of execution: with two
 * parameters, ethereumjs awaits its `resume` (its `_emit`) before the EVM goes on.
 */
function breather(): (event: unknown, resume?: () => void) => void {
  let turned = performance.now();
  return (_event, resume) => {
    const now = performance.now();
    if (now - turned < 20) return resume?.();
    turned = now;
    setImmediate(() => resume?.());
  };
}

function slotKey(slot: Hex): Uint8Array {
  const value = BigInt(slot);
  return setLengthLeft(bigIntToBytes(value), 32);
}

/** geth's wording: reverts carry their return data (the revert reason) as error data. */
function callError(error: string, returnValue: Hex): ExecutionError {
  if (error !== 'revert') return new ExecutionError(error);
  if (returnValue === '0x') return new ExecutionError('execution reverted');
  let reason = '';
  if (returnValue.startsWith(ERROR_STRING_SELECTOR)) {
    try {
      [reason] = decodeAbiParameters([{ type: 'string' }], `0x${returnValue.slice(10)}`);
    } catch {
      // Not a well-formed Error(string): report the bare revert with its data.
    }
  }
  return new ExecutionError(reason ? `execution reverted: ${reason}` : 'execution reverted', returnValue);
}

/** Selector of Solidity's Error(string), the form of require/revert reasons. */
const ERROR_STRING_SELECTOR = '0x08c379a0';
