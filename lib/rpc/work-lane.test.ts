import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { NodeBusyError, RpcTimeoutError } from './errors';
import { WorkLane } from './work-lane';

const URL = 'http://user:secret@node.example:8610';

/** A piece of work that runs until `finish` (or `fail`) is called. */
function held<T = string>() {
  let finish!: (value: T) => void;
  let fail!: (error: unknown) => void;
  const done = new Promise<T>((resolve, reject) => {
    finish = resolve;
    fail = reject;
  });
  return { work: () => done, finish, fail };
}

describe('work lane', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  test('behavior: at most inFlight at once; the next waits its turn in order and runs when a slot frees', async () => {
    const lane = new WorkLane('cyprus1', URL, { inFlight: 2, waitMs: 1_000, maxWaiting: 8, holdAfterTimeoutMs: 5_000 });
    const [a, b, c, d] = [held(), held(), held(), held()];
    const started: string[] = [];
    const run = (name: string, h: ReturnType<typeof held<string>>) => lane.run(() => (started.push(name), h.work()));
    const runs = Promise.allSettled([run('a', a), run('b', b), run('c', c), run('d', d)]);
    await vi.advanceTimersByTimeAsync(0);
    expect(started).toEqual(['a', 'b']);
    expect(lane.state).toEqual({ inFlight: 2, waiting: 2 });
    b.finish('b');
    await vi.advanceTimersByTimeAsync(0);
    expect(started).toEqual(['a', 'b', 'c']);
    a.fail(new Error('reverted'));
    await vi.advanceTimersByTimeAsync(0);
    expect(started).toEqual(['a', 'b', 'c', 'd']);
    c.finish('c');
    d.finish('d');
    const settled = await runs;
    expect(settled.map((s) => (s.status === 'fulfilled' ? s.value : (s.reason as Error).message))).toEqual(['reverted', 'b', 'c', 'd']);
    expect(lane.state).toEqual({ inFlight: 0, waiting: 0 });
  });

  test('behavior: a request that waits longer than waitMs, or finds the queue full, is refused with Retry-After, never left hanging', async () => {
    const lane = new WorkLane('cyprus1', URL, { inFlight: 1, waitMs: 2_500, maxWaiting: 1, holdAfterTimeoutMs: 5_000 });
    const a = held();
    void lane.run(a.work);
    const waiting = lane.run(async () => 'never');
    const full = lane.run(async () => 'never');
    await expect(full).rejects.toBeInstanceOf(NodeBusyError);
    await expect(full).rejects.toMatchObject({ retryAfterSeconds: 3, shortMessage: expect.stringMatching(/cyprus1 node is busy running 1 other call/) });
    const refused = expect(waiting).rejects.toBeInstanceOf(NodeBusyError);
    await vi.advanceTimersByTimeAsync(2_500);
    await refused;
    expect(lane.state).toEqual({ inFlight: 1, waiting: 0 });
    // The URL's credentials never reach the message.
    await expect(full).rejects.toSatisfy((e: Error) => !e.message.includes('secret'));
    a.finish('a');
  });

  test('behavior: a request the client gave up on keeps its slot as long again (the node may still run it)', async () => {
    const lane = new WorkLane('cyprus1', URL, { inFlight: 1, waitMs: 60_000, maxWaiting: 4, holdAfterTimeoutMs: 10_000 });
    const slow = held();
    const first = lane.run(slow.work);
    slow.fail(new RpcTimeoutError({ chain: 'cyprus1', url: URL, timeoutMs: 10_000 }));
    await expect(first).rejects.toBeInstanceOf(RpcTimeoutError);
    let ran = false;
    const next = lane.run(async () => (ran = true));
    await vi.advanceTimersByTimeAsync(9_999);
    expect(ran).toBe(false);
    expect(lane.state).toEqual({ inFlight: 1, waiting: 1 });
    await vi.advanceTimersByTimeAsync(1);
    await next;
    expect(ran).toBe(true);
  });
});
