/**
 * The hierarchy: one ChainStore per chain, the rules that join a sealed zone block to its region
 * and prime chains, manifests, and the routing of external transactions (protocol notes,
 * "Blocks and headers"). Everything here is synchronous so that composing a header from the
 * current heads, checking its seal and appending it happen in one turn of the event loop: no other
 * zone can move a region or prime head in between.
 */
import type { Address, Hex } from 'viem';
import { getChain, parentChain, zoneOf, type Chain, type ChainName, type Level } from '@/lib/protocol/chains';
import { blockHash, calcUncleHash, encodeBlockRlp, ZERO_HASH, ZERO_NONCE, type HeaderFields, type Triple } from '@/lib/protocol/header';
import { calcOrder, childEntropyFields, intrinsicEntropy, totalEntropy } from '@/lib/protocol/entropy';
import { EMPTY_TRIE_ROOT, EMPTY_UNCLE_HASH, listRootSync, manifestRootSync } from '@/lib/protocol/trie-root';
import type { EtxRecord, ExecutedBlock, TxRecord } from '../execution/api';
import type { Topology } from '../topology';
import { bodyAt, type SealedBlock } from './block';
import { ChainStore } from './store';

export interface EntropyTargets {
  readonly region: number;
  readonly prime: number;
}

/** Fixed genesis time (2023-01-01), so genesis hashes are the same on every start and a persisted chain continues. */
export const GENESIS_TIMESTAMP = 1_672_531_200n;
const ZERO_ADDRESS: Address = '0x0000000000000000000000000000000000000000';

export interface NetworkOptions {
  readonly topology: Topology;
  readonly entropyTargets: EntropyTargets;
  readonly genesisDifficulty: bigint;
  readonly gasLimit: bigint;
  readonly baseFeeFloor: bigint;
  /** Genesis state root per zone (from its execution layer). */
  readonly genesisStateRoots: ReadonlyMap<ChainName, Hex>;
}

/** What a zone's miner brings to be sealed. */
export interface BlockParts {
  readonly executed: ExecutedBlock;
  readonly inbound: readonly EtxRecord[];
  readonly miner: Address;
  readonly timestamp: bigint;
  readonly difficulty: bigint;
  readonly baseFee: bigint;
  readonly gasLimit: bigint;
  readonly uncles: readonly HeaderFields[];
  readonly extraData: Hex;
}

interface ZoneState {
  /** ETXs emitted since this zone's last coincident block (the next header's extRollupRoot). */
  rollup: EtxRecord[];
  /** Emitted ETXs waiting for a coincident block that dominates origin and destination. */
  unreleased: { etx: EtxRecord; level: Level }[];
  /** ETXs released to this zone, waiting to be credited by its next block. */
  inbound: EtxRecord[];
}

export function locationBytes(chain: Chain): Hex {
  return `0x${chain.location.map((b) => b.toString(16).padStart(2, '0')).join('')}`;
}


/** The inbound ETX as the destination block lists it: a type 1 transaction. */
export function etxAsTransaction(etx: EtxRecord): TxRecord {
  return {
    hash: etx.hash, raw: etx.raw, type: 1, from: ZERO_ADDRESS, chainId: etx.chainId, nonce: etx.nonce,
    gasTipCap: etx.gasTipCap, gasFeeCap: etx.gasFeeCap, gas: etx.gas, to: etx.to, value: etx.value,
    data: etx.data, accessList: [], sender: etx.sender,
  };
}

export class Network {
  readonly stores = new Map<ChainName, ChainStore>();
  private readonly zoneStates = new Map<ChainName, ZoneState>();
  private readonly manifests = new Map<string, readonly Hex[]>();
  /** Inbound ETXs each zone block credited, by block hash: a rewind puts them back in the queue. */
  private readonly credited = new Map<Hex, readonly EtxRecord[]>();
  /** Listeners for every sealed zone block (persistence, tests). */
  private readonly listeners: ((block: SealedBlock, parts: BlockParts) => void)[] = [];

  constructor(readonly options: NetworkOptions) {
    for (const chain of options.topology.chains) {
      const stateRoot = chain.level === 2 ? options.genesisStateRoots.get(chain.name) : EMPTY_TRIE_ROOT;
      if (!stateRoot) throw new Error(`no genesis state root for ${chain.name}`);
      this.stores.set(chain.name, new ChainStore(chain, this.genesisBlock(chain, stateRoot)));
      if (chain.level === 2) this.zoneStates.set(chain.name, { rollup: [], unreleased: [], inbound: [] });
    }
  }

  private genesisBlock(chain: Chain, stateRoot: Hex): SealedBlock {
    const zero3: Triple<bigint> = [0n, 0n, 0n];
    const header: HeaderFields = {
      parentHash: [ZERO_HASH, ZERO_HASH, ZERO_HASH], sha3Uncles: EMPTY_UNCLE_HASH, miner: ZERO_ADDRESS,
      stateRoot, transactionsRoot: EMPTY_TRIE_ROOT, extTransactionsRoot: EMPTY_TRIE_ROOT,
      extRollupRoot: EMPTY_TRIE_ROOT, manifestHash: [EMPTY_TRIE_ROOT, EMPTY_TRIE_ROOT, EMPTY_TRIE_ROOT],
      receiptsRoot: EMPTY_TRIE_ROOT, difficulty: this.options.genesisDifficulty, parentEntropy: zero3,
      parentDeltaS: zero3, number: zero3, gasLimit: this.options.gasLimit, gasUsed: 0n,
      baseFeePerGas: this.options.baseFeeFloor, location: locationBytes(chain), timestamp: GENESIS_TIMESTAMP,
      extraData: '0x', mixHash: ZERO_HASH, nonce: ZERO_NONCE,
    };
    return {
      hash: blockHash(header), header, order: chain.level, intrinsicS: 0n, totalEntropy: 0n,
      producer: chain.name, transactions: [], receipts: [], extTransactions: [], uncles: [],
      subManifest: {}, sealedAtMs: 0,
    };
  }

  store(name: ChainName): ChainStore {
    const store = this.stores.get(name);
    if (!store) throw new Error(`chain ${name} is not part of this devnet`);
    return store;
  }

  has(name: ChainName): boolean {
    return this.stores.has(name);
  }

  /** The three stores a zone block hangs from: prime, its region, the zone itself. */
  private lineage(zone: ChainName): Triple<ChainStore> {
    const zoneChain = getChain(zone);
    const region = parentChain(zoneChain);
    if (!region) throw new Error(`${zone} is not a zone`);
    return [this.store('prime'), this.store(region.name), this.store(zone)];
  }

  /** The current parents of the next block of `zone`, at each level. */
  heads(zone: ChainName): Triple<SealedBlock> {
    const [p, r, z] = this.lineage(zone);
    return [p.head, r.head, z.head];
  }

  /**
   * A chain's manifest at `block`: the hashes since its last coincident block (that block
   * excluded unless it is `block`), oldest first. Cached: a block's manifest never changes.
   */
  manifest(block: SealedBlock, level: Level, store: ChainStore): readonly Hex[] {
    const key = `${block.hash}:${level}`;
    const cached = this.manifests.get(key);
    if (cached) return cached;
    const parent = store.parentOf(block);
    const result = !parent || parent.order < level || Number(parent.header.number[level]) === 0
      ? [block.hash]
      : [...this.manifest(parent, level, store), block.hash];
    this.manifests.set(key, result);
    return result;
  }

  private readonly manifestRoots = new Map<string, Hex>();
  /** manifestHash[c] of a child of `block`: the root of `block`'s manifest at level c. */
  manifestRoot(block: SealedBlock, level: Level, store: ChainStore): Hex {
    const key = `${block.hash}:${level}`;
    let root = this.manifestRoots.get(key);
    if (!root) {
      root = manifestRootSync(this.manifest(block, level, store));
      this.manifestRoots.set(key, root);
    }
    return root;
  }

  /** The unsealed header of the next block of `zone` on the current heads. */
  compose(zone: ChainName, parts: BlockParts): HeaderFields {
    const stores = this.lineage(zone);
    const heads = stores.map((s) => s.head) as unknown as Triple<SealedBlock>;
    const entropy = heads.map((parent, c) =>
      childEntropyFields(
        { order: parent.order, totalEntropy: parent.totalEntropy, parentDeltaS: parent.header.parentDeltaS, s: parent.intrinsicS },
        c as Level,
      ),
    );
    const state = this.zoneState(zone);
    const rollup = [...state.rollup, ...parts.executed.extTransactions];
    return {
      parentHash: [heads[0].hash, heads[1].hash, heads[2].hash],
      sha3Uncles: calcUncleHash(parts.uncles),
      miner: parts.miner,
      stateRoot: parts.executed.stateRoot,
      transactionsRoot: parts.executed.transactionsRoot,
      extTransactionsRoot: parts.executed.extTransactionsRoot,
      extRollupRoot: listRootSync(rollup.map((e) => e.raw)),
      manifestHash: [0, 1, 2].map((c) => this.manifestRoot(heads[c as Level], c as Level, stores[c as Level])) as unknown as Triple<Hex>,
      receiptsRoot: parts.executed.receiptsRoot,
      difficulty: parts.difficulty,
      parentEntropy: [entropy[0]!.parentEntropy, entropy[1]!.parentEntropy, entropy[2]!.parentEntropy],
      parentDeltaS: [entropy[0]!.parentDeltaS, entropy[1]!.parentDeltaS, entropy[2]!.parentDeltaS],
      number: [heads[0].header.number[0] + 1n, heads[1].header.number[1] + 1n, heads[2].header.number[2] + 1n],
      gasLimit: parts.gasLimit,
      gasUsed: parts.executed.gasUsed,
      baseFeePerGas: parts.baseFee,
      location: locationBytes(getChain(zone)),
      timestamp: parts.timestamp,
      extraData: parts.extraData,
      mixHash: ZERO_HASH,
      nonce: ZERO_NONCE,
    };
  }

  /**
   * The latest time among the current heads of `zone`'s prime, region and zone chains: a header
   * may not be older than any of its parents (go-quai's verifyHeader, errOlderBlockTime, in every
   * context), so a coincident block never goes back in its region's or prime's time.
   */
  headsTime(zone: ChainName): bigint {
    return this.heads(zone).reduce((latest, h) => (h.header.timestamp > latest ? h.header.timestamp : latest), 0n);
  }

  /** True when `header` still hangs from the current heads (else recompose before sealing). */
  isCurrent(zone: ChainName, header: HeaderFields): boolean {
    const heads = this.heads(zone);
    return heads.every((h, c) => h.hash === header.parentHash[c]);
  }

  private zoneState(zone: ChainName): ZoneState {
    const state = this.zoneStates.get(zone);
    if (!state) throw new Error(`${zone} is not a zone of this devnet`);
    return state;
  }

  /** Inbound ETXs ready to be credited by the next block of `zone`. */
  inboundFor(zone: ChainName, max = 64): EtxRecord[] {
    return this.zoneState(zone).inbound.slice(0, max);
  }

  /** ETXs emitted by `zone` and not yet released towards their destination. */
  unreleasedFrom(zone: ChainName): readonly EtxRecord[] {
    return this.zoneState(zone).unreleased.map((u) => u.etx);
  }

  onSealed(listener: (block: SealedBlock, parts: BlockParts) => void): void {
    this.listeners.push(listener);
  }

  private readonly sizes = new WeakMap<SealedBlock, number[]>();
  /** Serialized size of a block as a chain at `level` holds it (the `size` field). Cached: blocks never change. */
  sizeAt(block: SealedBlock, level: Level): number {
    let cached = this.sizes.get(block);
    if (!cached) this.sizes.set(block, (cached = []));
    const known = cached[level];
    if (known !== undefined) return known;
    const size = this.computeSize(block, level);
    cached[level] = size;
    return size;
  }

  private computeSize(block: SealedBlock, level: Level): number {
    const body = bodyAt(block, level);
    const rlp = encodeBlockRlp({
      header: block.header,
      transactions: body.transactions.map((t) => t.raw),
      uncles: body.uncles,
      extTransactions: body.extTransactions.map((e) => e.raw),
      subManifest: body.subManifest,
    });
    return (rlp.length - 2) / 2;
  }

  /**
   * Append a sealed zone block (header with its winning nonce, `hash` = blockHash(header)) and,
   * by its order, to the region and prime chains. Must run in the same turn as the isCurrent check.
   */
  commit(zone: ChainName, header: HeaderFields, hash: Hex, parts: BlockParts, sealedAtMs = Date.now()): SealedBlock {
    if (!this.isCurrent(zone, header)) throw new Error(`${zone}: stale header (a dominant head moved)`);
    const stores = this.lineage(zone);
    const [primeHead, regionHead, zoneHead] = stores.map((s) => s.head) as unknown as Triple<SealedBlock>;
    const S = intrinsicEntropy(hash);
    const targets = { region: this.options.entropyTargets.region, prime: this.options.entropyTargets.prime };
    const order = calcOrder(hash, header.difficulty, header.parentDeltaS, targets) as Level;
    const subManifest: { 0?: readonly Hex[]; 1?: readonly Hex[] } = {};
    if (order <= 1) subManifest[1] = this.manifest(zoneHead, 2, stores[2]);
    if (order === 0) subManifest[0] = this.manifest(regionHead, 1, stores[1]);
    void primeHead;
    const block: SealedBlock = {
      hash, header, order, intrinsicS: S,
      totalEntropy: totalEntropy(order, header.parentEntropy, header.parentDeltaS, S),
      producer: zone,
      transactions: parts.executed.transactions,
      receipts: parts.executed.receipts,
      extTransactions: parts.executed.extTransactions,
      uncles: parts.uncles,
      subManifest,
      sealedAtMs,
    };
    stores[2].append(block, this.sizeAt(block, 2));
    if (parts.executed.creditedEtxs.length > 0) this.credited.set(hash, parts.executed.creditedEtxs);
    for (const uncle of parts.uncles) stores[2].uncles.set(blockHash(uncle), uncle);
    if (order <= 1) stores[1].append(block, this.sizeAt(block, 1));
    if (order === 0) stores[0].append(block, this.sizeAt(block, 0));
    this.routeEtxs(zone, block, parts);
    for (const listener of this.listeners) listener(block, parts);
    return block;
  }

  /**
   * ETX bookkeeping after a block of `zone`: drop the inbound ETXs it credited, queue the ones it
   * emitted, and release every queued ETX whose dominating level this block reached: a region
   * block releases ETXs to zones of the same region, a prime block releases all.
   */
  private routeEtxs(zone: ChainName, block: SealedBlock, parts: BlockParts): void {
    const state = this.zoneState(zone);
    const credited = new Set(parts.executed.creditedEtxs.map((e) => e.hash));
    state.inbound = state.inbound.filter((e) => !credited.has(e.hash));
    const origin = getChain(zone);
    for (const etx of block.extTransactions) {
      const destination = zoneOf(etx.to);
      state.unreleased.push({ etx, level: destination.region === origin.region ? 1 : 0 });
    }
    state.rollup = block.order < 2 ? [] : [...state.rollup, ...block.extTransactions];
    const keep: ZoneState['unreleased'] = [];
    for (const entry of state.unreleased) {
      if (block.order <= entry.level) {
        // Destinations outside this devnet's topology have no chain to credit them: they are dropped.
        this.zoneStates.get(zoneOf(entry.etx.to).name)?.inbound.push(entry.etx);
      } else {
        keep.push(entry);
      }
    }
    state.unreleased = keep;
  }

  /**
   * A forced reorg, step one: drop the last `depth` blocks of `zone` so its miner builds a
   * competing branch from the block below them. Only zone-only blocks (order 2) can go: a
   * coincident block is also in its region's chain, under blocks of the other zones. The ETX
   * bookkeeping is undone: what the dropped blocks emitted leaves the queues, what they credited
   * goes back to the zone's inbound queue. Returns the dropped blocks, oldest first.
   */
  rewind(zone: ChainName, depth: number): SealedBlock[] {
    const store = this.store(zone);
    if (!Number.isInteger(depth) || depth < 1 || depth >= store.height) {
      throw new Error(`${zone}: a reorg depth must be from 1 to ${store.height - 1}, got ${depth}`);
    }
    const from = store.height - depth + 1;
    for (let h = from; h <= store.height; h++) {
      const block = store.atHeight(h);
      if (block && block.order < 2) throw new Error(`${zone}: block ${h} is also a ${block.order === 1 ? 'region' : 'prime'} block; only zone-only blocks can be reorganised away`);
    }
    const dropped = store.truncate(from - 1);
    const state = this.zoneState(zone);
    const emitted = new Set(dropped.flatMap((b) => b.extTransactions.map((e) => e.hash)));
    state.unreleased = state.unreleased.filter((u) => !emitted.has(u.etx.hash));
    state.rollup = state.rollup.filter((e) => !emitted.has(e.hash));
    const credited = dropped.flatMap((b) => this.credited.get(b.hash) ?? []);
    state.inbound = [...credited, ...state.inbound];
    for (const block of dropped) this.credited.delete(block.hash);
    return dropped;
  }

  /** Find a block by hash on any chain (for uncles and debugging). */
  anyBlock(hash: Hex): SealedBlock | undefined {
    for (const store of this.stores.values()) {
      const found = store.withHash(hash);
      if (found) return found;
    }
    return undefined;
  }
}
