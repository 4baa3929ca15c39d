/**
 * Domain → wire encoders for request parameters.
 */
import { toQuantity } from '@/lib/protocol/hex';
import type { AccessList, BlockTag, CallRequest } from './domain';
import type { RpcBlockTag, RpcCallRequest, RpcQuantity } from './wire';

export function encodeQuantity(value: bigint | number): RpcQuantity {
  return toQuantity(value);
}

/** A block tag or number as the default block parameter (spec §2.2). */
export function encodeBlockTag(tag: BlockTag): RpcBlockTag {
  return typeof tag === 'bigint' ? toQuantity(tag) : tag;
}

function encodeAccessList(list: AccessList) {
  return list.map((e) => ({ address: e.address, storageKeys: [...e.storageKeys] }));
}

/** The call object (spec §2.6); undefined fields are left out rather than sent as null. */
export function encodeCallRequest(request: CallRequest): RpcCallRequest {
  const out: RpcCallRequest = {};
  if (request.from !== undefined) out.from = request.from;
  if (request.to !== undefined) out.to = request.to;
  if (request.gas !== undefined) out.gas = toQuantity(request.gas);
  if (request.gasPrice !== undefined) out.gasPrice = toQuantity(request.gasPrice);
  if (request.maxFeePerGas !== undefined) out.maxFeePerGas = toQuantity(request.maxFeePerGas);
  if (request.maxPriorityFeePerGas !== undefined) out.maxPriorityFeePerGas = toQuantity(request.maxPriorityFeePerGas);
  if (request.value !== undefined) out.value = toQuantity(request.value);
  if (request.data !== undefined) out.data = request.data;
  if (request.accessList !== undefined) out.accessList = encodeAccessList(request.accessList);
  return out;
}

/**
 * debug_getBlockRlp / debug_printBlock take the height as a plain JSON integer (spec §4.7
 * notes), so it must be a safe integer.
 */
export function encodeHeight(height: bigint | number): number {
  const n = typeof height === 'bigint' ? Number(height) : height;
  if (!Number.isSafeInteger(n) || n < 0 || (typeof height === 'bigint' && BigInt(n) !== height)) {
    throw new RangeError(`Block height must be a non-negative safe integer, got ${height}`);
  }
  return n;
}
