import { describe, expect, test } from 'vitest';
import { parseWatchFile, serializeWatchFile } from './watch-file';
import { activitiesOf, notificationText } from './activity';

const A = `0x01${'ab'.repeat(19)}`;

describe('the watchlist file', () => {
  test('round-trips, lower-casing addresses; a later entry for an address wins', () => {
    const last = { hash: `0x${'cd'.repeat(32)}`, chain: 'cyprus1', direction: 'in' as const, status: 'mined' as const, value: '5', at: 9 };
    const text = serializeWatchFile([{ address: A, since: 1 }, { address: A, since: 2, last }]);
    expect(parseWatchFile(text.replace(A, A.toUpperCase().replace('0X', '0x')))).toEqual({ ok: true, watched: [{ address: A, since: 2, last }] });
  });

  test('says which entry is wrong', () => {
    expect(parseWatchFile('{"version":1,"watched":[{"address":"0x12"}]}')).toEqual({ ok: false, error: 'entry 0: "address" is not a 20-byte hex address' });
    expect(parseWatchFile('{"version":2,"watched":[]}')).toMatchObject({ ok: false, error: expect.stringMatching(/Unknown version 2/) });
    expect(parseWatchFile('nope')).toMatchObject({ ok: false, error: expect.stringMatching(/^Not JSON/) });
  });
});

describe('watch activity', () => {
  test("a stream's events as each address's latest activity and a notification's words", () => {
    const [update] = activitiesOf(
      { id: 'e.1.0', event: 'pending', data: { chain: 'cyprus1', seenAt: 1, transactions: [{ hash: `0x${'11'.repeat(32)}`, type: 0, from: '0xb', to: A, value: '1500000000000000000', nonce: '0', address: A, direction: 'in' }] } },
      42,
    );
    expect(update).toEqual({ address: A, activity: { hash: `0x${'11'.repeat(32)}`, chain: 'cyprus1', direction: 'in', status: 'pending', value: '1500000000000000000', at: 42 } });
    expect(notificationText(A, update!.activity, 'Cold wallet')).toEqual({
      title: 'Cold wallet (0x01abab…abab) received 1.5 QUAI',
      body: "pending in cyprus1's txpool · transaction 0x1111111111…11111111",
    });
  });
});
