import { methodName, type RpcClient } from '../../core';
import { quantity } from '../../parse/fields';

export type GetGasPriceReturnType = bigint;

/**
 * The current gas price in wei (base fee + suggested tip).
 *
 * JSON-RPC: `{namespace}_gasPrice` (spec `svc_gasPrice`).
 *
 * @example
 * const price = await getGasPrice(client); // 2_000_000_000n
 */
export async function getGasPrice(client: RpcClient): Promise<GetGasPriceReturnType> {
  return client.transport.request(methodName(client, 'gasPrice'), [], (r) => quantity(r, 'gasPrice'));
}
