import type { RpcClient } from '../../core';
import { string } from '../../parse/fields';

export interface GetChaindbPropertyParameters {
  readonly property: string;
}

export type GetChaindbPropertyReturnType = string;

/**
 * A property of the node's key-value database, e.g. `leveldb.stats`.
 *
 * JSON-RPC: `debug_chaindbProperty`.
 *
 * @example
 * const stats = await getChaindbProperty(client, { property: 'leveldb.stats' });
 */
export async function getChaindbProperty(client: RpcClient, params: GetChaindbPropertyParameters): Promise<GetChaindbPropertyReturnType> {
  return client.transport.request('debug_chaindbProperty', [params.property], (r) => string(r, 'chaindbProperty'));
}
