import { methodName, type RpcClient } from '../../core';
import type { NodeLocation } from '../../domain';
import { parseNodeLocation } from '../../parse/scalars';

export type GetNodeLocationReturnType = NodeLocation;

/**
 * The node's location: [region, zone] on a zone node.
 *
 * JSON-RPC: `{namespace}_nodeLocation` (spec `svc_nodeLocation`).
 *
 * @example
 * const [region, zone] = await getNodeLocation(client); // [0, 0] on cyprus1
 */
export async function getNodeLocation(client: RpcClient): Promise<GetNodeLocationReturnType> {
  return client.transport.request(methodName(client, 'nodeLocation'), [], (r) => parseNodeLocation(r, 'nodeLocation'));
}
