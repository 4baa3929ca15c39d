import { readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { routeLabel } from '@/lib/routes/route-label';
import { isNodeWorkRoute } from '@/lib/server/pipeline/node-work';
import { ROUTES, type RouteDef } from './table';
import { matchRoute, patternSegments } from './match';
import { validatePath } from './validate';
import { config as proxyConfig } from '@/proxy';

const APP = path.resolve(__dirname, '../../app');

/** Every route file of app/ as its URL pattern: route groups `(x)` add no segment. */
function appRoutes(dir = APP, prefix: readonly string[] = []): { pattern: string; kind: RouteDef['kind'] }[] {
  const found: { pattern: string; kind: RouteDef['kind'] }[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.isDirectory()) {
      // Private folders (_x) are not routes; groups (x) are transparent.
      if (entry.name.startsWith('_')) continue;
      const segment = /^\(.+\)$/.test(entry.name) ? [] : [entry.name];
      found.push(...appRoutes(path.join(dir, entry.name), [...prefix, ...segment]));
    } else if (/^(page|route)\.(tsx?|jsx?)$/.test(entry.name)) {
      found.push({ pattern: `/${prefix.join('/')}`, kind: entry.name.startsWith('page') ? 'page' : 'api' });
    }
  }
  return found;
}

/** A well-formed path of a route, its parameters filled with their samples. */
function samplePath(route: RouteDef): string {
  const parts = patternSegments(route.pattern).map((s) => (s.kind === 'static' ? s.text : route.params[s.name]!.sample));
  return `/${parts.join('/')}`;
}

describe('the route table', () => {
  const tree = appRoutes();

  test('names every page.tsx and route.ts of app/, and nothing else', () => {
    const inTree = tree.map((r) => `${r.kind} ${r.pattern}`).sort();
    const inTable = ROUTES.map((r) => `${r.kind} ${r.pattern}`).sort();
    expect(inTable).toEqual(inTree);
  });

  test('names each route once', () => {
    expect(new Set(ROUTES.map((r) => r.pattern)).size).toBe(ROUTES.length);
  });

  test('defines exactly the parameters of each pattern', () => {
    for (const route of ROUTES) {
      const names = patternSegments(route.pattern).flatMap((s) => (s.kind === 'static' ? [] : [s.name]));
      expect(Object.keys(route.params).sort(), route.pattern).toEqual(names.sort());
    }
  });

  test('a sample path of each route matches that route, passes validation, and is labelled by its pattern', () => {
    for (const route of ROUTES) {
      const sample = samplePath(route);
      expect(matchRoute(sample)?.route.pattern, sample).toBe(route.pattern);
      expect(routeLabel(sample, matchRoute(sample)), sample).toBe(route.pattern);
      expect(validatePath(sample), sample).toBeUndefined();
    }
  });

  test('static segments win over parameters, parameters over a catch-all', () => {
    expect(matchRoute('/api/v1/etx/flow')?.route.pattern).toBe('/api/v1/etx/flow');
    expect(matchRoute(`/api/v1/etx/0x${'ab'.repeat(32)}`)?.route.pattern).toBe('/api/v1/etx/[hash]');
    expect(matchRoute('/api/v1/nothing')?.route.pattern).toBe('/api/[...unknown]');
    expect(matchRoute('/api')?.route.pattern).toBe('/api');
    expect(matchRoute('/nothing/here')).toBeUndefined();
    expect(matchRoute('/tx/')).toBeUndefined();
  });

  test('the node-work class is search, the evidence bundles, the approvals (any method; the address page on its Approvals tab) and the POST routes that run on the node', () => {
    const limited = ROUTES.filter((r) => r.rateLimit?.class === 'node-work').map((r) => r.pattern).sort();
    expect(limited).toEqual([
      '/address/[address]', '/api', '/api/address/[address]/call', '/api/broadcast', '/api/v1/address/[address]/approvals',
      '/api/v1/evidence/address/[address]', '/api/v1/evidence/block/[chain]/[hash]', '/api/v1/evidence/tx/[hash]', '/api/v1/search', '/api/v1/simulate',
      '/chain/[chain]/api', '/search', '/sourcify',
    ]);
    expect(isNodeWorkRoute('GET', matchRoute('/api/broadcast')?.route)).toBe(false);
    // The search API counts only a hash (looked up on every node when the index lacks it), not a name.
    expect(isNodeWorkRoute('GET', matchRoute('/api/v1/search')?.route, new URLSearchParams(`q=0x${'ab'.repeat(32)}`))).toBe(true);
    expect(isNodeWorkRoute('GET', matchRoute('/api/v1/search')?.route, new URLSearchParams('q=DevToken'))).toBe(false);
    expect(isNodeWorkRoute('GET', matchRoute('/api/v1/search')?.route, new URLSearchParams('q=12345'))).toBe(false);
    expect(isNodeWorkRoute('GET', matchRoute(`/api/v1/evidence/tx/0x${'ab'.repeat(32)}`)?.route)).toBe(true);
    // POST /api is verifysourcecode (a compile) or a proxy call; GET /api (txlist, getsourcecode) reads the index…
    expect(isNodeWorkRoute('POST', matchRoute('/api')?.route)).toBe(true);
    expect(isNodeWorkRoute('GET', matchRoute('/api')?.route)).toBe(false);
    expect(isNodeWorkRoute('GET', matchRoute('/api')?.route, new URLSearchParams('module=account&action=txlist'))).toBe(false);
    // …unless the action it names runs on the node (its rate class in lib/etherscan/actions/).
    expect(isNodeWorkRoute('GET', matchRoute('/chain/cyprus1/api')?.route, new URLSearchParams('module=proxy&action=eth_call'))).toBe(true);
    expect(isNodeWorkRoute('POST', matchRoute('/chain/cyprus1/api')?.route)).toBe(true);
  });

  test('the proxy runs on every route (its matcher is a literal Next reads, so it is checked here)', () => {
    // Next compiles the matcher with path-to-regexp; this one is a plain group, the same as a RegExp.
    const matchers = proxyConfig.matcher.map((m) => new RegExp(`^${m}$`));
    for (const route of ROUTES) {
      const sample = samplePath(route);
      expect(matchers.some((m) => m.test(sample)), sample).toBe(true);
    }
  });
});
