import { methodName, type RpcClient } from '../../core';
import type { Hash, Hex } from '../../domain';
import { hash } from '../../parse/fields';

export interface SendRawTransactionParameters {
  /** The raw signed transaction. */
  readonly serializedTransaction: Hex;
}

export type SendRawTransactionReturnType = Hash;

/**
 * Submits a signed, serialized transaction (type byte ‖ RLP). Returns its hash, or the zero hash
 * when the node has not made it available yet (spec §4.3).
 *
 * JSON-RPC: `{namespace}_sendRawTransaction` (spec `svc_sendRawTransaction`).
 *
 * @example
 * const txHash = await sendRawTransaction(client, { serializedTransaction: raw });
 */
export async function sendRawTransaction(client: RpcClient, params: SendRawTransactionParameters): Promise<SendRawTransactionReturnType> {
  return client.transport.request(methodName(client, 'sendRawTransaction'), [params.serializedTransaction], (r) => hash(r, 'transactionHash'));
}
