import { describe, expect, test } from 'vitest';
import { ROUTES } from '@/lib/routes/table';
import { RESOLVERS } from './resolvers';

/** Kept routes still answered without a resolver, converted one by one; the list only shrinks. */
const NOT_YET: readonly string[] = [
  '/', '/network', '/api-docs', '/address/[address]', '/token/[address]', '/api', '/chain/[chain]/api',
  '/api/v1/address/[address]/transactions', '/api/v1/openapi.json',
];

describe('every route that is kept has its resolver', () => {
  test('a kept route names one, and it is listed', () => {
    for (const route of ROUTES) {
      if (route.cache === 'none' || NOT_YET.includes(route.pattern)) continue;
      expect(route.resolver, `${route.pattern} is kept (${route.cache}) without a resolver`).toBeDefined();
      expect(Object.keys(RESOLVERS), route.pattern).toContain(route.resolver);
    }
    for (const pattern of NOT_YET) expect(ROUTES.find((r) => r.pattern === pattern)?.resolver, `${pattern} has one now: drop it from NOT_YET`).toBeUndefined();
  });

  test('every resolver listed is a route’s, under one name', () => {
    const named = ROUTES.flatMap((r) => (r.resolver === undefined ? [] : [r.resolver]));
    expect(new Set(named).size, 'a name given to two routes').toBe(named.length);
    expect(Object.keys(RESOLVERS).sort()).toEqual([...named].sort());
  });
});
