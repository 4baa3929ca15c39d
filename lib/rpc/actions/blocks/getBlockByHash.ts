import { methodName, type RpcClient } from '../../core';
import type { Block, Hash } from '../../domain';
import { parseBlock } from '../../parse/block';

export interface GetBlockByHashParameters<TFull extends boolean = false> {
  readonly blockHash: Hash;
  /** Full transaction objects instead of hashes (default false). */
  readonly full?: TFull;
}

export type GetBlockByHashReturnType<TFull extends boolean = false> = Block<TFull extends true ? 'full' : 'hashes'> | null;

/**
 * A block by hash, with transaction hashes or (full) objects; null when unknown. A block by hash
 * never changes: callers may cache it forever.
 *
 * JSON-RPC: `{namespace}_getBlockByHash` (spec `svc_getBlockByHash`).
 *
 * @example
 * const block = await getBlockByHash(client, { blockHash, full: false });
 */
export async function getBlockByHash<TFull extends boolean = false>(
  client: RpcClient,
  params: GetBlockByHashParameters<TFull>,
): Promise<GetBlockByHashReturnType<TFull>> {
  const full = params.full ?? false;
  const block = await client.transport.request(methodName(client, 'getBlockByHash'), [params.blockHash, full], (r) =>
    r === null ? null : parseBlock(r, 'block', { detail: full ? 'full' : 'hashes' }),
  );
  return block as GetBlockByHashReturnType<TFull>;
}
