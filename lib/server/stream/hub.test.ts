import { describe, expect, test } from 'vitest';
import type { FeedEntry } from '@/lib/live/feed-entry';
import type { StreamBlock } from '@/lib/live/stream-events';
import { StreamHub, type StreamSink } from './hub';

function sink(): StreamSink & { writes: Uint8Array[]; text: () => string } {
  const writes: Uint8Array[] = [];
  return { writes, write: (b) => (writes.push(b), true), close: () => undefined, text: () => writes.map((w) => new TextDecoder().decode(w)).join('') };
}
const block = (seq: number, chain: 'cyprus1' | 'prime' = 'cyprus1'): FeedEntry => ({ seq, kind: 'block', chain, block: { chain, hash: `0x${seq}` } as unknown as StreamBlock, transactions: [] });

describe('StreamHub', () => {
  test('one write per subscriber per delivery, the same bytes for every subscriber of the same chains', () => {
    const hub = new StreamHub(60_000, () => undefined);
    const [a, b, c] = [sink(), sink(), sink()];
    hub.add({ kind: 'chains', chains: 'all' }, 'x', a, { epoch: 'e', seq: 0 });
    hub.add({ kind: 'chains', chains: 'all' }, 'y', b, { epoch: 'e', seq: 0 });
    hub.add({ kind: 'chains', chains: 'prime' }, 'z', c, { epoch: 'e', seq: 0 });
    hub.deliver('e', [block(1), block(2, 'prime'), block(3)]);
    expect([a.writes.length, b.writes.length, c.writes.length]).toEqual([1, 1, 1]);
    expect(a.writes[0]).toBe(b.writes[0]);
    expect(a.text().match(/^id: /gm)).toHaveLength(3);
    expect(c.text()).toMatch(/^id: e\.2\.0\nevent: block\n/);
    // Delivered twice (a fleet's echo): nothing more.
    hub.deliver('e', [block(3)]);
    expect(a.writes.length).toBe(1);
  });

  test("a pause's gap goes to the streams that started before it, not to those that started after", () => {
    const hub = new StreamHub(60_000, () => undefined);
    const [before, after] = [sink(), sink()];
    hub.add({ kind: 'chains', chains: 'cyprus1' }, 'x', before, { epoch: 'e', seq: 4 });
    hub.add({ kind: 'chains', chains: 'cyprus1' }, 'y', after, { epoch: 'e', seq: 10 });
    // `before` heard up to 10 live.
    hub.deliver('e', [5, 6, 7, 8, 9, 10].map((n) => block(n)));
    hub.deliver('e', [{ seq: 11, kind: 'gap', chain: 'cyprus1', gap: { reason: 'not-streamed', chain: 'cyprus1' }, pausedAfter: 10 }, block(12)]);
    expect(before.text()).toContain('event: gap');
    expect(after.text()).not.toContain('event: gap');
    expect(after.text()).toContain('id: e.12.0');
  });
});
