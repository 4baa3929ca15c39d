import { describe, expect, test } from 'vitest';
import { MethodNotFoundError, NodeUnreachableError, JsonRpcError, RpcTimeoutError } from '@/lib/rpc/errors';
import { isNodeDown, isUnserved, nullIfRefused, optional } from './node-errors';

const ctx = { chain: 'cyprus1', url: 'http://127.0.0.1:8610' };

describe('node error classes', () => {
  test('down: unreachable and timeouts; not down: a JSON-RPC error', () => {
    expect(isNodeDown(new NodeUnreachableError(ctx))).toBe(true);
    expect(isNodeDown(new RpcTimeoutError({ ...ctx, timeoutMs: 5 }))).toBe(true);
    expect(isNodeDown(new JsonRpcError({ ...ctx, code: -32000, message: 'x' }))).toBe(false);
  });

  test('behavior: recognised across bundles (another copy of the class, same name)', () => {
    // What a second bundle's copy of lib/rpc/errors.ts throws: a different class with the same name.
    class NodeUnreachableErrorCopy extends Error {
      override name = 'NodeUnreachableError';
    }
    expect(new NodeUnreachableErrorCopy() instanceof NodeUnreachableError).toBe(false);
    expect(isNodeDown(new NodeUnreachableErrorCopy())).toBe(true);
  });

  test('optional(): "method not found" becomes unserved, other errors still throw', async () => {
    const unserved = await optional('txpool_status', async () => {
      throw new MethodNotFoundError({ ...ctx, code: -32601, message: 'the method txpool_status does not exist' });
    });
    expect(unserved).toEqual({ served: false, method: 'txpool_status' });
    expect(isUnserved(new MethodNotFoundError({ ...ctx, code: -32601, message: 'm' }))).toBe(true);
    await expect(optional('x', async () => Promise.reject(new NodeUnreachableError(ctx)))).rejects.toThrow(/could not be reached/);
    expect(await optional('x', async () => 7)).toEqual({ served: true, value: 7 });
  });
});

describe('nullIfRefused', () => {
  test('a refusal (a revert) is null, also from another bundle\'s class; a dead node still throws', async () => {
    expect(await nullIfRefused(Promise.reject(new JsonRpcError({ ...ctx, code: -32000, message: 'execution reverted' })))).toBeNull();
    class JsonRpcErrorCopy extends Error {
      override name = 'JsonRpcError';
    }
    expect(await nullIfRefused(Promise.reject(new JsonRpcErrorCopy('execution reverted')))).toBeNull();
    await expect(nullIfRefused(Promise.reject(new NodeUnreachableError(ctx)))).rejects.toThrow(NodeUnreachableError);
    expect(await nullIfRefused(Promise.resolve('0x01'))).toBe('0x01');
  });
});
