/**
 * What the page cache does with a request, read from its route's match (made by server.ts's first
 * stage) and the route table alone (lib/routes/table.ts: each route's policy, the path form it
 * keeps, its parameters' kept spelling, the query parameters it reads) and, for Etherscan's
 * `/api`, from the action the request names (lib/etherscan/registry.ts):
 *
 *   pass       not the cache's: a policy of `none`, a form the route does not keep (a block by
 *              number), a method other than GET/HEAD, a client navigation (RSC), a URL the guard
 *              refuses, a route the rate limit covers, a parameter value the page will refuse
 *   redirect   a page URL with a parameter the page does not read, a repeated one, or a value it
 *              does not draw (an unknown tab): the canonical URL without it, so that no spelling
 *              of a page gets a copy of its own
 *   keep       the route, its policy and the canonical URL: its path normalized (hashes and
 *              addresses in lower case, a height in decimal) and its declared parameters sorted.
 *              The copy is rendered from that URL and kept under it
 *
 * Pure: the variant a copy is kept for (the tips snapshot, the index version, the data shown)
 * is read at request time by ./variant.ts.
 */
import { findEtherscanAction } from '@/lib/etherscan/registry';
import { isNodeWorkRoute } from '@/lib/server/pipeline/node-work';
import type { CachePolicy } from '@/lib/routes/cache-policy';
import { canonicalPath, patternSegments, type RouteMatch } from '@/lib/routes/match';
import type { QueryParamDef, RouteDef } from '@/lib/routes/table';

export interface KeptRoute {
  readonly route: RouteDef;
  readonly policy: Exclude<CachePolicy, 'none'>;
  /** Raw (undecoded) path parameters. */
  readonly params: Readonly<Record<string, string>>;
  /** The canonical path and query: what is rendered, and the key its copies are kept under. */
  readonly url: string;
  /** The metric label of its lookups: `page-store`, `tip-page`, `shown-page` or `api-<name>`. */
  readonly cacheName: string;
}

export type Plan = { readonly kind: 'pass' } | { readonly kind: 'redirect'; readonly location: string } | ({ readonly kind: 'keep' } & KeptRoute);

const PASS: Plan = { kind: 'pass' };

/** The names the Etherscan dispatcher reads besides an action's own parameters. */
const ETHERSCAN_COMMON = ['module', 'action', 'chain'];

/** The query parameters a route (or the Etherscan action a request names) reads. */
function declaredQuery(route: RouteDef, search: URLSearchParams): Readonly<Record<string, QueryParamDef>> | undefined {
  if (route.cache !== 'per-action') return route.query ?? {};
  const action = findEtherscanAction(search);
  if (!action) return undefined;
  return Object.fromEntries([...ETHERSCAN_COMMON, ...action.params.map((p) => p.name)].map((name) => [name, {}]));
}

function policyOf(route: RouteDef, search: URLSearchParams): CachePolicy {
  return route.cache === 'per-action' ? (findEtherscanAction(search)?.cache ?? 'none') : route.cache;
}

function cacheNameOf(route: RouteDef, policy: CachePolicy, search: URLSearchParams): string {
  if (route.kind === 'api') {
    const last = patternSegments(route.pattern).at(-1);
    const name = route.cache === 'per-action' ? findEtherscanAction(search)?.action : last?.kind === 'static' ? last.text : last?.name;
    return `api-${name ?? 'answer'}`;
  }
  return policy === 'per-tip' ? 'tip-page' : policy === 'per-data' ? 'shown-page' : 'page-store';
}

/**
 * The plan for a request: `method`, its route's match (undefined: no route), the path as received
 * (percent-encoded) and its query string (without "?"), a URL the guard has let through; `flight`
 * for a client navigation's RSC request or prefetch (never the cache's).
 */
export function planOf(method: string, match: RouteMatch | undefined, pathname: string, query: string, flight = false): Plan {
  if ((method !== 'GET' && method !== 'HEAD') || flight || !match) return PASS;
  const { route, params } = match;
  const search = new URLSearchParams(query);
  const policy = policyOf(route, search);
  if (policy === 'none' || isNodeWorkRoute(method, route, search)) return PASS;
  if (route.keptWhen && !route.keptWhen(params)) return PASS;
  const declared = declaredQuery(route, search);
  const path = canonicalPath(match);
  if (!declared || path === undefined) return PASS;

  const kept: Array<[string, string]> = [];
  let dropped = false;
  for (const name of new Set(search.keys())) {
    const def = declared[name];
    const values = search.getAll(name);
    const value = values[0] ?? '';
    if (!def) {
      dropped = true;
      continue;
    }
    if (route.kind === 'api') {
      // An API reads its parameters itself (a bad one is its 400, never kept): all values, in order.
      for (const v of values) kept.push([name, v]);
      continue;
    }
    if (values.length > 1) dropped = true;
    if (def.values && !def.values.includes(value)) {
      dropped = true;
      continue;
    }
    if (def.check && !def.check(value)) return PASS;
    if (def.perRequest) return PASS;
    kept.push([name, value]);
  }
  kept.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const canonicalQuery = new URLSearchParams(kept).toString();
  const url = canonicalQuery === '' ? path : `${path}?${canonicalQuery}`;
  // A page asked with what it does not read: its canonical URL, as the reader spelled the path.
  if (dropped && route.kind === 'page') return { kind: 'redirect', location: canonicalQuery === '' ? pathname : `${pathname}?${canonicalQuery}` };
  return { kind: 'keep', route, policy, params, url, cacheName: cacheNameOf(route, policy, search) };
}
