import type { RpcClient } from '../../core';
import type { Hex } from '../../domain';
import { looseData } from '../../parse/fields';
import { encodeHeight } from '../../encode';

export interface GetBlockRlpParameters {
  /** Block height of this chain. */
  readonly height: bigint | number;
}

export type GetBlockRlpReturnType = Hex;

/**
 * The RLP of the block at a height, `rlp([header, txs, uncles, etxs, subManifest])`. The height
 * goes as a JSON integer; the node answers hex without `0x`, returned here with it.
 *
 * JSON-RPC: `debug_getBlockRlp`.
 *
 * @example
 * const rlp = await getBlockRlp(client, { height: 42n }); // decode with lib/protocol/header.ts decodeBlockRlp
 */
export async function getBlockRlp(client: RpcClient, params: GetBlockRlpParameters): Promise<GetBlockRlpReturnType> {
  return client.transport.request('debug_getBlockRlp', [encodeHeight(params.height)], (r) => looseData(r, 'blockRlp'));
}
