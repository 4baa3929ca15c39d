import { methodName, type RpcClient } from '../../core';
import type { BlockTag, Hex } from '../../domain';
import { encodeBlockTag, encodeQuantity } from '../../encode';
import { rawOrNull } from '../../parse/raw';

export interface GetRawTransactionByBlockNumberAndIndexParameters {
  /** A block number of this chain, or a tag. */
  readonly blockNumber: BlockTag;
  readonly index: number | bigint;
}

export type GetRawTransactionByBlockNumberAndIndexReturnType = Hex | null;

/**
 * The raw bytes (type ‖ RLP) of a transaction by block number and index; null when absent.
 *
 * JSON-RPC: `{namespace}_getRawTransactionByBlockNumberAndIndex` (spec `svc_getRawTransactionByBlockNumberAndIndex`).
 *
 * @example
 * const raw = await getRawTransactionByBlockNumberAndIndex(client, { blockNumber: 42n, index: 0 });
 */
export async function getRawTransactionByBlockNumberAndIndex(client: RpcClient, params: GetRawTransactionByBlockNumberAndIndexParameters): Promise<GetRawTransactionByBlockNumberAndIndexReturnType> {
  return client.transport.request(methodName(client, 'getRawTransactionByBlockNumberAndIndex'), [encodeBlockTag(params.blockNumber), encodeQuantity(params.index)], (r) => rawOrNull(r));
}
