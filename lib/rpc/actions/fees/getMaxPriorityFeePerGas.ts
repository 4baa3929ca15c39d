import { methodName, type RpcClient } from '../../core';
import { quantity } from '../../parse/fields';

export type GetMaxPriorityFeePerGasReturnType = bigint;

/**
 * The suggested priority fee (tip) per gas, in wei.
 *
 * JSON-RPC: `{namespace}_maxPriorityFeePerGas` (spec `svc_maxPriorityFeePerGas`).
 *
 * @example
 * const tip = await getMaxPriorityFeePerGas(client);
 */
export async function getMaxPriorityFeePerGas(client: RpcClient): Promise<GetMaxPriorityFeePerGasReturnType> {
  return client.transport.request(methodName(client, 'maxPriorityFeePerGas'), [], (r) => quantity(r, 'maxPriorityFeePerGas'));
}
