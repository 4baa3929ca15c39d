import { methodName, type RpcClient } from '../../core';
import type { BlockTag, Header } from '../../domain';
import { encodeBlockTag } from '../../encode';
import { parseHeader } from '../../parse/header';

export interface GetHeaderByNumberParameters<TTag extends BlockTag = BlockTag> {
  /** A block number of this chain, or a tag. */
  readonly blockNumber: TTag;
}

/** Only the `pending` header may lack hash, nonce and miner. */
export type GetHeaderByNumberReturnType<TTag extends BlockTag = BlockTag> = Header<TTag extends 'pending' ? true : false> | null;

/**
 * The header at a number; null when there is none. For `pending` the header's hash, nonce and
 * miner may be null.
 *
 * JSON-RPC: `{namespace}_getHeaderByNumber` (spec `svc_getHeaderByNumber`).
 *
 * @example
 * const header = await getHeaderByNumber(client, { blockNumber: 'latest' });
 */
export async function getHeaderByNumber<TTag extends BlockTag = BlockTag>(
  client: RpcClient,
  params: GetHeaderByNumberParameters<TTag>,
): Promise<GetHeaderByNumberReturnType<TTag>> {
  const pending = params.blockNumber === 'pending';
  const header = await client.transport.request(methodName(client, 'getHeaderByNumber'), [encodeBlockTag(params.blockNumber)], (r) =>
    r === null ? null : pending ? parseHeader(r, 'header', { pending: true }) : parseHeader(r, 'header'),
  );
  return header as GetHeaderByNumberReturnType<TTag>;
}
