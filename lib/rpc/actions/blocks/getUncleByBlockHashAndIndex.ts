import { methodName, type RpcClient } from '../../core';
import type { Hash, Uncle } from '../../domain';
import { encodeQuantity } from '../../encode';
import { parseUncle } from '../../parse/header';

export interface GetUncleByBlockHashAndIndexParameters {
  readonly blockHash: Hash;
  readonly index: number | bigint;
}

export type GetUncleByBlockHashAndIndexReturnType = Uncle | null;

/**
 * An uncle of a block by position (block-shaped, without transactions); null when absent.
 *
 * JSON-RPC: `{namespace}_getUncleByBlockHashAndIndex` (spec `svc_getUncleByBlockHashAndIndex`).
 *
 * @example
 * const uncle = await getUncleByBlockHashAndIndex(client, { blockHash, index: 0 });
 */
export async function getUncleByBlockHashAndIndex(client: RpcClient, params: GetUncleByBlockHashAndIndexParameters): Promise<GetUncleByBlockHashAndIndexReturnType> {
  return client.transport.request(methodName(client, 'getUncleByBlockHashAndIndex'), [params.blockHash, encodeQuantity(params.index)], (r) => (r === null ? null : parseUncle(r, 'uncle')));
}
