/**
 * startDevnet: a whole local Quai network in this process. Prime, regions and zones per the
 * topology, one JSON-RPC endpoint per chain (go-quai's default port + offset), one real miner per
 * zone (blake3 PoW, execution through the zone's ZoneExecution), coincident blocks joined to the
 * region and prime chains. See docs/devnet.md for the flags and what is simplified.
 */
import type { ChainName } from '@/lib/protocol/chains';
import { devAccountsOf, genesisAllocFor, type DevAccount } from './accounts';
import type { ZoneExecutionApi } from './execution/api';
import { BLOCK_GAS_LIMIT, DEFAULT_BASE_FEE_FLOOR } from './execution/fees';
import { ZoneExecution } from './execution/zone-execution';
import { ZoneMiner } from './chain/miner';
import { Network, type EntropyTargets } from './chain/network';
import { ChainPersistence, type ChainMeta } from './chain/persist';
import { createDispatch } from './rpc/methods';
import type { EndpointOptions } from './rpc/methods/context';
import { startRpcServer, type RpcServer } from './rpc/server';
import { parseTopology, type Topology } from './topology';
import { DEVNET_CHAIN_ID, DEVNET_DEFAULTS, DEVNET_ORDER_TARGETS, devnetGenesisDifficulty, devnetRules, type NetworkRules } from '@/lib/protocol/network-rules';
import { startTraffic, type Traffic } from './traffic';

export interface DevnetOptions {
  /** Interface to listen on (default 127.0.0.1). */
  readonly host?: string;
  /** Added to each chain's go-quai default port (default 0). */
  readonly portOffset?: number;
  /** "RxZ", default "3x3"; "1x1" = prime + cyprus + cyprus1. */
  readonly topology?: string;
  /** Method namespace (default "quai"). */
  readonly namespace?: string;
  readonly chainId?: bigint;
  /** Target time between blocks of one zone (default 1500 ms). */
  readonly blockTimeMs?: number;
  /** Zone blocks per region / prime block (default 3 / 9; the real network uses 21 / 441). */
  readonly entropyTargets?: EntropyTargets;
  /** Run the traffic generator (default false here, on in the CLI). */
  readonly traffic?: boolean;
  /** Transactions per second per zone for the traffic generator. */
  readonly trafficRate?: number;
  /** Persist the chain and state here; a restart with the same directory continues the chain. */
  readonly dataDir?: string;
  /** Make `syncing` answer true. */
  readonly syncing?: boolean;
  /** Serve txpool_* (default true); false answers -32601 like a default real node. */
  readonly serveTxpool?: boolean;
  /** Serve debug_* (default true); false answers -32601. */
  readonly serveDebug?: boolean;
  /** Serve debug_trace* (callTracer, prestateTracer; default true, and only with serveDebug); false answers -32601 like a go-quai node without the tracer package. */
  readonly serveTrace?: boolean;
  /** Serve the devnet's lastPcTracer beside geth's tracers (default true); false leaves what a go-quai node serves. */
  readonly servePcTracer?: boolean;
  readonly baseFeeFloor?: bigint;
  /** Probability that a zone block gets a competing sibling that becomes an uncle (default 0.05). */
  readonly uncleRate?: number;
  /** Start the miners (default true); tests that want a still chain pass false. */
  readonly mining?: boolean;
  /** Simulated hash rate per zone: nonces per slice and slice length (default 32 per 20 ms). */
  readonly hashesPerSlice?: number;
  readonly sliceMs?: number;
  /** Log lines (default: none). */
  readonly log?: (line: string) => void;
}

export interface ReorgResult {
  /** Height of the common ancestor: the last block both branches share. */
  readonly ancestor: number;
  /** Hashes of the blocks the reorg removed, oldest first. */
  readonly dropped: readonly string[];
  /** Hashes of the new branch's blocks at the same heights and one above, oldest first. */
  readonly replacement: readonly string[];
}

export interface DevnetChain {
  readonly name: ChainName;
  readonly url: string;
}

export interface Devnet {
  readonly chains: readonly DevnetChain[];
  readonly topology: Topology;
  readonly namespace: string;
  readonly chainId: bigint;
  /** Dev accounts of the zones this devnet runs (keys and addresses), funded at genesis. */
  readonly accounts: readonly DevAccount[];
  readonly network: Network;
  /** The rules its zones mine by (difficulty retarget, block time): what a verifier needs to know of it. */
  readonly rules: NetworkRules;
  readonly executions: ReadonlyMap<ChainName, ZoneExecutionApi>;
  urlOf(name: ChainName): string;
  /** Resolve once `chain` has `count` more blocks than now. */
  waitForBlocks(chain: ChainName, count: number, timeoutMs?: number): Promise<void>;
  /**
   * A real reorg of `zone`, `depth` blocks deep (1–3 is what tests use): the miner drops its last
   * `depth` blocks, returns their transactions to the pool, and mines a longer competing branch
   * from the block below them (depth + 1 blocks, so the node switches to it as a longer chain
   * would win). Refused when one of those blocks is also a region or prime block, or with a data
   * directory (the persisted block log only grows). Resolves once the new branch is the head.
   */
  reorg(zone: ChainName, depth: number): Promise<ReorgResult>;
  /** Mine the next block of every zone (or of `zone`) without throttling. */
  mineNow(zone?: ChainName): void;
  /** Stops every miner after its block in progress (a still chain, e.g. for a benchmark); resumeMining() restarts them. */
  pauseMining(): Promise<void>;
  resumeMining(): void;
  /** Turns debug_trace* on or off while running (a node restarted with or without the tracer package), for the index's tests. */
  setTracing(on: boolean): void;
  /**
   * Holds every debug_trace* answer until the returned function is called (a tracer that has
   * fallen behind the chain), for the index's tests: what the node serves otherwise goes on.
   */
  holdTraces(): () => void;
  /** Turns the devnet's lastPcTracer on or off while running (off: the tracers a go-quai node has), for the explorer's tests of both. */
  setPcTracer(on: boolean): void;
  stop(): Promise<void>;
}

export const DEFAULTS = {
  host: '127.0.0.1',
  portOffset: 0,
  topology: '3x3',
  namespace: 'quai',
  chainId: DEVNET_CHAIN_ID,
  blockTimeMs: DEVNET_DEFAULTS.blockTimeMs,
  entropyTargets: DEVNET_ORDER_TARGETS,
  trafficRate: 1,
  baseFeeFloor: DEFAULT_BASE_FEE_FLOOR,
  uncleRate: 0.05,
  hashesPerSlice: DEVNET_DEFAULTS.hashesPerSlice,
  sliceMs: DEVNET_DEFAULTS.sliceMs,
} as const;

export async function startDevnet(options: DevnetOptions = {}): Promise<Devnet> {
  const host = options.host ?? DEFAULTS.host;
  const portOffset = options.portOffset ?? DEFAULTS.portOffset;
  const topology = parseTopology(options.topology ?? DEFAULTS.topology);
  const namespace = options.namespace ?? DEFAULTS.namespace;
  const chainId = options.chainId ?? DEFAULTS.chainId;
  const blockTimeMs = options.blockTimeMs ?? DEFAULTS.blockTimeMs;
  const hashesPerSlice = options.hashesPerSlice ?? DEFAULTS.hashesPerSlice;
  const sliceMs = options.sliceMs ?? DEFAULTS.sliceMs;
  const baseFeeFloor = options.baseFeeFloor ?? DEFAULTS.baseFeeFloor;
  const log = options.log ?? (() => {});
  if (!/^[a-z][a-z0-9]*$/.test(namespace)) throw new Error(`namespace must be lower-case letters and digits, got "${namespace}"`);
  if (!(blockTimeMs > 0)) throw new Error(`blockTimeMs must be positive, got ${blockTimeMs}`);

  // The simulated hash rate times the block time: the difficulty at which blocks come on time.
  const hashRate = (hashesPerSlice * 1000) / sliceMs;
  let meta: ChainMeta = {
    version: 1, topology: topology.name, chainId: chainId.toString(),
    genesisDifficulty: devnetGenesisDifficulty({ blockTimeMs, hashRate }).toString(),
    entropyTargets: { ...(options.entropyTargets ?? DEFAULTS.entropyTargets) },
    baseFeeFloor: baseFeeFloor.toString(),
  };
  const persistence = options.dataDir ? new ChainPersistence(options.dataDir) : undefined;
  if (persistence) meta = persistence.meta(meta);
  const rules = devnetRules({ blockTimeMs, hashRate, orderTargets: meta.entropyTargets }, chainId);

  const executions = new Map<ChainName, ZoneExecution>();
  for (const zone of topology.zones) {
    executions.set(zone.name, await ZoneExecution.create({
      chainId, zone, genesisAlloc: genesisAllocFor(zone.name), baseFeeFloor: BigInt(meta.baseFeeFloor), dataDir: options.dataDir,
    }));
  }
  const network = new Network({
    topology,
    entropyTargets: meta.entropyTargets,
    genesisDifficulty: BigInt(meta.genesisDifficulty),
    gasLimit: BLOCK_GAS_LIMIT,
    baseFeeFloor: BigInt(meta.baseFeeFloor),
    genesisStateRoots: new Map([...executions].map(([name, ex]) => [name, ex.genesisStateRoot])),
  });
  if (persistence) {
    const replayed = persistence.replay(network);
    for (const [name, ex] of executions) await ex.setHead(network.store(name).head.header.stateRoot);
    if (replayed > 0) log(`devnet: continued from ${options.dataDir} (${replayed} zone blocks)`);
    persistence.attach(network);
  }

  const miners = new Map<ChainName, ZoneMiner>();
  for (const zone of topology.zones) {
    miners.set(zone.name, new ZoneMiner(zone.name, network, executions.get(zone.name)!, {
      blockTimeMs, difficultyRule: rules.difficulty, hashesPerSlice, sliceMs, uncleRate: options.uncleRate ?? DEFAULTS.uncleRate,
      baseFeeFloor: BigInt(meta.baseFeeFloor), gasLimit: BLOCK_GAS_LIMIT, log,
    }));
  }

  let tracing = (options.serveTrace ?? true) && (options.serveDebug ?? true);
  let tracesHeld: Promise<void> | null = null;
  let pcTracer = options.servePcTracer ?? true;
  const endpointOptions: EndpointOptions = {
    namespace, chainId, syncing: options.syncing ?? false, serveTxpool: options.serveTxpool ?? true,
    serveDebug: options.serveDebug ?? true, baseFeeFloor: BigInt(meta.baseFeeFloor),
    // Read at each call: setTracing, setPcTracer and holdTraces change them on a running devnet.
    get serveTrace() {
      return tracing;
    },
    get servePcTracer() {
      return pcTracer;
    },
    get tracesHeld() {
      return tracesHeld;
    },
  };
  const servers: RpcServer[] = [];
  const chains: DevnetChain[] = [];
  try {
    for (const chain of topology.chains) {
      const dispatch = createDispatch({
        chain, network, execution: executions.get(chain.name), miner: miners.get(chain.name), options: endpointOptions,
        reorg: chain.level === 2 ? (depth) => devnet.reorg(chain.name, depth) : undefined,
      });
      const server = await startRpcServer(host, chain.defaultPort + portOffset, dispatch);
      servers.push(server);
      chains.push({ name: chain.name, url: server.url });
    }
  } catch (error) {
    await Promise.all(servers.map((s) => s.close()));
    throw error;
  }

  if (options.mining ?? true) for (const miner of miners.values()) miner.start();

  const accounts = topology.zones.flatMap((z) => devAccountsOf(z.name));
  let traffic: Traffic | undefined;
  if (options.traffic) {
    traffic = startTraffic({
      zones: executions, accounts, ratePerSecond: options.trafficRate ?? DEFAULTS.trafficRate, chainId,
      stateRootOf: (zone) => network.store(zone).head.header.stateRoot, log,
    });
  }
  let stopped = false;

  const devnet: Devnet = {
    chains,
    topology,
    namespace,
    chainId,
    accounts,
    network,
    rules,
    executions,
    urlOf(name) {
      const found = chains.find((c) => c.name === name);
      if (!found) throw new Error(`chain ${name} is not part of this ${topology.name} devnet`);
      return found.url;
    },
    async waitForBlocks(name, count, timeoutMs = 60_000) {
      const store = network.store(name);
      const target = store.height + count;
      const deadline = Date.now() + timeoutMs;
      while (store.height < target) {
        if (stopped) throw new Error('devnet stopped');
        if (Date.now() > deadline) throw new Error(`${name}: no ${count} new blocks within ${timeoutMs} ms (at #${store.height}, want #${target})`);
        await new Promise((r) => setTimeout(r, 25));
      }
    },
    async reorg(zone, depth) {
      if (options.dataDir) throw new Error('a forced reorg needs an in-memory devnet (no data directory)');
      const miner = miners.get(zone);
      const execution = executions.get(zone);
      if (!miner || !execution) throw new Error(`${zone} is not a zone of this devnet`);
      await miner.pause();
      let dropped: ReturnType<Network['rewind']>;
      try {
        dropped = network.rewind(zone, depth);
      } catch (error) {
        miner.resume();
        throw error;
      }
      const store = network.store(zone);
      const ancestor = store.height;
      await execution.setHead(store.head.header.stateRoot);
      // Like a node after a reorg: the dropped blocks' own transactions go back to the pool.
      for (const tx of dropped.flatMap((b) => b.transactions)) {
        if (tx.type !== 1) await execution.addRawTransaction(tx.raw).catch(() => undefined);
      }
      miner.resume({ fork: true });
      miner.hurryUp(depth + 1);
      await devnet.waitForBlocks(zone, depth + 1);
      const replacement: string[] = [];
      for (let h = ancestor + 1; h <= ancestor + depth + 1; h++) replacement.push(store.atHeight(h)?.hash ?? '');
      return { ancestor, dropped: dropped.map((b) => b.hash), replacement };
    },
    setTracing(on) {
      tracing = on && (options.serveDebug ?? true);
    },
    holdTraces() {
      let release = (): void => {};
      const held = new Promise<void>((resolve) => (release = resolve));
      tracesHeld = held;
      return () => {
        if (tracesHeld === held) tracesHeld = null;
        release();
      };
    },
    setPcTracer(on) {
      pcTracer = on;
    },
    async pauseMining() {
      await Promise.all([...miners.values()].map((m) => m.pause()));
    },
    resumeMining() {
      for (const miner of miners.values()) miner.resume();
    },
    mineNow(zone) {
      for (const [name, miner] of miners) if (!zone || zone === name) miner.hurryUp(1);
    },
    async stop() {
      if (stopped) return;
      stopped = true;
      traffic?.stop();
      await Promise.all([...miners.values()].map((m) => m.stop()));
      await Promise.all(servers.map((s) => s.close()));
    },
  };
  return devnet;
}
