import { methodName, type RpcClient } from '../../core';
import type { Address, BlockTag } from '../../domain';
import { quantity } from '../../parse/fields';
import { encodeBlockTag } from '../../encode';

export interface GetBalanceParameters {
  readonly address: Address;
  /** Default block parameter (spec §2.2); default `latest`. */
  readonly blockTag?: BlockTag;
}

export type GetBalanceReturnType = bigint;

/**
 * The balance of an address in wei. Zone chains only; an address outside the zone answers a
 * JsonRpcError ("address is not in scope").
 *
 * JSON-RPC: `{namespace}_getBalance` (spec `svc_getBalance`).
 *
 * @example
 * const wei = await getBalance(client, { address: '0x1a…', blockTag: 'latest' });
 */
export async function getBalance(client: RpcClient, params: GetBalanceParameters): Promise<GetBalanceReturnType> {
  return client.transport.request(methodName(client, 'getBalance'), [params.address, encodeBlockTag(params.blockTag ?? 'latest')], (r) => quantity(r, 'balance'));
}
