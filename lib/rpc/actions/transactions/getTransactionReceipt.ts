import { methodName, type RpcClient } from '../../core';
import type { Hash, Receipt } from '../../domain';
import { parseReceipt } from '../../parse/receipt';

export interface GetTransactionReceiptParameters {
  readonly hash: Hash;
}

export type GetTransactionReceiptReturnType = Receipt | null;

/**
 * The receipt of a mined transaction; null while pending or unknown. Beyond the spec: real zone
 * nodes serve it, others may answer MethodNotFoundError.
 *
 * JSON-RPC: `{namespace}_getTransactionReceipt` (spec `svc_getTransactionReceipt`).
 *
 * @example
 * const receipt = await getTransactionReceipt(client, { hash });
 */
export async function getTransactionReceipt(client: RpcClient, params: GetTransactionReceiptParameters): Promise<GetTransactionReceiptReturnType> {
  return client.transport.request(methodName(client, 'getTransactionReceipt'), [params.hash], (r) => (r === null ? null : parseReceipt(r)));
}
