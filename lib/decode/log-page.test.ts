import { padHex, toEventSelector, type Address, type Hex } from 'viem';
import { describe, expect, it } from 'vitest';
import { LOG_TEXT_ON_PAGE, LOGS_ON_PAGE, logPage, logsToDraw, parseLogPageQuery } from './log-page';

const TOKEN: Address = `0x${'0a'.repeat(20)}`;
const TRANSFER = toEventSelector('Transfer(address,address,uint256)');
const transfer = (i: number) => ({
  address: TOKEN,
  topics: [TRANSFER, padHex(TOKEN, { size: 32 }), padHex(`0x${(i + 1).toString(16)}`, { size: 32 })] as Hex[],
  data: padHex(`0x${i.toString(16)}`, { size: 32 }),
});

describe('a transaction page draws a bounded part of its logs', () => {
  it('at most LOGS_ON_PAGE small logs; fewer large ones, at least one', () => {
    expect(logsToDraw(Array.from({ length: 4_000 }, (_, i) => transfer(i)))).toBe(LOGS_ON_PAGE);
    expect(logsToDraw(Array.from({ length: 3 }, (_, i) => transfer(i)))).toBe(3);
    const large = { address: TOKEN, topics: [] as Hex[], data: `0x${'ab'.repeat(1_024)}` as Hex };
    const drawn = logsToDraw(Array.from({ length: 1_000 }, () => large));
    expect(drawn).toBeLessThan(LOGS_ON_PAGE);
    expect(drawn * 2_050).toBeLessThanOrEqual(LOG_TEXT_ON_PAGE + 2_050);
    expect(logsToDraw([{ ...large, data: `0x${'ab'.repeat(100_000)}` }])).toBe(1);
    expect(logsToDraw([])).toBe(0);
  });

  it('the rest by cursor: decoded, with the tokens each moved, each page naming the next', () => {
    const logs = Array.from({ length: 250 }, (_, i) => transfer(i));
    const page = logPage({ hash: '0xabc', chain: 'cyprus1' }, logs, { cursor: 100, limit: 100 }, (c, l) => `/next?cursor=${c}&limit=${l}`);
    expect(page).toMatchObject({ total: 250, cursor: 100, next: '/next?cursor=200&limit=100' });
    expect(page.items).toHaveLength(100);
    expect(page.items[0]).toMatchObject({
      position: 100,
      event: { standard: 'ERC-20', signature: 'Transfer(address,address,uint256)' },
      reason: null,
      tokenTransfers: [{ standard: 'ERC-20', amount: '100', tokenId: null }],
    });
    const last = logPage({ hash: '0xabc', chain: 'cyprus1' }, logs, { cursor: 200, limit: 100 }, () => 'x');
    expect(last.items.map((i) => i.position)).toEqual(Array.from({ length: 50 }, (_, i) => 200 + i));
    expect(last.next).toBe(null);
    const raw = logPage({ hash: '0xabc', chain: 'cyprus1' }, [{ address: TOKEN, topics: [], data: '0x' }], { cursor: 0, limit: 1 }, () => 'x');
    expect(raw.items[0]).toMatchObject({ event: null, reason: expect.stringContaining('No topics'), tokenTransfers: [] });
  });

  it('reads cursor and limit strictly', () => {
    expect(parseLogPageQuery(new URLSearchParams(''))).toEqual({ cursor: 0, limit: LOGS_ON_PAGE });
    expect(parseLogPageQuery(new URLSearchParams('cursor=200&limit=1000'))).toEqual({ cursor: 200, limit: 1000 });
    expect(parseLogPageQuery(new URLSearchParams('cursor=x'))).toMatch(/cursor must be a whole number/);
    expect(parseLogPageQuery(new URLSearchParams('limit=0'))).toMatch(/limit must be a whole number from 1 to 1000/);
    expect(parseLogPageQuery(new URLSearchParams('limit=1001'))).toMatch(/limit/);
    expect(parseLogPageQuery(new URLSearchParams('cursor=-1'))).toMatch(/cursor/);
  });
});
