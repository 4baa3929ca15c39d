/**
 * JSON-RPC 2.0 errors as the devnet's server reports them. Codes and wording follow go-ethereum's
 * rpc package (which go-quai inherits), so a client sees the same errors from the devnet as from a
 * real node: -32700 parse error, -32600 invalid request, -32601 method not found, -32602 invalid
 * params, -32000 for everything a method itself refuses.
 */
import type { Hex } from 'viem';
import { StrataError } from '@/lib/protocol/errors';

export class RpcError extends StrataError {
  override name = 'RpcError';
  constructor(readonly code: number, message: string, readonly data?: Hex | string) {
    super(message);
  }
}

export const PARSE_ERROR = -32700;
export const INVALID_REQUEST = -32600;
export const METHOD_NOT_FOUND = -32601;
export const INVALID_PARAMS = -32602;
export const SERVER_ERROR = -32000;

export function methodNotFound(method: string): RpcError {
  return new RpcError(METHOD_NOT_FOUND, `the method ${method} does not exist/is not available`);
}

/** An invalid argument, naming both its position (as geth does) and its name. */
export function invalidParam(index: number, name: string, reason: string): RpcError {
  return new RpcError(INVALID_PARAMS, `invalid argument ${index} (${name}): ${reason}`);
}

export function serverError(message: string, data?: Hex): RpcError {
  return new RpcError(SERVER_ERROR, message, data);
}
