import { describe, expect, test } from 'vitest';
import { MAX_ADDRESSES, parseSubscription, streamQuery, type Subscription } from './subscription';
import { project } from './project';
import type { FeedEntry } from './feed-entry';
import type { StreamBlock } from './stream-events';

const A = `0x01${'11'.repeat(19)}`; // cyprus1
const B = `0x02${'22'.repeat(19)}`; // cyprus1
const TOPIC = `0x${'ab'.repeat(32)}`;

describe('parseSubscription', () => {
  test('each kind round-trips through streamQuery', () => {
    const subscriptions: Subscription[] = [
      { kind: 'chains', chains: 'all' },
      { kind: 'chains', chains: 'paxos2' },
      { kind: 'address', addresses: [A, B] },
      { kind: 'logs', chain: 'cyprus1', address: A, topic0: TOPIC },
    ];
    for (const subscription of subscriptions) {
      expect(parseSubscription(new URLSearchParams(streamQuery(subscription, 'abc.12')))).toEqual({ ok: true, subscription, from: 'abc.12' });
    }
  });

  test('addresses are lower-cased, deduplicated and bounded', () => {
    const parsed = parseSubscription(new URLSearchParams(`address=${A.toUpperCase().replace('0X', '0x')},${A}`));
    expect(parsed).toEqual({ ok: true, subscription: { kind: 'address', addresses: [A] } });
    const many = Array.from({ length: MAX_ADDRESSES + 1 }, (_, i) => `0x01${i.toString(16).padStart(38, '0')}`).join(',');
    expect(parseSubscription(new URLSearchParams(`address=${many}`))).toMatchObject({ ok: false, error: expect.stringMatching(/at most 50/) });
  });

  test('a repeated parameter is refused rather than guessed', () => {
    expect(parseSubscription(new URLSearchParams('chain=prime&chain=cyprus'))).toMatchObject({ ok: false });
  });
});

describe('project', () => {
  const block = { chain: 'cyprus1', number: '9', numbers: ['1', '2', '9'], hash: '0xb', timestamp: '1', seenAt: 5 } as unknown as StreamBlock;
  const entry: FeedEntry = {
    seq: 3, kind: 'block', chain: 'cyprus1', block,
    transactions: [
      { hash: '0x1', type: 0, from: A, to: B, value: '1', nonce: '0' },
      { hash: '0x2', type: 1, from: `0x2a${'00'.repeat(19)}`, to: A, value: '2', nonce: '0' },
      { hash: '0x3', type: 0, from: B, to: B, value: '3', nonce: '1' },
    ],
  };

  test('an address hears its transactions with their direction, and its ETX deliveries apart', () => {
    const events = project(entry, { kind: 'address', addresses: [A] });
    expect(events.map((e) => e.event)).toEqual(['transactions', 'etxs']);
    expect(events[0]).toMatchObject({ data: { transactions: [{ hash: '0x1', direction: 'out', address: A }] } });
    expect(events[1]).toMatchObject({ data: { deliveries: [{ hash: '0x2', address: A }] } });
    expect(project(entry, { kind: 'address', addresses: [B] })[0]).toMatchObject({
      data: { transactions: [{ hash: '0x1', direction: 'in' }, { hash: '0x3', direction: 'self' }] },
    });
  });

  test('a chain stream hears its chain only; all hears every chain', () => {
    expect(project(entry, { kind: 'chains', chains: 'cyprus1' })).toEqual([{ event: 'block', data: block }]);
    expect(project(entry, { kind: 'chains', chains: 'cyprus2' })).toEqual([]);
    expect(project(entry, { kind: 'chains', chains: 'all' })).toHaveLength(1);
  });
});
