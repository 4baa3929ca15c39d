/**
 * One zone's miner: execute the next block on the zone head, compose its header on the current
 * prime/region/zone heads, search nonces with real blake3 proof of work, commit. The hash rate is
 * throttled (a few dozen nonces per slice, then a sleep) so nine zones cost a few percent of a
 * core; the difficulty retargets so that blocks still arrive about every `blockTimeMs`.
 */
import { keccak256, stringToHex, toHex, type Address, type Hex } from 'viem';
import { getChain, type ChainName } from '@/lib/protocol/chains';
import { blockHash, type HeaderFields } from '@/lib/protocol/header';
import type { DifficultyRule } from '@/lib/protocol/difficulty';
import { mineNonce } from '@/lib/protocol/pow';
import { nextBaseFee } from '../execution/fees';
import type { BlockContext, ExecutedBlock, ZoneExecutionApi } from '../execution/api';
import type { SealedBlock } from './block';
import { difficultyAfter } from './difficulty';
import { withCreditedEtxs } from './etx-credit';
import type { BlockParts, Network } from './network';

export interface MinerOptions {
  readonly blockTimeMs: number;
  /** The retarget every header follows (lib/protocol/network-rules.ts's devnetRules). */
  readonly difficultyRule: DifficultyRule;
  /** Nonces tried per slice; with sliceMs it sets the simulated hash rate. */
  readonly hashesPerSlice: number;
  readonly sliceMs: number;
  /** Probability that a sealed block gets a competing sibling, included later as an uncle. */
  readonly uncleRate: number;
  readonly baseFeeFloor: bigint;
  readonly gasLimit: bigint;
  readonly log?: (line: string) => void;
}

/** A coinbase in the zone's own address range (a real miner must be in scope of its zone). */
export function coinbaseOf(zone: ChainName): Address {
  const range = getChain(zone).addressRange;
  if (!range) throw new Error(`${zone} is not a zone`);
  const first = range[0].toString(16).padStart(2, '0');
  return `0x${first}${keccak256(stringToHex(`strata-devnet-coinbase-${zone}`)).slice(4, 42)}` as Address;
}

const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

export interface PendingBlock {
  readonly header: HeaderFields;
  readonly parts: BlockParts;
}

export class ZoneMiner {
  private stopped = false;
  private running: Promise<void> | undefined;
  private uncleCandidates: HeaderFields[] = [];
  /** Unthrottled mining requested (tests, bench): resolved after the next block. */
  private hurry = 0;
  /** The block being mined (`pending`). */
  pending: PendingBlock | undefined;
  readonly coinbase: Address;

  constructor(
    readonly zone: ChainName,
    private readonly network: Network,
    private readonly execution: ZoneExecutionApi,
    private readonly options: MinerOptions,
  ) {
    this.coinbase = coinbaseOf(zone);
  }

  start(): void {
    this.running ??= this.loop();
  }

  /** Branches mined after forced reorgs: marks their blocks' extra data, so their hashes differ. */
  private forks = 0;

  /** Stops after the block in progress (a forced reorg rewrites the head meanwhile); resume() restarts. */
  async pause(): Promise<void> {
    this.stopped = true;
    await this.running;
    this.running = undefined;
    this.pending = undefined;
  }

  resume(options: { fork?: boolean } = {}): void {
    if (options.fork) this.forks++;
    this.stopped = false;
    this.start();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    await this.running;
  }

  /** Mine the next `blocks` blocks without throttling. */
  hurryUp(blocks = 1): void {
    this.hurry = Math.max(this.hurry, blocks);
  }

  private async loop(): Promise<void> {
    while (!this.stopped) {
      try {
        await this.mineOne();
      } catch (error) {
        this.options.log?.(`${this.zone}: mining failed: ${error instanceof Error ? error.stack ?? error.message : String(error)}`);
        await sleep(500);
      }
    }
  }

  private difficultyAfter(parent: SealedBlock): bigint {
    return difficultyAfter(this.options.difficultyRule, parent, this.network.store(this.zone).parentOf(parent));
  }

  /** Transactions the pool could give the next block, and ETXs waiting: a template is stale when these change. */
  private workWaiting(): number {
    let count = this.network.inboundFor(this.zone).length;
    for (const txs of this.execution.poolContent().pending.values()) count += txs.size;
    return count;
  }

  /** Execute the next block on `parent` with what the pool and the ETX queue hold now. */
  private async buildTemplate(parent: SealedBlock): Promise<{ parts: BlockParts; executed: ExecutedBlock; work: number }> {
    const parentHeader = parent.header;
    const isGenesis = parentHeader.number[2] === 0n;
    const baseFee = isGenesis
      ? this.options.baseFeeFloor
      : nextBaseFee({ baseFee: parentHeader.baseFeePerGas, gasUsed: parentHeader.gasUsed, gasLimit: parentHeader.gasLimit }, this.options.baseFeeFloor);
    const now = BigInt(Math.floor(Date.now() / 1000));
    const parentsTime = this.network.headsTime(this.zone);
    const timestamp = now > parentsTime ? now : parentsTime;
    const difficulty = this.difficultyAfter(parent);
    const ctx: BlockContext = {
      number: parentHeader.number[2] + 1n, timestamp, miner: this.coinbase, baseFee,
      gasLimit: this.options.gasLimit, difficulty,
    };
    const work = this.workWaiting();
    const inbound = this.network.inboundFor(this.zone);
    const uncles = this.uncleCandidates.filter((u) => u.number[2] < ctx.number).slice(0, 2);
    const executed = await this.execution.executeBlock(parentHeader.stateRoot, ctx, inbound);
    const parts: BlockParts = {
      executed: withCreditedEtxs(executed), inbound, miner: this.coinbase, timestamp, difficulty, baseFee,
      gasLimit: this.options.gasLimit, uncles, extraData: stringToHex(this.forks > 0 ? `strata devnet fork ${this.forks}` : 'strata devnet'),
    };
    return { parts, executed, work };
  }

  private async mineOne(): Promise<void> {
    const store = this.network.store(this.zone);
    const parent = store.head;
    let started = performance.now();
    let template = await this.buildTemplate(parent);
    let builtAt = performance.now();
    let buildMs = builtAt - started;
    if (store.head !== parent || this.stopped) return;
    let header = this.network.compose(this.zone, template.parts);
    this.pending = { header, parts: template.parts };
    let nonce = BigInt(Math.floor(Math.random() * 2 ** 48));
    let last = performance.now();
    const perMs = this.options.hashesPerSlice / this.options.sliceMs;
    // Like a real miner's pending header: new transactions or ETXs get a fresh template. Proof of
    // work is memoryless, so dropping the nonces tried so far costs no expected time.
    // Executing a big pool takes time in which nothing is hashed: refresh at most every 4× that.
    const refreshMs = (): number => Math.max(250, this.options.blockTimeMs / 4, 4 * buildMs);
    for (;;) {
      if (this.stopped) return;
      // A region or prime head stamped later than this template (another zone sealed it meanwhile):
      // a header may not be older than a parent, so the template is built again, and checked again.
      const outdated = template.parts.timestamp < this.network.headsTime(this.zone);
      if (outdated || (performance.now() - builtAt > refreshMs() && this.workWaiting() !== template.work)) {
        started = performance.now();
        template = await this.buildTemplate(parent);
        builtAt = performance.now();
        buildMs = builtAt - started;
        if (this.stopped) return;
        header = this.network.compose(this.zone, template.parts);
        this.pending = { header, parts: template.parts };
        continue;
      } else if (!this.network.isCurrent(this.zone, header)) {
        header = this.network.compose(this.zone, template.parts);
        this.pending = { header, parts: template.parts };
      }
      // Nonces owed since the last slice: timers oversleep under load, and a fixed count per
      // slice would then lower the hash rate the genesis difficulty was computed from.
      const now = performance.now();
      const owed = Math.min(Math.round((now - last) * perMs), 8 * this.options.hashesPerSlice);
      last = now;
      const tries = this.hurry > 0 ? 20_000 : Math.max(1, owed);
      const mined = mineNonce(header, { startNonce: nonce, maxIterations: tries });
      nonce += BigInt(tries);
      if (mined) {
        const { parts, executed } = template;
        const block = this.network.commit(this.zone, mined.header, mined.hash, parts);
        this.pending = undefined;
        this.uncleCandidates = this.uncleCandidates.filter((u) => !parts.uncles.includes(u));
        if (this.hurry > 0) this.hurry--;
        await this.execution.onBlockCommitted(executed, executed.stateRoot);
        if (Math.random() < this.options.uncleRate) this.mineSibling(block);
        return;
      }
      await sleep(this.hurry > 0 ? 0 : this.options.sliceMs);
    }
  }

  /**
   * A competing block: the same parent and body under a different extra-data, sealed with real
   * work but not appended. The next block includes its header as an uncle.
   */
  private mineSibling(block: SealedBlock): void {
    const sibling: HeaderFields = { ...block.header, extraData: stringToHex(`strata devnet uncle ${toHex(block.header.number[2])}`) };
    const mined = mineNonce(sibling, { startNonce: 0n, maxIterations: 1 << 18 });
    if (mined && blockHash(mined.header) !== block.hash) this.uncleCandidates.push(mined.header);
  }
}

export type { Hex };
