import { describe, expect, test } from 'vitest';
import { ROUTES } from '@/lib/routes/table';
import { RESOLVERS } from './resolvers';


describe('every route that is kept has its resolver', () => {
  test('a kept route names one, and it is listed', () => {
    for (const route of ROUTES) {
      if (route.cache === 'none') continue;
      expect(route.resolver, `${route.pattern} is kept (${route.cache}) without a resolver`).toBeDefined();
      expect(Object.keys(RESOLVERS), route.pattern).toContain(route.resolver);
    }
  });

  test('every resolver listed is a route’s', () => {
    const named = ROUTES.flatMap((r) => (r.resolver === undefined ? [] : [r.resolver]));
    expect(Object.keys(RESOLVERS).sort()).toEqual([...new Set(named)].sort());
  });
});
