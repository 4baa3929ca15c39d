import { describe, expect, test } from 'vitest';
import { ETHERSCAN_ACTIONS } from '@/lib/etherscan/registry';
import { CACHE_POLICIES } from '@/lib/routes/cache-policy';
import { matchRoute } from '@/lib/routes/match';
import { ROUTES } from '@/lib/routes/table';
import { planOf, type Plan } from './plan';
import { FINALITY_PARAMS } from '@/lib/server/etherscan/resolve-etherscan';

const HASH = `0x${'ab'.repeat(32)}`;
const ADDRESS = `0x${'Cd'.repeat(20)}`;

const keep = (plan: Plan) => (plan.kind === 'keep' ? { url: plan.url, policy: plan.policy, cacheName: plan.cacheName } : plan);
const plan = (method: string, path: string, query = '', flight = false) => planOf(method, matchRoute(path), path, query, flight);
const get = (path: string, query = '') => keep(plan('GET', path, query));

describe('the page cache reads each route’s policy from the route table', () => {
  test('every route has a policy of the vocabulary (its resolver: @/lib/server/pipeline/resolvers.test.ts), every when-final Etherscan action names what its finality is read from', () => {
    for (const route of ROUTES) {
      expect([...CACHE_POLICIES, 'per-action'], route.pattern).toContain(route.cache);
      if (route.cache === 'per-data' || route.cache === 'per-tip') expect(route.kind, route.pattern).toBe('page');
    }
    for (const action of ETHERSCAN_ACTIONS.filter((a) => a.cache === 'when-final')) {
      const names = action.params.map((p) => p.name);
      expect(names.some((name) => FINALITY_PARAMS.includes(name)), `${action.module}.${action.action}`).toBe(true);
    }
  });

  test('pages kept by hash, by tips snapshot and by what they show; their canonical URL is the key', () => {
    expect(get(`/chain/cyprus1/block/${HASH.toUpperCase().replace('0X', '0x')}`, 'tab=raw')).toEqual({ url: `/chain/cyprus1/block/${HASH}?tab=raw`, policy: 'immutable', cacheName: 'page-store' });
    expect(get(`/tx/${HASH}`, 'tab=trace')).toEqual({ url: `/tx/${HASH}?tab=trace`, policy: 'when-final', cacheName: 'page-store' });
    expect(get('/')).toEqual({ url: '/', policy: 'per-tip', cacheName: 'tip-page' });
    expect(get('/chain/cyprus1')).toEqual({ url: '/chain/cyprus1', policy: 'per-tip', cacheName: 'tip-page' });
    expect(get('/network')).toEqual({ url: '/network', policy: 'per-tip', cacheName: 'tip-page' });
    expect(get(`/address/${ADDRESS}`, 'tab=history&cursor=abc')).toEqual({ url: `/address/${ADDRESS.toLowerCase()}?cursor=abc&tab=history`, policy: 'per-data', cacheName: 'shown-page' });
    expect(get(`/token/${ADDRESS}`)).toEqual({ url: `/token/${ADDRESS.toLowerCase()}`, policy: 'per-data', cacheName: 'shown-page' });
    // EIP-3091: a height in decimal, a hash in lower case.
    expect(get('/block/0x10')).toEqual({ url: '/block/16', policy: 'when-final', cacheName: 'page-store' });
    expect(get('/block/0016')).toEqual({ url: '/block/16', policy: 'when-final', cacheName: 'page-store' });
    expect(get(`/block/${HASH.toUpperCase().replace('0X', '0x')}`)).toEqual({ url: `/block/${HASH}`, policy: 'when-final', cacheName: 'page-store' });
  });

  test('the history API and txlist per index version, keyed by the parameters they read', () => {
    expect(get(`/api/v1/address/${ADDRESS}/transactions`, 'limit=50&apikey=x&cursor=c1')).toEqual({
      url: `/api/v1/address/${ADDRESS.toLowerCase()}/transactions?cursor=c1&limit=50`, policy: 'per-index-version', cacheName: 'api-transactions',
    });
    expect(get('/api', `module=account&action=txlist&address=${ADDRESS}&sort=desc&apikey=KEY`)).toEqual({
      url: `/api?action=txlist&address=${ADDRESS}&module=account&sort=desc`, policy: 'per-index-version', cacheName: 'api-txlist',
    });
    // An action of policy none, an action that runs on the node, an unknown action, and every POST: per request.
    expect(get('/api', `module=contract&action=getabi&address=${ADDRESS}`)).toEqual({ kind: 'pass' });
    expect(get('/chain/cyprus1/api', `module=proxy&action=eth_call&to=${ADDRESS}&data=0x`)).toEqual({ kind: 'pass' });
    expect(get('/api', 'module=account&action=nosuchaction')).toEqual({ kind: 'pass' });
    expect(keep(plan('POST', '/api', 'module=account&action=txlist'))).toEqual({ kind: 'pass' });
  });

  test("an Etherscan action's policy is the one its file declares (findEtherscanAction), at /api and at a zone's base", () => {
    for (const action of ETHERSCAN_ACTIONS) {
      const query = `module=${action.module}&action=${action.action}`;
      for (const path of ['/api', '/chain/cyprus1/api']) {
        const plan = get(path, query);
        if (action.cache === 'none' || action.rateLimit === 'node-work') expect(plan, `${path}?${query}`).toEqual({ kind: 'pass' });
        else expect(plan, `${path}?${query}`).toEqual({ url: `${path}?action=${action.action}&module=${action.module}`, policy: action.cache, cacheName: `api-${action.action}` });
      }
    }
    // Keyed by the parameters the action reads: another one (an API key) is left out.
    expect(get('/chain/cyprus1/api', `module=account&action=balance&address=${ADDRESS}&tag=latest&apikey=K`)).toEqual({
      url: `/chain/cyprus1/api?action=balance&address=${ADDRESS}&module=account&tag=latest`, policy: 'per-tip', cacheName: 'api-balance',
    });
    expect(get('/api', `module=proxy&action=eth_getBlockByHash&hash=${HASH}&boolean=false&chain=cyprus1`)).toMatchObject({ policy: 'immutable' });
  });

  test('the API document and the actions list: one copy until the next deployment', () => {
    expect(get('/api/v1/openapi.json')).toEqual({ url: '/api/v1/openapi.json', policy: 'immutable', cacheName: 'api-openapi.json' });
    expect(get('/api-docs')).toEqual({ url: '/api-docs', policy: 'immutable', cacheName: 'page-store' });
  });

  test('what is answered per request: other forms, other methods, client navigations, routes without a policy', () => {
    for (const [path, query] of [
      ['/chain/cyprus1/block/12', ''],
      ['/chain/Cyprus1', ''],
      ['/chain/atlantis', ''],
      ['/search', 'q=1'],
      ['/fees', ''],
      ['/network', 'db=prime'],
      ['/network', 'period=7d'],
      [`/address/${ADDRESS}`, 'cursor=%21%21'],
      ['/nothing/here', ''],
      ['/api/tips', ''],
      ['/api/%ff', ''],
    ] as const) {
      expect(get(path, query), `${path}?${query}`).toEqual({ kind: 'pass' });
    }
    expect(keep(plan('GET', '/', '', true))).toEqual({ kind: 'pass' });
    expect(keep(plan('GET', '/', '_rsc=abc', true))).toEqual({ kind: 'pass' });
  });

  test('a parameter a page does not read, a repeat, or a value it does not draw: its canonical URL, never a copy of its own', () => {
    expect(get(`/chain/cyprus1/block/${HASH}`, 'tab=x123')).toEqual({ kind: 'redirect', location: `/chain/cyprus1/block/${HASH}` });
    expect(get(`/chain/cyprus1/block/${HASH}`, 'tab=raw&utm_source=mail')).toEqual({ kind: 'redirect', location: `/chain/cyprus1/block/${HASH}?tab=raw` });
    expect(get(`/tx/${HASH}`, 'tab=trace&tab=state')).toEqual({ kind: 'redirect', location: `/tx/${HASH}?tab=trace` });
    expect(get('/', 'x=1')).toEqual({ kind: 'redirect', location: '/' });
    expect(get('/network', 'period=1y')).toEqual({ kind: 'redirect', location: '/network' });
    expect(get(`/address/${ADDRESS}`, 'tab=nope&cursor=abc')).toEqual({ kind: 'redirect', location: `/address/${ADDRESS}?cursor=abc` });
    // A thousand unknown values all lead to one canonical page.
    const targets = new Set(Array.from({ length: 1000 }, (_, i) => JSON.stringify(get(`/chain/cyprus1/block/${HASH}`, `tab=x${i}`))));
    expect([...targets]).toEqual([JSON.stringify({ kind: 'redirect', location: `/chain/cyprus1/block/${HASH}` })]);
  });
});
