import { methodName, type RpcClient } from '../../core';
import type { Address, BlockTag, Hex } from '../../domain';
import { data } from '../../parse/fields';
import { encodeBlockTag } from '../../encode';

export interface GetStorageAtParameters {
  readonly address: Address;
  /** Storage slot, as hex data. */
  readonly position: Hex;
  /** Default block parameter (spec §2.2); default `latest`. */
  readonly blockTag?: BlockTag;
}

export type GetStorageAtReturnType = Hex;

/**
 * The 32-byte value at a storage position of an address.
 *
 * JSON-RPC: `{namespace}_getStorageAt` (spec `svc_getStorageAt`).
 *
 * @example
 * const value = await getStorageAt(client, { address, position: '0x0' });
 */
export async function getStorageAt(client: RpcClient, params: GetStorageAtParameters): Promise<GetStorageAtReturnType> {
  return client.transport.request(methodName(client, 'getStorageAt'), [params.address, params.position, encodeBlockTag(params.blockTag ?? 'latest')], (r) => data(r, 'storage'));
}
