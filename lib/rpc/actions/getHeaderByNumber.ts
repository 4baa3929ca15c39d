import { methodName, type RpcClient } from '../core';
import type { BlockTag, Header } from '../domain';
import { encodeBlockTag } from '../encode';
import { parseHeader } from '../parse/header';

export interface GetHeaderByNumberParameters {
  /** A block number of this chain, or a tag. */
  readonly blockNumber: BlockTag;
}

export type GetHeaderByNumberReturnType = Header | Header<true> | null;

/**
 * The header at a number; null when there is none. For `pending` the header's hash, nonce and
 * miner may be null.
 *
 * JSON-RPC: `{namespace}_getHeaderByNumber` (spec `svc_getHeaderByNumber`).
 *
 * @example
 * const header = await getHeaderByNumber(client, { blockNumber: 'latest' });
 */
export async function getHeaderByNumber(client: RpcClient, params: GetHeaderByNumberParameters): Promise<GetHeaderByNumberReturnType> {
  return client.transport.request(methodName(client, 'getHeaderByNumber'), [encodeBlockTag(params.blockNumber)], (r) => (r === null ? null : params.blockNumber === 'pending' ? parseHeader(r, 'header', { pending: true }) : parseHeader(r, 'header')));
}
