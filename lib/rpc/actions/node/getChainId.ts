import { methodName, type RpcClient } from '../../core';
import { quantity } from '../../parse/fields';

export type GetChainIdReturnType = bigint;

/**
 * The chain id (shared by all 13 chains of a network: 1337 local, 9000 colosseum, …).
 *
 * JSON-RPC: `{namespace}_chainId` (spec `svc_chainId`).
 *
 * @example
 * const id = await getChainId(client); // 9000n
 */
export async function getChainId(client: RpcClient): Promise<GetChainIdReturnType> {
  return client.transport.request(methodName(client, 'chainId'), [], (r) => quantity(r, 'chainId'));
}
