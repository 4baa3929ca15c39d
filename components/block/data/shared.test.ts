import { describe, expect, it } from 'vitest';
import { shared } from './shared';

describe('shared', () => {
  it('concurrent callers share one load, and the result is reused within the TTL', async () => {
    let calls = 0;
    const load = async () => {
      calls++;
      await new Promise((r) => setTimeout(r, 10));
      return calls;
    };
    const [a, b] = await Promise.all([shared('k1', 1000, load), shared('k1', 1000, load)]);
    expect([a, b, calls]).toEqual([1, 1, 1]);
    expect(await shared('k1', 1000, load)).toBe(1);
    expect(calls).toBe(1);
  });

  it('expires after the TTL', async () => {
    let calls = 0;
    const load = async () => ++calls;
    await shared('k2', 5, load);
    await new Promise((r) => setTimeout(r, 20));
    expect(await shared('k2', 5, load)).toBe(2);
  });

  it('does not keep failures', async () => {
    let calls = 0;
    const failing = async () => {
      calls++;
      throw new Error('node down');
    };
    await expect(shared('k3', 1000, failing)).rejects.toThrow('node down');
    await new Promise((r) => setTimeout(r, 0));
    await expect(shared('k3', 1000, failing)).rejects.toThrow('node down');
    expect(calls).toBe(2);
  });
});
