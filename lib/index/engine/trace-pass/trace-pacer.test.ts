/**
 * The trace pass's pacing against model nodes: answers as a node with `lanes` tracers of `msPerBlock`
 * each would give them (batches beyond the lanes queue), fed to the pacer round after round as the
 * trace follower feeds it. A slow single tracer ends with small batches and one or two in flight,
 * a fast parallel one with the largest batches and as many in flight as it traces at once;
 * failures halve both and pause.
 */
import { describe, expect, it } from 'vitest';
import { DEFAULT_PACER_LIMITS, TracePacer } from './trace-pacer';

/** `rounds` rounds of the pacer's concurrency in batches of its window, answered as the model node would. */
function drive(pacer: TracePacer, node: { msPerBlock: number; lanes: number }, rounds = 60): { windows: number[]; concurrency: number[] } {
  const windows: number[] = [];
  const concurrency: number[] = [];
  for (let r = 0; r < rounds; r++) {
    const inFlight = pacer.concurrency;
    const window = pacer.window;
    // Batches beyond the node's lanes wait for a lane: the k-th batch answers after ceil(k / lanes) batch times.
    for (let k = 1; k <= inFlight; k++) pacer.answered(Math.ceil(k / node.lanes) * window * node.msPerBlock, window);
    windows.push(pacer.window);
    concurrency.push(pacer.concurrency);
  }
  return { windows: windows.slice(-20), concurrency: concurrency.slice(-20) };
}

describe('trace pacer', () => {
  it('behavior: a slow tracer that traces one block at a time gets small batches, one or two at a time', () => {
    const { windows, concurrency } = drive(new TracePacer(), { msPerBlock: 600, lanes: 1 });
    expect(Math.max(...windows)).toBeLessThanOrEqual(3);
    expect(Math.max(...concurrency)).toBeLessThanOrEqual(2);
  });

  it('behavior: a fast tracer that traces in parallel gets the largest batches, several at a time', () => {
    const { windows, concurrency } = drive(new TracePacer(), { msPerBlock: 2, lanes: 4 });
    expect(Math.min(...windows)).toBe(DEFAULT_PACER_LIMITS.maxWindow);
    // As many as it serves at once, and one more: not the most the pacer allows, which would only queue at the node.
    expect(Math.min(...concurrency)).toBeGreaterThanOrEqual(4);
    expect(Math.max(...concurrency)).toBeLessThanOrEqual(5);
  });

  it('behavior: a node that slows down is given fewer requests; one that recovers gets them back', () => {
    const pacer = new TracePacer();
    const fast = drive(pacer, { msPerBlock: 2, lanes: 4 });
    const slow = drive(pacer, { msPerBlock: 40, lanes: 1 });
    expect(Math.max(...slow.concurrency)).toBeLessThan(Math.min(...fast.concurrency));
    expect(Math.max(...slow.windows)).toBeLessThan(Math.min(...fast.windows));
    const again = drive(pacer, { msPerBlock: 2, lanes: 4 }, 200);
    expect(Math.min(...again.concurrency)).toBeGreaterThanOrEqual(3);
  });

  it('behavior: failures halve the batches and the concurrency and pause longer each time, up to a bound; an answer ends the pause', () => {
    const pacer = new TracePacer();
    drive(pacer, { msPerBlock: 2, lanes: 4 });
    const before = { window: pacer.window, concurrency: pacer.concurrency };
    expect(pacer.pauseMs).toBe(0);
    pacer.failed();
    expect(pacer.window).toBe(Math.floor(before.window / 2));
    expect(pacer.concurrency).toBe(Math.max(1, Math.floor(before.concurrency / 2)));
    const pauses = [pacer.pauseMs];
    for (let i = 0; i < 8; i++) {
      pacer.failed();
      pauses.push(pacer.pauseMs);
    }
    expect(pauses.slice(0, 4)).toEqual([1_000, 2_000, 4_000, 8_000]);
    expect(pauses.at(-1)).toBe(DEFAULT_PACER_LIMITS.maxPauseMs);
    expect(pacer.window).toBe(1);
    expect(pacer.concurrency).toBe(1);
    pacer.answered(100, 1);
    expect(pacer.pauseMs).toBe(0);
  });
});
