import { methodName, type RpcClient } from '../../core';
import type { Block, BlockTag } from '../../domain';
import { encodeBlockTag } from '../../encode';
import { parseBlock } from '../../parse/block';

export interface GetBlockByNumberParameters<TFull extends boolean = false, TTag extends BlockTag = BlockTag> {
  /** A block number of this chain, or a tag. */
  readonly blockNumber: TTag;
  /** Full transaction objects instead of hashes (default false). */
  readonly full?: TFull;
}

/** Only the `pending` block may lack hash, nonce and miner. */
export type GetBlockByNumberReturnType<TFull extends boolean = false, TTag extends BlockTag = BlockTag> = Block<
  TFull extends true ? 'full' : 'hashes',
  TTag extends 'pending' ? true : false
> | null;

/**
 * A block by number or tag, with transaction hashes or (full) objects; null when there is no
 * such block. For `pending`, hash/nonce/miner are null.
 *
 * JSON-RPC: `{namespace}_getBlockByNumber` (spec `svc_getBlockByNumber`).
 *
 * @example
 * const block = await getBlockByNumber(client, { blockNumber: 'latest', full: true });
 * block?.transactions[0]?.type; // 0 | 1 | 2
 */
export async function getBlockByNumber<TFull extends boolean = false, TTag extends BlockTag = BlockTag>(
  client: RpcClient,
  params: GetBlockByNumberParameters<TFull, TTag>,
): Promise<GetBlockByNumberReturnType<TFull, TTag>> {
  const full = params.full ?? false;
  const pending = params.blockNumber === 'pending';
  const block = await client.transport.request(
    methodName(client, 'getBlockByNumber'),
    [encodeBlockTag(params.blockNumber), full],
    (r) => (r === null ? null : parseBlock(r, 'block', { detail: full ? 'full' : 'hashes', pending })),
  );
  return block as GetBlockByNumberReturnType<TFull, TTag>;
}
