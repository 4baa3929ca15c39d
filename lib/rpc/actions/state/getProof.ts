import { methodName, type RpcClient } from '../../core';
import type { AccountProof, Address, BlockTag, Hash } from '../../domain';
import { encodeBlockTag } from '../../encode';
import { parseAccountProof } from '../../parse/proof';

export interface GetProofParameters {
  readonly address: Address;
  /** 32-byte storage keys to prove; default none. */
  readonly storageKeys?: readonly Hash[];
  /** Default block parameter (spec §2.2); default `latest`. */
  readonly blockTag?: BlockTag;
}

export type GetProofReturnType = AccountProof;

/**
 * The account and storage proofs (EIP-1186 shape) of an address at a block.
 *
 * JSON-RPC: `{namespace}_getProof` (spec `svc_getProof`).
 *
 * @example
 * const proof = await getProof(client, { address, storageKeys: [slot0] });
 */
export async function getProof(client: RpcClient, params: GetProofParameters): Promise<GetProofReturnType> {
  return client.transport.request(methodName(client, 'getProof'), [params.address, [...(params.storageKeys ?? [])], encodeBlockTag(params.blockTag ?? 'latest')], (r) => parseAccountProof(r));
}
