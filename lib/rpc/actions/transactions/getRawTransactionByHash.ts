import { methodName, type RpcClient } from '../../core';
import type { Hash, Hex } from '../../domain';
import { rawOrNull } from '../../parse/raw';

export interface GetRawTransactionByHashParameters {
  readonly hash: Hash;
}

export type GetRawTransactionByHashReturnType = Hex | null;

/**
 * The raw bytes (type ‖ RLP) of a transaction by hash; null when unknown.
 *
 * JSON-RPC: `{namespace}_getRawTransactionByHash` (spec `svc_getRawTransactionByHash`).
 *
 * @example
 * const raw = await getRawTransactionByHash(client, { hash });
 */
export async function getRawTransactionByHash(client: RpcClient, params: GetRawTransactionByHashParameters): Promise<GetRawTransactionByHashReturnType> {
  return client.transport.request(methodName(client, 'getRawTransactionByHash'), [params.hash], (r) => rawOrNull(r));
}
