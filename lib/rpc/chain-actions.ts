/**
 * Binds every action to one client, so pages write `client.getBalance({ address })`. The
 * object below is also the list of what a ChainClient offers.
 */
import type { RpcClient } from './core';
import type { BlockTag } from './domain';
import { getGasPrice } from './actions/getGasPrice';
import { getMaxPriorityFeePerGas } from './actions/getMaxPriorityFeePerGas';
import { getFeeHistory } from './actions/getFeeHistory';
import { getSyncing } from './actions/getSyncing';
import { getChainId } from './actions/getChainId';
import { getNodeLocation } from './actions/getNodeLocation';
import { getBlockNumber } from './actions/getBlockNumber';
import { getBalance } from './actions/getBalance';
import { getProof } from './actions/getProof';
import { getCode } from './actions/getCode';
import { getStorageAt } from './actions/getStorageAt';
import { getTransactionCount } from './actions/getTransactionCount';
import { call } from './actions/call';
import { estimateGas } from './actions/estimateGas';
import { sendRawTransaction } from './actions/sendRawTransaction';
import { getHeaderHashByNumber } from './actions/getHeaderHashByNumber';
import { getHeaderByHash } from './actions/getHeaderByHash';
import {
  getHeaderByNumber,
  type GetHeaderByNumberParameters,
  type GetHeaderByNumberReturnType,
} from './actions/getHeaderByNumber';
import { getBlockTransactionCountByNumber } from './actions/getBlockTransactionCountByNumber';
import { getBlockTransactionCountByHash } from './actions/getBlockTransactionCountByHash';
import { getUncleByBlockNumberAndIndex } from './actions/getUncleByBlockNumberAndIndex';
import { getUncleByBlockHashAndIndex } from './actions/getUncleByBlockHashAndIndex';
import { getUncleCountByBlockNumber } from './actions/getUncleCountByBlockNumber';
import { getUncleCountByBlockHash } from './actions/getUncleCountByBlockHash';
import { getTransactionByBlockNumberAndIndex } from './actions/getTransactionByBlockNumberAndIndex';
import { getTransactionByBlockHashAndIndex } from './actions/getTransactionByBlockHashAndIndex';
import { getRawTransactionByBlockNumberAndIndex } from './actions/getRawTransactionByBlockNumberAndIndex';
import { getRawTransactionByBlockHashAndIndex } from './actions/getRawTransactionByBlockHashAndIndex';
import { getTransactionByHash } from './actions/getTransactionByHash';
import { getRawTransactionByHash } from './actions/getRawTransactionByHash';
import { getTransactionReceipt } from './actions/getTransactionReceipt';
import { getTxPoolContent } from './actions/getTxPoolContent';
import { getTxPoolContentFrom } from './actions/getTxPoolContentFrom';
import { getTxPoolInspect } from './actions/getTxPoolInspect';
import { getTxPoolStatus } from './actions/getTxPoolStatus';
import { getNetListening } from './actions/getNetListening';
import { getNetPeerCount } from './actions/getNetPeerCount';
import { getNetVersion } from './actions/getNetVersion';
import { getBlockRlp } from './actions/getBlockRlp';
import { printBlock } from './actions/printBlock';
import { getChaindbProperty } from './actions/getChaindbProperty';
import {
  getBlockByNumber,
  type GetBlockByNumberParameters,
  type GetBlockByNumberReturnType,
} from './actions/getBlockByNumber';
import { getBlockByHash, type GetBlockByHashParameters, type GetBlockByHashReturnType } from './actions/getBlockByHash';
import { traceTransaction, type TraceTransactionParameters, type TraceTransactionReturnType } from './actions/traceTransaction';
import { traceCall, type TraceCallParameters, type TraceCallReturnType } from './actions/traceCall';
import { traceBlockByNumber, type TraceBlockByNumberParameters, type TraceBlockByNumberReturnType } from './actions/traceBlockByNumber';
import { traceBlockByHash, type TraceBlockByHashParameters, type TraceBlockByHashReturnType } from './actions/traceBlockByHash';
import type { TracerOptions } from './actions/trace-options';

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
