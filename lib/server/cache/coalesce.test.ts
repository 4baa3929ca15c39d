import { describe, expect, test } from 'vitest';
import { coalesce, coalesceByKey, coalesceShared } from './coalesce';
import { memoImmutable } from './lru';

function deferred<T>() {
  let resolve!: (v: T) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('coalesce', () => {
  test('behavior: concurrent calls share one fetch', async () => {
    let calls = 0;
    const gate = deferred<number>();
    const get = coalesce(() => {
      calls++;
      return gate.promise;
    }, 1000);
    const all = Promise.all(Array.from({ length: 10 }, () => get()));
    gate.resolve(42);
    expect(await all).toEqual(Array(10).fill(42));
    expect(calls).toBe(1);
  });

  test('behavior: serves the cached value within the TTL, refetches after', async () => {
    let clock = 0;
    let calls = 0;
    const get = coalesce(async () => ++calls, 1000, () => clock);
    expect(await get()).toBe(1);
    clock = 999;
    expect(await get()).toBe(1);
    clock = 1000;
    expect(await get()).toBe(2);
    expect(calls).toBe(2);
  });

  test('behavior: a failure is not cached, the next call retries', async () => {
    let calls = 0;
    const get = coalesce(async () => {
      calls++;
      if (calls === 1) throw new Error('node down');
      return 'up';
    }, 60_000);
    await expect(get()).rejects.toThrow('node down');
    expect(await get()).toBe('up');
    expect(calls).toBe(2);
  });

  test('behavior: concurrent callers all see the shared failure', async () => {
    const gate = deferred<number>();
    const get = coalesce(() => gate.promise, 1000);
    const a = get();
    const b = get();
    gate.reject(new Error('boom'));
    await expect(a).rejects.toThrow('boom');
    await expect(b).rejects.toThrow('boom');
  });

  test('invalidate forgets the value', async () => {
    let calls = 0;
    const get = coalesce(async () => ++calls, 60_000);
    await get();
    get.invalidate();
    expect(await get()).toBe(2);
  });

  test('by key: keys are independent', async () => {
    const seen: string[] = [];
    const get = coalesceByKey(async (k: string) => {
      seen.push(k);
      return k.toUpperCase();
    }, 60_000);
    expect(await Promise.all([get('a'), get('a'), get('b')])).toEqual(['A', 'A', 'B']);
    expect(seen).toEqual(['a', 'b']);
  });
});

describe('coalesceShared', () => {
  test('concurrent callers share one load, and the result is reused within the TTL', async () => {
    let calls = 0;
    const load = async () => {
      calls++;
      await new Promise((r) => setTimeout(r, 10));
      return calls;
    };
    // A TTL no pause of a loaded machine reaches: the third call must come within it.
    const [a, b] = await Promise.all([coalesceShared('k1', 60_000, load), coalesceShared('k1', 60_000, load)]);
    expect([a, b, calls]).toEqual([1, 1, 1]);
    expect(await coalesceShared('k1', 60_000, load)).toBe(1);
    expect(calls).toBe(1);
  });

  test('expires after the TTL', async () => {
    let calls = 0;
    const load = async () => ++calls;
    await coalesceShared('k2', 5, load);
    await new Promise((r) => setTimeout(r, 20));
    expect(await coalesceShared('k2', 5, load)).toBe(2);
  });

  test('does not keep failures', async () => {
    let calls = 0;
    const failing = async () => {
      calls++;
      throw new Error('node down');
    };
    await expect(coalesceShared('k3', 1000, failing)).rejects.toThrow('node down');
    await new Promise((r) => setTimeout(r, 0));
    await expect(coalesceShared('k3', 1000, failing)).rejects.toThrow('node down');
    expect(calls).toBe(2);
  });

  test('behavior: a timed-out lookup answers its next callers with the same failure, without asking again', async () => {
    let calls = 0;
    const hung = async (): Promise<number> => {
      calls++;
      throw Object.assign(new Error('cyprus1 did not answer within 3000 ms'), { name: 'RpcTimeoutError' });
    };
    await expect(coalesceShared('k4', 1000, hung)).rejects.toThrow('did not answer');
    await expect(coalesceShared('k4', 1000, hung)).rejects.toThrow('did not answer');
    expect(calls).toBe(1);
  });
});

describe('memoImmutable', () => {
  test('behavior: caches found values forever, shares concurrent lookups', async () => {
    let calls = 0;
    const get = memoImmutable(async (k: string) => {
      calls++;
      return `block ${k}`;
    }, 10);
    await Promise.all([get('0xaa'), get('0xaa')]);
    await get('0xaa');
    expect(calls).toBe(1);
  });

  test('behavior: keeps at most `max` answers, forgetting the least recently used', async () => {
    const asked: string[] = [];
    const get = memoImmutable(async (k: string) => {
      asked.push(k);
      return `block ${k}`;
    }, 2);
    await get('a');
    await get('b');
    await get('a'); // a is now the most recent
    await get('c'); // forgets b
    await get('a');
    await get('b');
    expect(asked).toEqual(['a', 'b', 'c', 'b']);
  });

  test('behavior: does not cache "not found" (it may exist later) nor failures', async () => {
    let calls = 0;
    const get = memoImmutable(async (k: string) => {
      calls++;
      if (calls === 1) return null;
      if (calls === 2) throw new Error('timeout');
      return k;
    }, 10);
    expect(await get('x')).toBeNull();
    await expect(get('x')).rejects.toThrow('timeout');
    expect(await get('x')).toBe('x');
    expect(await get('x')).toBe('x');
    expect(calls).toBe(3);
  });

  test('behavior: returns but does not keep an answer `keep` rejects (another block than the one asked for)', async () => {
    let calls = 0;
    const get = memoImmutable(async (k: string) => {
      calls++;
      return calls === 1 ? 'another block' : k;
    }, 10, { keep: (k, v) => v === k });
    expect(await get('x')).toBe('another block');
    expect(await get('x')).toBe('x');
    expect(await get('x')).toBe('x');
    expect(calls).toBe(2);
  });
});
