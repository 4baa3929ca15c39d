import { describe, expect, test } from 'vitest';
import { ROUTES } from '@/lib/routes/table';
import { RESOLVERS } from './resolvers';


/**
 * The routes answered without a resolver, and why: a command (a POST that makes the node or the
 * verifier work, never kept), the process's own endpoints (they read its headers and state, not the
 * chain), the event stream (a subscription held open, which takes a slot of the client's and reads
 * the request's Last-Event-ID and its end), a page drawn in the browser alone, and the JSON 404 of
 * a path no route has. None is kept.
 */
const WITHOUT_RESOLVER: Readonly<Record<string, string>> = {
  '/api/broadcast': 'a command (POST)',
  '/api/address/[address]/call': 'a command (POST)',
  '/api/v1/simulate': 'a command (POST)',
  '/sourcify': 'a command (POST): a verification',
  '/api/health': "the process's readiness",
  '/api/metrics': "the process's metrics, behind its bearer token",
  '/api/[...unknown]': 'the JSON 404 of a path no route has',
  '/api/v1/stream': 'a subscription held open (lib/server/stream/stream-route.ts)',
  '/watchlist': "drawn in the browser from its local storage: nothing to load",
};

describe('every route that is kept has its resolver', () => {
  test('a kept route names one, and it is listed', () => {
    for (const route of ROUTES) {
      if (route.cache === 'none') continue;
      expect(route.resolver, `${route.pattern} is kept (${route.cache}) without a resolver`).toBeDefined();
      expect(Object.keys(RESOLVERS), route.pattern).toContain(route.resolver);
    }
  });

  test('so does every page and every API route but the few that say why not', () => {
    for (const route of ROUTES) {
      if (route.pattern in WITHOUT_RESOLVER) {
        expect(route.cache, `${route.pattern} is kept, so it needs a resolver`).toBe('none');
        expect(route.resolver, `${route.pattern} has a resolver now: drop it from WITHOUT_RESOLVER`).toBeUndefined();
        continue;
      }
      expect(route.resolver, `${route.pattern} has no resolver`).toBeDefined();
    }
    for (const pattern of Object.keys(WITHOUT_RESOLVER)) expect(ROUTES.map((r) => r.pattern), pattern).toContain(pattern);
  });

  test('every resolver listed is a route’s', () => {
    const named = ROUTES.flatMap((r) => (r.resolver === undefined ? [] : [r.resolver]));
    expect(Object.keys(RESOLVERS).sort()).toEqual([...new Set(named)].sort());
  });
});
