import { methodName, type RpcClient } from '../../core';
import type { Address, BlockTag, Hex } from '../../domain';
import { data } from '../../parse/fields';
import { encodeBlockTag } from '../../encode';

export interface GetCodeParameters {
  readonly address: Address;
  /** Default block parameter (spec §2.2); default `latest`. */
  readonly blockTag?: BlockTag;
}

export type GetCodeReturnType = Hex;

/**
 * The code at an address (`0x` for an account without code).
 *
 * JSON-RPC: `{namespace}_getCode` (spec `svc_getCode`).
 *
 * @example
 * const code = await getCode(client, { address });
 */
export async function getCode(client: RpcClient, params: GetCodeParameters): Promise<GetCodeReturnType> {
  return client.transport.request(methodName(client, 'getCode'), [params.address, encodeBlockTag(params.blockTag ?? 'latest')], (r) => data(r, 'code'));
}
