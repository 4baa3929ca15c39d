/**
 * What every handler group of a chain's endpoint shares: the endpoint's options, the chain's
 * store, and the small lookups several groups use (zone-only refusal, address scope, blocks by
 * number or hash, transaction positions). Built once per endpoint by `methodContext`.
 */
import type { Address } from 'viem';
import { zoneOf, type Chain, type Level } from '@/lib/protocol/chains';
import type { ZoneExecutionApi } from '../../execution/api';
import type { SealedBlock } from '../../chain/block';
import type { ChainStore } from '../../chain/store';
import type { ZoneMiner } from '../../chain/miner';
import type { Network } from '../../chain/network';
import { serverError } from '../errors';
import type { TxPosition } from '../format';
import type { Params } from '../params';
import { blockAt } from '../resolve';

export interface EndpointOptions {
  readonly namespace: string;
  readonly chainId: bigint;
  readonly syncing: boolean;
  readonly serveTxpool: boolean;
  readonly serveDebug: boolean;
  /** debug_trace* (callTracer, prestateTracer): a go-quai node built with the tracer package. */
  readonly serveTrace: boolean;
  /** While set, debug_trace* answers wait for it (Devnet.holdTraces: a tracer that has fallen behind). */
  readonly tracesHeld?: Promise<void> | null;
  /** The devnet's lastPcTracer beside geth's tracers (a go-quai node has none: `--no-pc-tracer`). */
  readonly servePcTracer: boolean;
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

export type Handler = (p: Params) => Promise<unknown> | unknown;

/** Method name (without the namespace prefix for the namespaced table) → handler. */
export type Handlers = Record<string, Handler>;

/** Arrow-typed members: the handler groups destructure them. */
export interface MethodContext {
  readonly endpoint: ChainEndpointContext;
  readonly chain: Chain;
  readonly level: Level;
  readonly network: Network;
  readonly store: ChainStore;
  readonly options: EndpointOptions;
  /** Zone-only: the execution layer, or go-quai's refusal on prime and region ports. */
  readonly zone: (method: string) => ZoneExecutionApi;
  /** The address, when this zone owns it; go-quai's refusal otherwise. */
  readonly inScope: (address: Address) => Address;
  readonly position: (block: SealedBlock, index: number) => TxPosition;
  /** The block's size in bytes as this chain encodes it. */
  readonly size: (block: SealedBlock) => number;
  /** The block named by argument `i` as a number or tag. */
  readonly byNumber: (p: Params, i?: number) => SealedBlock | undefined;
  /** The block named by argument `i` as a hash. */
  readonly byHash: (p: Params, i?: number) => SealedBlock | undefined;
}

export function methodContext(endpoint: ChainEndpointContext): MethodContext {
  const { chain, network, options } = endpoint;
  const level = chain.level as Level;
  const store = network.store(chain.name);
  return {
    endpoint,
    chain,
    level,
    network,
    store,
    options,
    zone: (method) => {
      if (chain.level !== 2 || !endpoint.execution) throw serverError(`${method} call can only be made in zone chain`);
      return endpoint.execution;
    },
    inScope: (address) => {
      if (zoneOf(address).name !== chain.name) throw serverError('address is not in scope');
      return address;
    },
    position: (block, index) => ({ blockHash: block.hash, blockNumber: block.header.number[level], index }),
    size: (block) => network.sizeAt(block, level),
    byNumber: (p, i = 0) => blockAt(store, p.blockTag(i, 'blockNumber')),
    byHash: (p, i = 0) => store.withHash(p.hash(i, 'blockHash')),
  };
}
