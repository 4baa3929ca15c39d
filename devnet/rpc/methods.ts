/**
 * The method table of one chain's endpoint: every method of spec §4.2–4.7 in the configured
 * namespace, plus getTransactionReceipt. Zone-only methods (state, transactions, txpool) answer
 * on a prime or region port with go-quai's own refusal ("… call can only be made in zone chain"),
 * txpool_* and debug_* answer "method not found" unless enabled, as on a default real node.
 */
import { getAddress, type Address } from 'viem';
import { zoneOf, type Chain, type Level } from '@/lib/chains';
import { encodeBlockRlp } from '@/lib/protocol/header';
import type { CallRequest, TxRecord, ZoneExecutionApi } from '../execution/api';
import { bodyAt, type SealedBlock } from '../chain/block';
import type { ZoneMiner } from '../chain/miner';
import type { Network } from '../chain/network';
import { chaindbProperty, printBlock } from './debug';
import { invalidParam, methodNotFound, RpcError, serverError } from './errors';
import { baseFeeAfter, feeHistory, suggestedTip } from './fees';
import { formatBlock, formatHeader, formatReceipt, formatTransaction, formatUncle, q, type Json, type TxPosition } from './format';
import { Params } from './params';
import { blockAt, stateAt } from './resolve';
import type { Dispatch } from './server';

export interface EndpointOptions {
  readonly namespace: string;
  readonly chainId: bigint;
  readonly syncing: boolean;
  readonly serveTxpool: boolean;
  readonly serveDebug: boolean;
  readonly baseFeeFloor: bigint;
}

export interface ChainEndpointContext {
  readonly chain: Chain;
  readonly network: Network;
  readonly execution?: ZoneExecutionApi;
  readonly miner?: ZoneMiner;
  readonly options: EndpointOptions;
  /** Zones: a forced reorg of this chain (`devnet_reorg`, devnet only; see Devnet.reorg). */
  readonly reorg?: (depth: number) => Promise<unknown>;
}

type Handler = (p: Params) => Promise<unknown> | unknown;

const MAX_FEE_HISTORY = 1024;

export function createDispatch(ctx: ChainEndpointContext): Dispatch {
  const { chain, network, options } = ctx;
  const level = chain.level as Level;
  const store = network.store(chain.name);
  const ns = options.namespace;

  /** Zone-only: the execution layer, or go-quai's refusal on prime and region ports. */
  const zone = (method: string): ZoneExecutionApi => {
    if (chain.level !== 2 || !ctx.execution) throw serverError(`${method} call can only be made in zone chain`);
    return ctx.execution;
  };
  const inScope = (address: Address): Address => {
    if (zoneOf(address).name !== chain.name) throw serverError('address is not in scope');
    return address;
  };
  const position = (block: SealedBlock, index: number): TxPosition => ({ blockHash: block.hash, blockNumber: block.header.number[level], index });
  const size = (block: SealedBlock): number => network.sizeAt(block, level);
  const byNumber = (p: Params, i = 0): SealedBlock | undefined => blockAt(store, p.blockTag(i, 'blockNumber'));
  const byHash = (p: Params, i = 0): SealedBlock | undefined => store.withHash(p.hash(i, 'blockHash'));

  const pendingBlockJson = (full: boolean): Json => {
    const pending = ctx.miner?.pending;
    // Between sealing a block and executing the next one there is no template yet: the pending
    // state is then the latest block's, still shown as unsealed (no hash, nonce or miner).
    if (!pending) return formatBlock(store.head, null, level, full, size(store.head));
    const h = pending.header;
    const block = {
      header: h, order: 2 as Level, totalEntropy: h.parentEntropy[2],
      transactions: pending.parts.executed.transactions, receipts: pending.parts.executed.receipts,
      extTransactions: pending.parts.executed.extTransactions, uncles: pending.parts.uncles, subManifest: {},
    };
    return formatBlock(block, null, level, full, 0);
  };

  const blockJson = (block: SealedBlock | undefined, full: boolean): Json =>
    block ? formatBlock(block, block.hash, level, full, size(block)) : null;

  const txInBlock = (block: SealedBlock | undefined, p: Params, i: number): { tx: TxRecord; at: TxPosition } | undefined => {
    if (!block) return undefined;
    const index = p.smallQuantity(i, 'transactionIndex');
    const tx = bodyAt(block, level).transactions[index];
    return tx ? { tx, at: position(block, index) } : undefined;
  };

  const callRequest = (p: Params): CallRequest => {
    const o = p.object(0, 'transaction');
    const field = (name: string): unknown => o[name];
    const sub = new Params([field('from'), field('to'), field('gas'), field('gasPrice') ?? field('maxFeePerGas'), field('value'), field('data') ?? field('input')]);
    const wrap = <T>(fn: () => T): T => {
      try {
        return fn();
      } catch (error) {
        // Re-label the nested field's error as argument 0's.
        if (error instanceof RpcError) throw invalidParam(0, 'transaction', error.message.replace(/^invalid argument \d+ /, ''));
        throw error;
      }
    };
    return wrap(() => ({
      ...(sub.has(0) ? { from: sub.address(0, 'from') } : {}),
      ...(sub.has(1) ? { to: sub.address(1, 'to') } : { to: null }),
      ...(sub.has(2) ? { gas: sub.quantity(2, 'gas') } : {}),
      ...(sub.has(3) ? { gasPrice: sub.quantity(3, 'gasPrice') } : {}),
      ...(sub.has(4) ? { value: sub.quantity(4, 'value') } : {}),
      ...(sub.has(5) ? { data: sub.data(5, 'data') } : {}),
    }));
  };

  const poolJson = (txs: ReadonlyMap<bigint, TxRecord>, summary: boolean): Json => {
    const out: { [nonce: string]: Json } = {};
    for (const [nonce, tx] of [...txs].sort((a, b) => (a[0] < b[0] ? -1 : 1))) {
      out[nonce.toString(10)] = summary
        ? `${tx.to ? getAddress(tx.to) : 'contract creation'}: ${tx.value} wei + ${tx.gas} gas × ${tx.gasFeeCap} wei`
        : formatTransaction(tx);
    }
    return out;
  };
  const poolSection = (section: ReadonlyMap<Address, ReadonlyMap<bigint, TxRecord>>, summary: boolean): Json => {
    const out: { [address: string]: Json } = {};
    for (const [address, txs] of section) out[getAddress(address)] = poolJson(txs, summary);
    return out;
  };
  const txpool = (method: string): ZoneExecutionApi => {
    if (!options.serveTxpool) throw methodNotFound(method);
    return zone(method.replace(/^txpool_/, ''));
  };
  const debug = (method: string): void => {
    if (!options.serveDebug) throw methodNotFound(method);
  };

  const handlers: Record<string, Handler> = {
    // §4.2 fees and chain information
    gasPrice: (p) => q(baseFeeAfter(p.atMost(0) && store.head, options.baseFeeFloor) + suggestedTip(store)),
    maxPriorityFeePerGas: (p) => q(p.atMost(0) && suggestedTip(store)),
    feeHistory: (p) => {
      p.atMost(3);
      const raw = p.values[0];
      const count = typeof raw === 'number' && Number.isSafeInteger(raw) && raw >= 0 ? raw : p.smallQuantity(0, 'blockCount');
      if (count > MAX_FEE_HISTORY) throw invalidParam(0, 'blockCount', `${count} exceeds the maximum of ${MAX_FEE_HISTORY}`);
      const newest = blockAt(store, p.blockTag(1, 'newestBlock'));
      if (!newest) throw serverError('header not found');
      let percentiles: number[] | undefined;
      if (p.has(2)) {
        percentiles = p.array(2, 'rewardPercentiles').map((value, i, all) => {
          if (typeof value !== 'number' || value < 0 || value > 100) throw invalidParam(2, 'rewardPercentiles', `invalid reward percentile: ${JSON.stringify(value)}`);
          if (i > 0 && value < (all[i - 1] as number)) throw invalidParam(2, 'rewardPercentiles', `invalid reward percentile: #${i - 1}:${String(all[i - 1])} > #${i}:${value}`);
          return value;
        });
      }
      const history = feeHistory(store, count, newest, level, percentiles, options.baseFeeFloor);
      return {
        oldestBlock: q(history.oldestBlock),
        baseFeePerGas: history.baseFeePerGas.map(q),
        gasUsedRatio: history.gasUsedRatio,
        ...(history.reward ? { reward: history.reward.map((r) => r.map(q)) } : {}),
      };
    },
    syncing: (p) => p.atMost(0) && options.syncing,
    chainId: (p) => q(p.atMost(0) && options.chainId),
    nodeLocation: (p) => p.atMost(0) && chain.location.map(q),
    blockNumber: (p) => q(p.atMost(0) && store.height),

    // §4.3 accounts and state
    getBalance: async (p) => {
      const ex = zone('getBalance');
      const address = inScope(p.atMost(2).address(0));
      const view = stateAt(store, p.blockTag(1, 'blockNumber', 'latest'), ctx.miner?.pending);
      return q(await ex.getBalance(view.stateRoot, address));
    },
    getProof: async (p) => {
      const ex = zone('getProof');
      const address = inScope(p.atMost(3).address(0));
      const keys = p.array(1, 'storageKeys').map((key, i) => p.slot(1, `storageKeys[${i}]`, key));
      const view = stateAt(store, p.blockTag(2, 'blockNumber', 'latest'), ctx.miner?.pending);
      const proof = await ex.getProof(view.stateRoot, address, keys);
      return {
        address: proof.address, accountProof: [...proof.accountProof], balance: q(proof.balance),
        codeHash: proof.codeHash, nonce: q(proof.nonce), storageHash: proof.storageHash,
        storageProof: proof.storageProof.map((s) => ({ key: s.key, value: q(s.value), proof: [...s.proof] })),
      };
    },
    getCode: async (p) => {
      const ex = zone('getCode');
      const address = inScope(p.atMost(2).address(0));
      const view = stateAt(store, p.blockTag(1, 'blockNumber', 'latest'), ctx.miner?.pending);
      return ex.getCode(view.stateRoot, address);
    },
    getStorageAt: async (p) => {
      const ex = zone('getStorageAt');
      const address = inScope(p.atMost(3).address(0));
      const slot = p.slot(1, 'position');
      const view = stateAt(store, p.blockTag(2, 'blockNumber', 'latest'), ctx.miner?.pending);
      return ex.getStorageAt(view.stateRoot, address, slot);
    },
    getTransactionCount: async (p) => {
      const ex = zone('getTransactionCount');
      const address = inScope(p.atMost(2).address(0));
      const tag = p.blockTag(1, 'blockNumber', 'latest');
      if (tag === 'pending') return q(await ex.pendingNonce(store.head.header.stateRoot, address));
      const view = stateAt(store, tag, undefined);
      return q(await ex.getNonce(view.stateRoot, address));
    },
    call: async (p) => {
      const ex = zone('call');
      p.atMost(2);
      const request = callRequest(p);
      const view = stateAt(store, p.blockTag(1, 'blockNumber', 'latest'), ctx.miner?.pending);
      return ex.call(view.stateRoot, view.context, request);
    },
    estimateGas: async (p) => {
      const ex = zone('estimateGas');
      p.atMost(2);
      const request = callRequest(p);
      // Like geth, estimate on top of the pending state by default.
      const view = stateAt(store, p.blockTag(1, 'blockNumber', 'pending'), ctx.miner?.pending);
      return q(await ex.estimateGas(view.stateRoot, view.context, request));
    },
    sendRawTransaction: async (p) => {
      const ex = zone('sendRawTransaction');
      return ex.addRawTransaction(p.atMost(1).data(0, 'transactionData'));
    },

    // §4.4 headers and blocks
    getHeaderHashByNumber: (p) => byNumber(p.atMost(1))?.hash ?? null,
    getHeaderByHash: (p) => {
      const hash = p.atMost(1).hash(0, 'blockHash');
      const block = store.withHash(hash);
      if (block) return formatHeader(block.header, block.hash, size(block));
      const uncle = store.uncles.get(hash);
      return uncle ? formatUncle(uncle) : null;
    },
    getHeaderByNumber: (p) => {
      const block = byNumber(p.atMost(1));
      return block ? formatHeader(block.header, block.hash, size(block)) : null;
    },
    getBlockByNumber: (p) => {
      p.atMost(2);
      const tag = p.blockTag(0, 'blockNumber');
      const full = p.boolean(1, 'full', false);
      if (tag === 'pending' && level === 2) return pendingBlockJson(full);
      return blockJson(blockAt(store, tag), full);
    },
    getBlockByHash: (p) => blockJson(byHash(p.atMost(2)), p.boolean(1, 'full', false)),
    getBlockTransactionCountByNumber: (p) => {
      const block = byNumber(p.atMost(1));
      return block ? q(bodyAt(block, level).transactions.length) : null;
    },
    getBlockTransactionCountByHash: (p) => {
      const block = byHash(p.atMost(1));
      return block ? q(bodyAt(block, level).transactions.length) : null;
    },

    // §4.5 uncles
    getUncleByBlockNumberAndIndex: (p) => {
      const block = byNumber(p.atMost(2));
      const uncle = block ? bodyAt(block, level).uncles[p.smallQuantity(1, 'uncleIndex')] : undefined;
      return uncle ? formatUncle(uncle) : null;
    },
    getUncleByBlockHashAndIndex: (p) => {
      const block = byHash(p.atMost(2));
      const uncle = block ? bodyAt(block, level).uncles[p.smallQuantity(1, 'uncleIndex')] : undefined;
      return uncle ? formatUncle(uncle) : null;
    },
    getUncleCountByBlockNumber: (p) => {
      const block = byNumber(p.atMost(1));
      return block ? q(bodyAt(block, level).uncles.length) : null;
    },
    getUncleCountByBlockHash: (p) => {
      const block = byHash(p.atMost(1));
      return block ? q(bodyAt(block, level).uncles.length) : null;
    },

    // §4.6 transactions
    getTransactionByBlockNumberAndIndex: (p) => {
      zone('getTransactionByBlockNumberAndIndex');
      const found = txInBlock(byNumber(p.atMost(2)), p, 1);
      return found ? formatTransaction(found.tx, found.at) : null;
    },
    getTransactionByBlockHashAndIndex: (p) => {
      zone('getTransactionByBlockHashAndIndex');
      const found = txInBlock(byHash(p.atMost(2)), p, 1);
      return found ? formatTransaction(found.tx, found.at) : null;
    },
    getRawTransactionByBlockNumberAndIndex: (p) => {
      zone('getRawTransactionByBlockNumberAndIndex');
      return txInBlock(byNumber(p.atMost(2)), p, 1)?.tx.raw ?? '0x';
    },
    getRawTransactionByBlockHashAndIndex: (p) => {
      zone('getRawTransactionByBlockHashAndIndex');
      return txInBlock(byHash(p.atMost(2)), p, 1)?.tx.raw ?? '0x';
    },
    getTransactionByHash: (p) => {
      const ex = zone('getTransactionByHash');
      const hash = p.atMost(1).hash(0, 'transactionHash');
      const mined = store.transaction(hash);
      if (mined) return formatTransaction(mined.block.transactions[mined.index]!, position(mined.block, mined.index));
      const pooled = ex.poolTransaction(hash);
      return pooled ? formatTransaction(pooled) : null;
    },
    getRawTransactionByHash: (p) => {
      const ex = zone('getRawTransactionByHash');
      const hash = p.atMost(1).hash(0, 'transactionHash');
      const mined = store.transaction(hash);
      if (mined) return mined.block.transactions[mined.index]!.raw;
      return ex.poolTransaction(hash)?.raw ?? '0x';
    },
    getTransactionReceipt: (p) => {
      zone('getTransactionReceipt');
      const hash = p.atMost(1).hash(0, 'transactionHash');
      const mined = store.transaction(hash);
      if (!mined) return null;
      const receipt = mined.block.receipts.find((r) => r.transactionHash === hash);
      if (!receipt) return null;
      const firstLogIndex = mined.block.receipts.slice(0, receipt.transactionIndex).reduce((n, r) => n + r.logs.length, 0);
      return formatReceipt(receipt, position(mined.block, mined.index), firstLogIndex);
    },
  };

  const global: Record<string, Handler> = {
    txpool_content: (p) => {
      const content = txpool('txpool_content').poolContent();
      p.atMost(0);
      return { pending: poolSection(content.pending, false), queued: poolSection(content.queued, false) };
    },
    txpool_contentFrom: (p) => {
      const content = txpool('txpool_contentFrom').poolContent();
      const address = p.atMost(1).address(0);
      const find = (section: typeof content.pending): Json => {
        for (const [from, txs] of section) if (from.toLowerCase() === address) return poolJson(txs, false);
        return {};
      };
      return { pending: find(content.pending), queued: find(content.queued) };
    },
    txpool_inspect: (p) => {
      const content = txpool('txpool_inspect').poolContent();
      p.atMost(0);
      return { pending: poolSection(content.pending, true), queued: poolSection(content.queued, true) };
    },
    txpool_status: (p) => {
      const content = txpool('txpool_status').poolContent();
      p.atMost(0);
      const count = (section: typeof content.pending): number => [...section.values()].reduce((n, m) => n + m.size, 0);
      return { pending: q(count(content.pending)), queued: q(count(content.queued)) };
    },
    net_listening: (p) => p.atMost(0) && true,
    // One process, no devp2p: the devnet has no peers.
    net_peerCount: (p) => p.atMost(0) && '0x0',
    net_version: (p) => p.atMost(0) && options.chainId.toString(10),
    debug_getBlockRlp: (p) => {
      debug('debug_getBlockRlp');
      const height = p.atMost(1).integer(0, 'blockHeight');
      const block = store.atHeight(height);
      if (!block) throw serverError(`block #${height} not found`);
      const body = bodyAt(block, level);
      return encodeBlockRlp({
        header: block.header,
        transactions: body.transactions.map((t) => t.raw),
        uncles: body.uncles,
        extTransactions: body.extTransactions.map((e) => e.raw),
        subManifest: body.subManifest,
      }).slice(2);
    },
    debug_printBlock: (p) => {
      debug('debug_printBlock');
      const height = p.atMost(1).integer(0, 'blockHeight');
      const block = store.atHeight(height);
      if (!block) throw serverError(`block #${height} not found`);
      return printBlock(block, level, size(block));
    },
    debug_chaindbProperty: (p) => {
      debug('debug_chaindbProperty');
      return chaindbProperty(p.atMost(1).has(0) ? p.string(0, 'property') : '', store, network);
    },
    // Devnet only (no real node has it): replace the last `depth` blocks of this zone with a longer
    // branch, so an indexer's reorg handling can be seen at work. Answers the ancestor, dropped and new hashes.
    devnet_reorg: async (p) => {
      debug('devnet_reorg');
      if (!ctx.reorg) throw serverError('devnet_reorg call can only be made in zone chain');
      const depth = p.atMost(1).integer(0, 'depth');
      try {
        return (await ctx.reorg(depth)) as Json;
      } catch (error) {
        throw serverError(error instanceof Error ? error.message : String(error));
      }
    },
  };

  const prefix = `${ns}_`;
  return async (method, params) => {
    const [table, name] = method.startsWith(prefix) ? [handlers, method.slice(prefix.length)] : [global, method];
    // hasOwn: "quai_constructor" or "quai_toString" must not reach Object.prototype.
    const handler = Object.hasOwn(table, name) ? table[name] : undefined;
    if (!handler) throw methodNotFound(method);
    return handler(new Params(params));
  };
}

