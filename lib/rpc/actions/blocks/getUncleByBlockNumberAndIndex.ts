import { methodName, type RpcClient } from '../../core';
import type { BlockTag, Uncle } from '../../domain';
import { encodeBlockTag, encodeQuantity } from '../../encode';
import { parseUncle } from '../../parse/header';

export interface GetUncleByBlockNumberAndIndexParameters {
  /** A block number of this chain, or a tag. */
  readonly blockNumber: BlockTag;
  readonly index: number | bigint;
}

export type GetUncleByBlockNumberAndIndexReturnType = Uncle | null;

/**
 * An uncle of a block by position (block-shaped, without transactions); null when absent.
 *
 * JSON-RPC: `{namespace}_getUncleByBlockNumberAndIndex` (spec `svc_getUncleByBlockNumberAndIndex`).
 *
 * @example
 * const uncle = await getUncleByBlockNumberAndIndex(client, { blockNumber: 42n, index: 0 });
 */
export async function getUncleByBlockNumberAndIndex(client: RpcClient, params: GetUncleByBlockNumberAndIndexParameters): Promise<GetUncleByBlockNumberAndIndexReturnType> {
  return client.transport.request(methodName(client, 'getUncleByBlockNumberAndIndex'), [encodeBlockTag(params.blockNumber), encodeQuantity(params.index)], (r) => (r === null ? null : parseUncle(r, 'uncle')));
}
