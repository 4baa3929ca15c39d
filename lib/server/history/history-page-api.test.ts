import { describe, expect, it } from 'vitest';
import { historyPageAnswer } from './history-page-api';
import { NO_FILTER } from '@/lib/routes/params/history-filter';

const ADDRESS = '0x0a00000000000000000000000000000000000001';
type Page = { readonly kind: 'ok'; readonly items: readonly number[] };

// The loaders are the routes' real ones in e2e/pages/history.spec.ts and e2e/api/internal-transfers.spec.ts;
// here each outcome a loader can give is handed in directly to pin the HTTP answer to it.
describe('historyPageAnswer', () => {
  it('behavior: a page is the route\'s JSON, uncached, loaded with the parsed address and page', async () => {
    const asked: unknown[] = [];
    const answer = await historyPageAnswer(ADDRESS.toUpperCase().replace('0X', '0x'), new URLSearchParams('limit=3'), async (address, page): Promise<Page> => {
      asked.push({ address, page });
      return { kind: 'ok', items: [1, 2] };
    }, (loaded) => ({ items: loaded.items, next: null }));
    expect(answer.status).toBe(200);
    expect(answer.headers?.['Cache-Control']).toBe('no-store');
    expect(JSON.stringify(answer.body)).toBe('{"items":[1,2],"next":null}');
    expect(asked).toEqual([{ address: ADDRESS, page: { limit: 3, cursor: null, filter: NO_FILTER } }]);
  });

  it('args: a bad parameter is a 400 with its reason, and the index is not asked', async () => {
    let asked = false;
    const answer = await historyPageAnswer(ADDRESS, new URLSearchParams('limit=500'), async (): Promise<Page> => {
      asked = true;
      return { kind: 'ok', items: [] };
    }, () => ({}));
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ error: 'limit must be an integer from 1 to 100, got "500"' });
    expect(asked).toBe(false);
  });

  it('behavior: a cursor the index refuses is a 400, no index a 503 naming its state', async () => {
    const badCursor = await historyPageAnswer(ADDRESS, new URLSearchParams('cursor=zz'), async () => ({ kind: 'bad-cursor', message: 'not a cursor' }) as const, () => ({}));
    expect(badCursor.status).toBe(400);
    expect(JSON.stringify(badCursor.body)).toBe('{"error":"not a cursor"}');
    const off = await historyPageAnswer(ADDRESS, new URLSearchParams(), async () => ({ kind: 'unavailable', state: 'off', reason: 'no index configured' }) as const, () => ({}));
    expect(off.status).toBe(503);
    expect(JSON.stringify(off.body)).toBe('{"error":"no index configured","index":"off"}');
  });
  it('behavior: a filter parameter that cannot be read, or one the loader refuses, is a 400 naming it', async () => {
    const never = async (): Promise<Page> => { throw new Error('not asked'); };
    const bad = await historyPageAnswer(ADDRESS, new URLSearchParams('from=2026-13-01'), never, (l) => l);
    expect(bad.status).toBe(400);
    expect((bad.body as { error: string }).error).toBe('from must be a UTC day as YYYY-MM-DD, got "2026-13-01"');
    const refused = await historyPageAnswer(ADDRESS, new URLSearchParams('method=nope'), async () => ({ kind: 'bad-filter', message: 'method "nope" is not known' } as const), (l) => l);
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({ error: 'method "nope" is not known' });
  });
});
