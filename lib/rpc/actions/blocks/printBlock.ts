import type { RpcClient } from '../../core';
import { string } from '../../parse/fields';
import { encodeHeight } from '../../encode';

export interface PrintBlockParameters {
  readonly height: bigint | number;
}

export type PrintBlockReturnType = string;

/**
 * The node's terminal pretty-print of the block at a height (height sent as a JSON integer).
 *
 * JSON-RPC: `debug_printBlock`.
 *
 * @example
 * const text = await printBlock(client, { height: 42n });
 */
export async function printBlock(client: RpcClient, params: PrintBlockParameters): Promise<PrintBlockReturnType> {
  return client.transport.request('debug_printBlock', [encodeHeight(params.height)], (r) => string(r, 'printBlock'));
}
