import { describe, expect, it } from 'vitest';
import type { EtxJourney } from '@/lib/index/readers/etx-reader';
import { etxJourneyJson, JourneyJsonError, parseEtxJourneyJson } from './journey-json';

const H = (n: number) => `0x${n.toString(16).padStart(64, '0')}` as `0x${string}`;

const pending: EtxJourney = {
  hash: H(1), status: 'pending', destination: null, seconds: null,
  origin: { chain: 'cyprus1', txHash: H(2), blockNumber: 10n, blockHash: H(3), timestamp: 1_000n, numbers: [4n, 7n, 10n] },
};
const delivered: EtxJourney = {
  ...pending, status: 'delivered', seconds: 12n,
  destination: { chain: 'paxos2', blockNumber: 20n, blockHash: H(4), timestamp: 1_012n, numbers: [5n, 9n, 20n] },
};

describe('etxJourneyJson', () => {
  it('keeps the documented fields and adds timestamps and [P, R, Z] numbers as decimal strings', () => {
    expect(etxJourneyJson(delivered)).toEqual({
      hash: H(1), status: 'delivered', seconds: '12',
      origin: { chain: 'cyprus1', txHash: H(2), blockNumber: '10', timestamp: '1000', numbers: ['4', '7', '10'] },
      destination: { chain: 'paxos2', blockNumber: '20', blockHash: H(4), timestamp: '1012', numbers: ['5', '9', '20'] },
    });
    expect(etxJourneyJson(pending).destination).toBeNull();
  });
});

describe('parseEtxJourneyJson', () => {
  it('reads back what the API writes, pending and delivered', () => {
    for (const j of [pending, delivered]) {
      const json = JSON.parse(JSON.stringify(etxJourneyJson(j))) as unknown;
      expect(parseEtxJourneyJson(json)).toEqual(etxJourneyJson(j));
    }
  });

  it('refuses a malformed answer, naming the field', () => {
    const good = etxJourneyJson(delivered);
    const cases: [unknown, RegExp][] = [
      [null, /the answer is not an object/],
      [{ ...good, status: 'lost' }, /status/],
      [{ ...good, origin: { ...good.origin, chain: 'mars' } }, /origin\.chain/],
      [{ ...good, destination: { ...good.destination, numbers: ['1', '2'] } }, /destination\.numbers/],
      [{ ...good, destination: { ...good.destination, blockHash: '0x12' } }, /destination\.blockHash/],
      [{ ...good, destination: null }, /status delivered with destination null/],
      [{ ...good, origin: { ...good.origin, timestamp: '<b>' } }, /origin\.timestamp/],
    ];
    for (const [value, message] of cases) {
      expect(() => parseEtxJourneyJson(value)).toThrow(JourneyJsonError);
      expect(() => parseEtxJourneyJson(value)).toThrow(message);
    }
  });
});
