/**
 * The fuzz spec's requests (e2e/failures/fuzz.spec.ts), generated from a seed so that a failure
 * reproduces: the same seed gives the same requests in the same order. Every route of the
 * explorer appears (pages, /api, /api/v1, Etherscan's /api?module=…, the POST routes), its
 * parameters drawn from a mix of malformed and valid-looking values.
 *
 * Values are already percent-encoded as they go on the wire: the URL parser leaves existing
 * %xx alone, so bad encodings (%ff%fe, lone %, %zz, overlong UTF-8, surrogates) reach the server.
 */
import { CHAINS } from '../../lib/protocol/chains';

/** mulberry32: small, fast, and the same sequence on every platform for a given seed. */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface FuzzRequest {
  readonly method: 'GET' | 'POST';
  /** Path and query, percent-encoded as sent. */
  readonly url: string;
  /** The raw body of a POST (any text, not necessarily JSON). */
  readonly body?: string;
  /** A client of its own (X-Forwarded-For), so rate-limited routes get past the limiter. */
  readonly client?: string;
}

type Rand = () => number;

const int = (r: Rand, n: number) => Math.floor(r() * n);
const pick = <T>(r: Rand, xs: readonly T[]): T => xs[int(r, xs.length)] as T;
const hex = (r: Rand, n: number) => Array.from({ length: n }, () => '0123456789abcdef'[int(r, 16)]).join('');

const CHAIN_NAMES = CHAINS.map((c) => c.name);
const ZONE_NAMES = CHAINS.filter((c) => c.level === 2).map((c) => c.name);
const WRONG_CHAINS = ['cyprus4', 'zone', 'Prime', 'CYPRUS1', 'paxos0', 'hydra-1', 'prime ', 'orchard', '', 'undefined', 'null', 'constructor', '__proto__'];

const BAD_ENCODINGS = [
  '%ff%fe', '%', '%%', '%zz', '%g0', 'abc%', '%e2%82', '%c0%af', '%e0%80%80', '%c0%80', '%ed%a0%80', '%ed%bf%bf',
  '%f8%88%80%80%80', '%fc%80%80%80%80%80', '%80', '%bf', '%fe%ff', '%ef%bb%bf%ff', '0x%ff', '0x%zz' + 'a'.repeat(62), '%u0041',
];
const ODD_TEXT = [
  '%00', '%0a', '%0d%0a', '%e2%80%ae', '%e2%80%8f', '%e2%81%a6', '%e2%80%8b', '%ef%bf%bd', '%f0%9f%92%a9', '%e6%97%a5%e6%9c%ac',
  '..', '%2e%2e', '..%2f..%2fetc%2fpasswd', '%2e%2e%5c%2e%2e', '%2f', '%5c', '.', '%20', '+', '%2b', 'a%23b', '%3f', '<script>', '%3cscript%3e',
  '\'', '%22', '%7b%7d', 'true', '[]', '-0', 'Infinity',
];
const NUMBERS = ['0', '1', '-1', '7', '00', '1e9', '1.5', 'NaN', '18446744073709551616', '9223372036854775807', '9223372036854775808', '99999999999999999999999', '0x0', '0x1', '0x-1', '0xffffffffffffffff', '0x10000000000000000', 'latest', 'earliest', 'pending', 'finalized'];

/** A zone-owned address: the first byte says which zone (lib/protocol/chains.ts, zoneOf). */
function zoneAddress(r: Rand): string {
  const region = int(r, 3);
  const zone = int(r, 3);
  return `0x${((region << 4) | zone).toString(16).padStart(2, '0')}${hex(r, 38)}`;
}

/** One path segment or query value, already percent-encoded. */
function value(r: Rand): string {
  switch (int(r, 12)) {
    case 0:
    case 1:
      return pick(r, BAD_ENCODINGS) + (r() < 0.3 ? hex(r, int(r, 70)) : '');
    case 2:
      return pick(r, ODD_TEXT);
    case 3:
      return r() < 0.5 ? 'a'.repeat(10_000) : `0x${hex(r, 500 + int(r, 5_000))}`;
    case 4:
      return `0x${hex(r, int(r, 80))}`;
    case 5:
      return hex(r, int(r, 70));
    case 6:
      return `0x${hex(r, 64)}`;
    case 7:
      return r() < 0.5 ? zoneAddress(r) : `0x${hex(r, 40)}`;
    case 8:
      return pick(r, NUMBERS);
    case 9:
      return r() < 0.6 ? pick(r, CHAIN_NAMES) : encodeURIComponent(pick(r, WRONG_CHAINS));
    case 10:
      return encodeURIComponent(String.fromCodePoint(...Array.from({ length: 1 + int(r, 12) }, () => int(r, 0x2fff))));
    default:
      return pick(r, BAD_ENCODINGS) + pick(r, ODD_TEXT) + `0x${hex(r, 64)}`;
  }
}

/** Usually the kind of value the parameter wants (so valid routes are reached), else anything. */
function param(r: Rand, kind: 'hash' | 'address' | 'block' | 'chain' | 'zone' | 'index'): string {
  if (r() < 0.8) return value(r);
  switch (kind) {
    case 'hash':
      return `0x${hex(r, 64)}`;
    case 'address':
      return zoneAddress(r);
    case 'block':
      return r() < 0.5 ? String(int(r, 20)) : `0x${hex(r, 64)}`;
    case 'chain':
      return pick(r, CHAIN_NAMES);
    case 'zone':
      return pick(r, ZONE_NAMES);
    case 'index':
      return String(int(r, 3));
  }
}

const QUERY_KEYS = ['tab', 'page', 'limit', 'cursor', 'q', 'zone', 'days', 'period', 'sort', 'offset', 'startblock', 'endblock', 'address', 'contractaddress', 'module', 'action', 'block', 'from', '_rsc', '%ff', '', '%00', 'a'.repeat(300)];

/** Nothing, a few garbage parameters (duplicates included), or a huge query string. */
function query(r: Rand, known: readonly string[] = []): string {
  const roll = r();
  if (roll < 0.35) return '';
  // Past the explorer's query limit, yet short enough that Next's 308 for a trailing slash (the URL
  // in both Location and Refresh) stays under the client's 16 KiB of response headers.
  if (roll < 0.4) return `?${'x='.padEnd(7_000, 'y')}`;
  if (roll < 0.42) return `?${'&'.repeat(2_000)}`;
  const n = 1 + int(r, 5);
  const parts: string[] = [];
  for (let i = 0; i < n; i++) {
    const key = r() < 0.7 && known.length > 0 ? pick(r, known) : pick(r, QUERY_KEYS);
    parts.push(r() < 0.1 ? key : `${key}=${value(r)}`);
    if (r() < 0.15) parts.push(`${key}=${value(r)}`);
  }
  return `?${parts.join('&')}`;
}

const MODULES = ['account', 'contract', 'proxy', 'stats', '%ff', ''];
const ACTIONS = ['txlist', 'tokentx', 'txlistinternal', 'balance', 'getabi', '%ff%fe', ''];

function etherscan(r: Rand): string {
  const parts = [`module=${r() < 0.7 ? 'account' : pick(r, MODULES)}`, `action=${r() < 0.7 ? pick(r, ['txlist', 'tokentx']) : pick(r, ACTIONS)}`];
  for (const key of ['address', 'contractaddress', 'page', 'offset', 'sort', 'startblock', 'endblock']) {
    if (r() < 0.5) parts.push(`${key}=${key.includes('address') ? param(r, 'address') : value(r)}`);
  }
  const extra = query(r, ['address', 'page', 'offset', 'sort']);
  return `/api?${parts.join('&')}${extra ? `&${extra.slice(1)}` : ''}`;
}

/**
 * Routes without path parameters: each answer is a whole page render or node read, so they are
 * drawn less often (their only input is the query) to keep the run short on two cores.
 */
const PLAIN: readonly ((r: Rand) => string)[] = [
  (r) => `/${query(r, ['q'])}`,
  (r) => `/txpool${query(r)}`,
  (r) => `/fees${query(r)}`,
  (r) => `/network${query(r, ['period', 'days'])}`,
  (r) => `/labels${query(r, ['q', 'page'])}`,
  (r) => `/broadcast${query(r)}`,
  (r) => `/api/tips${query(r)}`,
  (r) => `/api/health${query(r)}`,
  (r) => `/api/metrics${query(r)}`,
  (r) => `/api/v1/index/status${query(r)}`,
  (r) => `/api/labels${query(r, ['addresses'])}`,
];

/** GET routes with parameters: each returns path and query for one request. */
const GETS: readonly ((r: Rand) => string)[] = [
  (r) => `/txpool/${param(r, 'zone')}${query(r, ['tab'])}`,
  (r) => `/fees/${param(r, 'chain')}${query(r)}`,
  (r) => `/search?q=${value(r)}${query(r, ['q']).replace('?', '&')}`,
  (r) => `/token/${param(r, 'address')}${query(r, ['tab', 'cursor', 'limit'])}`,
  (r) => `/address/${param(r, 'address')}${query(r, ['tab', 'cursor', 'limit', 'block'])}`,
  (r) => `/tx/${param(r, 'hash')}${query(r, ['tab'])}`,
  (r) => `/block/${param(r, 'block')}${query(r)}`,
  (r) => `/chain/${param(r, 'chain')}${query(r, ['tab'])}`,
  (r) => `/chain/${param(r, 'chain')}/block/${param(r, 'block')}${query(r, ['tab'])}`,
  (r) => `/chain/${param(r, 'chain')}/block/${param(r, 'block')}/uncle/${param(r, 'index')}${query(r)}`,
  (r) => `/chain/${param(r, 'chain')}/block/${param(r, 'block')}/tx/${param(r, 'index')}${query(r)}`,
  (r) => `/${value(r)}/${value(r)}`,
  (r) => `/api/txpool/${param(r, 'zone')}${query(r)}`,
  (r) => `/api/fees/${param(r, 'chain')}${query(r)}`,
  (r) => `/api/v1/address/${param(r, 'address')}/transactions${query(r, ['limit', 'cursor'])}`,
  (r) => `/api/v1/address/${param(r, 'address')}/transactions.csv${query(r, ['limit', 'cursor'])}`,
  (r) => `/api/v1/address/${param(r, 'address')}/token-transfers${query(r, ['limit', 'cursor'])}`,
  (r) => `/api/v1/etx/${param(r, 'hash')}${query(r)}`,
  (r) => `/api/v1/etx/flow${query(r, ['period'])}`,
  (r) => `/api/v1/tx/${param(r, 'hash')}/logs${query(r, ['cursor', 'limit'])}`,
  (r) => `/api/v1/stats/daily${query(r, ['zone', 'days'])}`,
  etherscan,
  etherscan,
  (r) => `/api/${value(r)}/${value(r)}`,
  (r) => `/api/v1/${value(r)}`,
];

/** A body for a POST route: JSON of the right shape or not, malformed, huge, not JSON at all. */
function body(r: Rand, field: 'raw' | 'data' | 'addresses'): string {
  switch (int(r, 10)) {
    case 0:
      return `{"${field}": "0x${hex(r, int(r, 200))}"`; // cut short
    case 1:
      return JSON.stringify({ [field]: `0x${hex(r, 300_000)}` }); // past the body limit
    case 2:
      return JSON.stringify({ [field]: pick(r, [1, null, true, [], {}, -1, 1e308, '']) });
    case 3:
      return pick(r, ['', 'null', '[]', '"x"', '0', '{}', '{"__proto__":{"raw":"0x"}}', '\u0000', '\ufeff{}', '{"a":' + '['.repeat(5_000)]);
    case 4:
      return JSON.stringify({ [field]: decodeLenient(value(r)), block: decodeLenient(value(r)), from: decodeLenient(value(r)), value: decodeLenient(value(r)) });
    case 5:
      return JSON.stringify({ [field]: `0x${hex(r, 2 * int(r, 120))}`, block: pick(r, NUMBERS), from: zoneAddress(r), value: pick(r, NUMBERS) });
    case 6:
      return JSON.stringify({ [field]: '0x70a08231' + '0'.repeat(24) + hex(r, 40) });
    case 7:
      return `{"${field}": "\\ud800", "block": "\\udfff"}`;
    default:
      return JSON.stringify({ [field]: `0x${hex(r, 2 * int(r, 200))}`, extra: 'y'.repeat(int(r, 2_000)) });
  }
}

function decodeLenient(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

function post(r: Rand): FuzzRequest {
  if (r() < 0.1) return { method: 'POST', url: `/api/labels${query(r)}`, body: body(r, 'addresses') };
  if (r() < 0.5) return { method: 'POST', url: `/api/broadcast${query(r)}`, body: body(r, 'raw') };
  return { method: 'POST', url: `/api/address/${param(r, 'address')}/call${query(r)}`, body: body(r, 'data') };
}

/**
 * `count` requests from `seed`. Rate-limited routes (search and the POSTs) mostly name a client
 * of their own, so the limiter lets them through to the decoding; three in ten share one client,
 * so the 429 path is fuzzed too.
 */
export function fuzzRequests(seed: number, count: number): FuzzRequest[] {
  const r = prng(seed);
  const requests: FuzzRequest[] = [];
  for (let i = 0; i < count; i++) {
    const roll = r();
    const drawn: FuzzRequest = roll < 0.12 ? post(r) : { method: 'GET', url: pick(r, roll < 0.14 ? PLAIN : GETS)(r) };
    // A leading "//" would be read by the client as another host (protocol-relative URL).
    const request = { ...drawn, url: drawn.url.replace(/^\/{2,}/, '/%2F') };
    const limited = request.method === 'POST' || request.url.startsWith('/search');
    requests.push(limited && r() < 0.7 ? { ...request, client: `fuzz-${seed}-${i}` } : request);
  }
  return requests;
}

/** The spellings of `.` and `..` a URL parser resolves: plain, percent-encoded in either case, mixed. */
const DOTS = ['.', '%2e', '%2E'];
const DOT_DOTS = ['..', '%2e%2e', '%2E%2E', '.%2e', '%2e.', '%2E.', '.%2E'];
const SEPARATORS = ['/', '/', '/', '\\'];
const TARGETS = ['/api/metrics', '/api/health', '/api/tips', '/api', '/network', `/tx/0x${'0'.repeat(64)}`, '/address/0x0000000000000000000000000000000000000000', '/'];

/**
 * `count` paths with a dot segment somewhere (`/x/%2e%2e/api/metrics`, `/api/%2E/metrics`, …),
 * as sent on the wire: a URL parser would resolve them, so they go out through a raw request.
 */
export function dotSegmentPaths(seed: number, count: number): string[] {
  const r = prng(seed);
  return Array.from({ length: count }, () => {
    const target = pick(r, TARGETS).split('/').filter((s) => s !== '');
    const dot = r() < 0.5 ? pick(r, DOTS) : pick(r, DOT_DOTS);
    const at = int(r, target.length + 1);
    // `..` climbs out of a segment first: a decoy before it, as an attacker writes it.
    const inserted = dot.replace(/%2e|\./gi, '') === '' && DOT_DOTS.includes(dot) ? [value(r).slice(0, 20) || 'x', dot] : [dot];
    const segments = [...target.slice(0, at), ...inserted, ...target.slice(at)];
    let path = '';
    for (const segment of segments) path += pick(r, SEPARATORS) + segment;
    return `${path.startsWith('\\') ? `/${path.slice(1)}` : path}${r() < 0.3 ? query(r) : ''}`;
  });
}

/** Pages the cache keeps, as a reader would link them (query apart). */
const KEPT_PAGES: readonly ((r: Rand) => string)[] = [
  () => '/',
  (r) => `/chain/${pick(r, CHAIN_NAMES)}`,
  () => '/network',
  (r) => `/chain/${pick(r, CHAIN_NAMES)}/block/0x${hex(r, 64)}`,
  (r) => `/chain/${pick(r, ZONE_NAMES)}/block/0x${hex(r, 64)}/tx/${int(r, 3)}`,
  (r) => `/tx/0x${hex(r, 64)}`,
  (r) => `/address/${zoneAddress(r)}`,
  (r) => `/token/${zoneAddress(r)}`,
  (r) => `/block/${int(r, 50)}`,
];

/**
 * `count` GETs of pages the cache keeps, with parameters they do not read or values they do not
 * draw (`?tab=<anything>`, `?utm_source=…`, a repeated `tab`): never a copy of their own.
 */
export function unknownParameterRequests(seed: number, count: number): FuzzRequest[] {
  const r = prng(seed);
  return Array.from({ length: count }, () => {
    const parts = [r() < 0.6 ? `tab=${value(r).slice(0, 60)}` : `${pick(r, ['utm_source', 'ref', 'x', 'TAB', 'tab[]', 'fbclid'])}=${value(r).slice(0, 60)}`];
    if (r() < 0.3) parts.push(`tab=${pick(r, ['overview', 'raw', 'trace', 'history', 'x'])}`);
    return { method: 'GET', url: `${pick(r, KEPT_PAGES)(r)}?${parts.join('&')}` };
  });
}
