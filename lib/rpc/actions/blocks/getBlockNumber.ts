import { methodName, type RpcClient } from '../../core';
import { quantity } from '../../parse/fields';

export type GetBlockNumberReturnType = bigint;

/**
 * The number of the chain's latest block (this chain's own height).
 *
 * JSON-RPC: `{namespace}_blockNumber` (spec `svc_blockNumber`).
 *
 * @example
 * const height = await getBlockNumber(client);
 */
export async function getBlockNumber(client: RpcClient): Promise<GetBlockNumberReturnType> {
  return client.transport.request(methodName(client, 'blockNumber'), [], (r) => quantity(r, 'blockNumber'));
}
