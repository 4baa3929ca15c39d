import { methodName, type RpcClient } from '../../core';
import type { Hash } from '../../domain';
import { nullable, quantity } from '../../parse/fields';

export interface GetUncleCountByBlockHashParameters {
  readonly blockHash: Hash;
}

export type GetUncleCountByBlockHashReturnType = bigint | null;

/**
 * The number of uncles of a block; null when the block is unknown.
 *
 * JSON-RPC: `{namespace}_getUncleCountByBlockHash` (spec `svc_getUncleCountByBlockHash`).
 *
 * @example
 * const n = await getUncleCountByBlockHash(client, { blockHash });
 */
export async function getUncleCountByBlockHash(client: RpcClient, params: GetUncleCountByBlockHashParameters): Promise<GetUncleCountByBlockHashReturnType> {
  return client.transport.request(methodName(client, 'getUncleCountByBlockHash'), [params.blockHash], (r) => nullable(quantity)(r, 'uncleCount'));
}
