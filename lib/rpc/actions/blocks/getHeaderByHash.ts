import { methodName, type RpcClient } from '../../core';
import type { Hash, Header } from '../../domain';
import { parseHeader } from '../../parse/header';

export interface GetHeaderByHashParameters {
  readonly blockHash: Hash;
}

export type GetHeaderByHashReturnType = Header | null;

/**
 * The header of a block by hash; null when unknown.
 *
 * JSON-RPC: `{namespace}_getHeaderByHash` (spec `svc_getHeaderByHash`).
 *
 * @example
 * const header = await getHeaderByHash(client, { blockHash });
 */
export async function getHeaderByHash(client: RpcClient, params: GetHeaderByHashParameters): Promise<GetHeaderByHashReturnType> {
  return client.transport.request(methodName(client, 'getHeaderByHash'), [params.blockHash], (r) => (r === null ? null : parseHeader(r, 'header')));
}
