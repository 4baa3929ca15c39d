import { methodName, type RpcClient } from '../../core';
import type { Hash, Hex } from '../../domain';
import { encodeQuantity } from '../../encode';
import { rawOrNull } from '../../parse/raw';

export interface GetRawTransactionByBlockHashAndIndexParameters {
  readonly blockHash: Hash;
  readonly index: number | bigint;
}

export type GetRawTransactionByBlockHashAndIndexReturnType = Hex | null;

/**
 * The raw bytes (type ‖ RLP) of a transaction by block hash and index; null when absent.
 *
 * JSON-RPC: `{namespace}_getRawTransactionByBlockHashAndIndex` (spec `svc_getRawTransactionByBlockHashAndIndex`).
 *
 * @example
 * const raw = await getRawTransactionByBlockHashAndIndex(client, { blockHash, index: 0 });
 */
export async function getRawTransactionByBlockHashAndIndex(client: RpcClient, params: GetRawTransactionByBlockHashAndIndexParameters): Promise<GetRawTransactionByBlockHashAndIndexReturnType> {
  return client.transport.request(methodName(client, 'getRawTransactionByBlockHashAndIndex'), [params.blockHash, encodeQuantity(params.index)], (r) => rawOrNull(r));
}
