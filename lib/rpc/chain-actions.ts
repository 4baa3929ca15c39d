/**
 * Binds every action to one client, so pages write `client.getBalance({ address })`. The
 * object below is also the list of what a ChainClient offers.
 */
import type { RpcClient } from './core';
import type { BlockTag } from './domain';
import { getGasPrice } from './actions/fees/getGasPrice';
import { getMaxPriorityFeePerGas } from './actions/fees/getMaxPriorityFeePerGas';
import { getFeeHistory } from './actions/fees/getFeeHistory';
import { getSyncing } from './actions/node/getSyncing';
import { getChainId } from './actions/node/getChainId';
import { getNodeLocation } from './actions/node/getNodeLocation';
import { getBlockNumber } from './actions/blocks/getBlockNumber';
import { getBalance } from './actions/state/getBalance';
import { getProof } from './actions/state/getProof';
import { getCode } from './actions/state/getCode';
import { getStorageAt } from './actions/state/getStorageAt';
import { getTransactionCount } from './actions/state/getTransactionCount';
import { call } from './actions/state/call';
import { estimateGas } from './actions/state/estimateGas';
import { sendRawTransaction } from './actions/transactions/sendRawTransaction';
import { getHeaderHashByNumber } from './actions/blocks/getHeaderHashByNumber';
import { getHeaderByHash } from './actions/blocks/getHeaderByHash';
import {
  getHeaderByNumber,
  type GetHeaderByNumberParameters,
  type GetHeaderByNumberReturnType,
} from './actions/blocks/getHeaderByNumber';
import { getBlockTransactionCountByNumber } from './actions/blocks/getBlockTransactionCountByNumber';
import { getBlockTransactionCountByHash } from './actions/blocks/getBlockTransactionCountByHash';
import { getUncleByBlockNumberAndIndex } from './actions/blocks/getUncleByBlockNumberAndIndex';
import { getUncleByBlockHashAndIndex } from './actions/blocks/getUncleByBlockHashAndIndex';
import { getUncleCountByBlockNumber } from './actions/blocks/getUncleCountByBlockNumber';
import { getUncleCountByBlockHash } from './actions/blocks/getUncleCountByBlockHash';
import { getTransactionByBlockNumberAndIndex } from './actions/transactions/getTransactionByBlockNumberAndIndex';
import { getTransactionByBlockHashAndIndex } from './actions/transactions/getTransactionByBlockHashAndIndex';
import { getRawTransactionByBlockNumberAndIndex } from './actions/transactions/getRawTransactionByBlockNumberAndIndex';
import { getRawTransactionByBlockHashAndIndex } from './actions/transactions/getRawTransactionByBlockHashAndIndex';
import { getTransactionByHash } from './actions/transactions/getTransactionByHash';
import { getRawTransactionByHash } from './actions/transactions/getRawTransactionByHash';
import { getTransactionReceipt } from './actions/transactions/getTransactionReceipt';
import { getTxPoolContent } from './actions/txpool/getTxPoolContent';
import { getTxPoolContentFrom } from './actions/txpool/getTxPoolContentFrom';
import { getTxPoolInspect } from './actions/txpool/getTxPoolInspect';
import { getTxPoolStatus } from './actions/txpool/getTxPoolStatus';
import { getNetListening } from './actions/node/getNetListening';
import { getNetPeerCount } from './actions/node/getNetPeerCount';
import { getNetVersion } from './actions/node/getNetVersion';
import { getBlockRlp } from './actions/blocks/getBlockRlp';
import { printBlock } from './actions/blocks/printBlock';
import { getChaindbProperty } from './actions/node/getChaindbProperty';
import {
  getBlockByNumber,
  type GetBlockByNumberParameters,
  type GetBlockByNumberReturnType,
} from './actions/blocks/getBlockByNumber';
import { getBlockByHash, type GetBlockByHashParameters, type GetBlockByHashReturnType } from './actions/blocks/getBlockByHash';
import { traceTransaction, type TraceTransactionParameters, type TraceTransactionReturnType } from './actions/trace/traceTransaction';
import { traceCall, type TraceCallParameters, type TraceCallReturnType } from './actions/trace/traceCall';
import { traceBlockByNumber, type TraceBlockByNumberParameters, type TraceBlockByNumberReturnType } from './actions/trace/traceBlockByNumber';
import { traceBlockByHash, type TraceBlockByHashParameters, type TraceBlockByHashReturnType } from './actions/trace/traceBlockByHash';
import type { TracerOptions } from './actions/trace/trace-options';

type Bound<F> = F extends (client: RpcClient, ...args: infer A) => infer R ? (...args: A) => R : never;

const ACTIONS = {
  getGasPrice,
  getMaxPriorityFeePerGas,
  getFeeHistory,
  getSyncing,
  getChainId,
  getNodeLocation,
  getBlockNumber,
  getBalance,
  getProof,
  getCode,
  getStorageAt,
  getTransactionCount,
  call,
  estimateGas,
  sendRawTransaction,
  getHeaderHashByNumber,
  getHeaderByHash,
  getBlockTransactionCountByNumber,
  getBlockTransactionCountByHash,
  getUncleByBlockNumberAndIndex,
  getUncleByBlockHashAndIndex,
  getUncleCountByBlockNumber,
  getUncleCountByBlockHash,
  getTransactionByBlockNumberAndIndex,
  getTransactionByBlockHashAndIndex,
  getRawTransactionByBlockNumberAndIndex,
  getRawTransactionByBlockHashAndIndex,
  getTransactionByHash,
  getRawTransactionByHash,
  getTransactionReceipt,
  getTxPoolContent,
  getTxPoolContentFrom,
  getTxPoolInspect,
  getTxPoolStatus,
  getNetListening,
  getNetPeerCount,
  getNetVersion,
  getBlockRlp,
  printBlock,
  getChaindbProperty,
} as const;

type SimpleActions = { readonly [K in keyof typeof ACTIONS]: Bound<(typeof ACTIONS)[K]> };

/** Every action, bound to one client. The block getters keep their generic return types. */
export interface ChainActions extends SimpleActions {
  getBlockByNumber<TFull extends boolean = false, TTag extends BlockTag = BlockTag>(
    params: GetBlockByNumberParameters<TFull, TTag>,
  ): Promise<GetBlockByNumberReturnType<TFull, TTag>>;
  getBlockByHash<TFull extends boolean = false>(params: GetBlockByHashParameters<TFull>): Promise<GetBlockByHashReturnType<TFull>>;
  getHeaderByNumber<TTag extends BlockTag = BlockTag>(
    params: GetHeaderByNumberParameters<TTag>,
  ): Promise<GetHeaderByNumberReturnType<TTag>>;
  /** debug_traceTransaction: the result's type follows the tracer asked for. */
  traceTransaction<O extends TracerOptions>(params: TraceTransactionParameters<O>): Promise<TraceTransactionReturnType<O>>;
  traceBlockByNumber<O extends TracerOptions>(params: TraceBlockByNumberParameters<O>): Promise<TraceBlockByNumberReturnType<O>>;
  traceBlockByHash<O extends TracerOptions>(params: TraceBlockByHashParameters<O>): Promise<TraceBlockByHashReturnType<O>>;
  /** debug_traceCall: a message traced on a block's state, nothing sent. */
  traceCall<O extends TracerOptions>(params: TraceCallParameters<O>): Promise<TraceCallReturnType<O>>;
}

export function chainActions(client: RpcClient): ChainActions {
  const bound: Record<string, unknown> = {};
  for (const [name, action] of Object.entries(ACTIONS)) {
    bound[name] = (...args: unknown[]) => (action as (c: RpcClient, ...a: unknown[]) => unknown)(client, ...args);
  }
  return {
    ...(bound as SimpleActions),
    getBlockByNumber: (params) => getBlockByNumber(client, params),
    getBlockByHash: (params) => getBlockByHash(client, params),
    getHeaderByNumber: (params) => getHeaderByNumber(client, params),
    traceTransaction: (params) => traceTransaction(client, params),
    traceBlockByNumber: (params) => traceBlockByNumber(client, params),
    traceBlockByHash: (params) => traceBlockByHash(client, params),
    traceCall: (params) => traceCall(client, params),
  };
}
