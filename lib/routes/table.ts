/**
 * Every page and API route of the explorer, written once (Blockscout's "one resource registry"):
 * its pattern as in the app/ tree (route groups such as `(overview)` left out), each parameter's
 * shape check and a sample value, and what the HTTP edge must know about it. The rest derives
 * from here: the proxy's 404 reasons (./validate.ts), the metric labels (lib/routes/route-label.ts),
 * the rate limit's node-work class (lib/http/rate-limit.ts), each route's cache policy, the
 * query parameters a kept copy is keyed by (lib/server/page-cache/) and the URL builders
 * (lib/routes/urls.ts, through ./path.ts).
 *
 * ./routes.test.ts walks app/ and fails when a route is missing here or named here without a
 * page.tsx or route.ts, so the table cannot drift from the tree again.
 *
 * Pure and browser-safe: lib/routes/urls.ts, used by client components, builds its paths from here.
 */
import {
  addressProblem,
  blockIdProblem,
  blockNumberProblem,
  nonceProblem,
  chainProblem,
  txHashProblem,
  txIndexProblem,
  uncleIndexProblem,
  zoneProblem,
  type ShapeCheck,
} from '@/lib/routes/params/path-shape';
import { isChainName } from '@/lib/protocol/chains';
import { parseBlockRef } from '@/lib/routes/params/block-id';
import { TX_TABS } from '@/lib/routes/params/tx-query';
import { ADDRESS_TABS, BLOCK_TABS } from '@/lib/routes/params/tabs';
import { FLOW_PERIODS } from '@/lib/routes/params/stats-params';
import { LIST_PARAM_CHECKS } from '@/lib/routes/params/list-query';
import { CHART_PERIODS, SERIES_IDS } from '@/lib/routes/params/chart-params';
import { ZONES } from '@/lib/protocol/chains';
import { DIRECTIONS, FILTER_SHAPES } from '@/lib/routes/params/history-filter';
import { searchAsksNode } from '@/lib/search/search-query';
import type { CachePolicy } from './cache-policy';

export interface ParamDef {
  /** A well-formed value, for tests that need a path of every route. */
  readonly sample: string;
  /** The shape a page's parameter must have, checked by proxy.ts (the API checks its own, in JSON). */
  readonly check?: ShapeCheck;
  /**
   * Its one spelling in a kept copy's URL (./match.ts, canonicalPath), from the raw value;
   * undefined for a value whose page is not kept. Lower case when not said.
   */
  readonly canonical?: (raw: string) => string | undefined;
}

/** Parameter names of a pattern: `/chain/[chain]/block/[id]` → "chain" | "id"; `[...rest]` → "rest". */
export type ParamNames<P extends string> = P extends `${string}[${infer Name}]${infer Rest}`
  ? (Name extends `...${infer Spread}` ? Spread : Name) | ParamNames<Rest>
  : never;

/**
 * Rate-limit classes: "node-work" routes make the node work for the caller (search looks a hash
 * up on every chain; a broadcast, a call, a dry run or a token's read runs code on the node), so
 * each client has a budget of them.
 */
export interface RateLimitClass {
  readonly class: 'node-work';
  /** The methods that count; "any" for every method. */
  readonly methods: 'any' | readonly string[];
  /** An Etherscan base: a request also counts when the action it names is of the node-work class (lib/etherscan/registry.ts). */
  readonly etherscanActions?: true;
  /**
   * Counts only when the query makes the node work: the address page on its Approvals tab, the
   * search API for a hash (looked up on every node), not for a name.
   */
  readonly when?: (search: URLSearchParams) => boolean;
}

/**
 * How the page cache keeps a route's answer (lib/server/page-cache/): one of the vocabulary's
 * policies (./cache-policy.ts), or `per-action` for Etherscan's `/api`, whose actions each declare
 * their own (lib/etherscan/registry.ts, read through findEtherscanAction).
 */
export type RouteCache = CachePolicy | 'per-action';

/**
 * A query parameter a route reads. A kept page's copy is keyed by its declared parameters alone:
 * a page URL with any other parameter, or with a value outside `values`, is redirected to the
 * canonical URL without it (never a copy of its own); an API's other parameters are left out of
 * its key. A value `check` refuses is answered per request (the page says what is wrong), and
 * `perRequest` parameters are a form that is always answered per request (never kept).
 */
export interface QueryParamDef {
  /** The values the page draws; another is the page without this parameter. */
  readonly values?: readonly string[];
  /** Whether a value is well formed, as the page's own parser would accept it. */
  readonly check?: (value: string) => boolean;
  readonly perRequest?: true;
}

/** What else a kept copy's key follows besides its policy's own: the index (version and health), the verified contracts. */
export type CacheKeyPart = 'index' | 'verified';

export interface RouteDef<P extends string = string> {
  /** As in the app/ tree; also the route's metric label. */
  readonly pattern: P;
  /** A page (HTML, proxy.ts validates its parameters) or an API route (answers in JSON). */
  readonly kind: 'page' | 'api';
  readonly params: Readonly<Record<string, ParamDef>>;
  readonly rateLimit?: RateLimitClass;
  /** Its cache policy: every route declares one (./routes.test.ts). */
  readonly cache: RouteCache;
  /**
   * The path form that is kept, for a policy that keeps some forms only (a block page by hash, not
   * by number); the others are answered per request. Raw (undecoded) parameters.
   */
  readonly keptWhen?: (params: Readonly<Record<string, string>>) => boolean;
  readonly query?: Readonly<Record<string, QueryParamDef>>;
  readonly keyAlso?: readonly CacheKeyPart[];
  /**
   * Its resolver's name (./resolver.ts): the function that parses its parameters, loads what it
   * shows and says what was found, listed under this name in lib/server/pipeline/resolvers.ts.
   * Every kept route has one (./routes.test.ts); the page cache, proxy.ts and the page read its verdict.
   */
  readonly resolver?: string;
}

type Extra<R extends string> = Pick<RouteDef, 'rateLimit' | 'keptWhen' | 'query' | 'keyAlso'> & { readonly resolver?: R };

function define<P extends string, R extends string>(kind: RouteDef['kind'], pattern: P, params: Record<ParamNames<P>, ParamDef>, cache: RouteCache, extra: Extra<R> = {}): RouteDef<P> & Extra<NoInfer<R>> {
  return { pattern, kind, params, cache, ...extra };
}
const page = <P extends string, R extends string = never>(pattern: P, params: Record<ParamNames<P>, ParamDef>, cache: RouteCache, extra?: Extra<R>) => define('page', pattern, params, cache, extra);
const api = <P extends string, R extends string = never>(pattern: P, params: Record<ParamNames<P>, ParamDef>, cache: RouteCache, extra?: Extra<R>) => define('api', pattern, params, cache, extra);

const SAMPLE_HASH = `0x${'ab'.repeat(32)}`;
const SAMPLE_ADDRESS = `0x${'00'.repeat(19)}aa`;

/** Only chains this build knows, spelled as the route spells them. */
const chainName = (raw: string) => (isChainName(raw) ? raw : undefined);
/** A height in decimal, a hash in lower case (`/block/0x10` and `/block/16` are one page). */
function blockId(raw: string): string | undefined {
  const ref = parseBlockRef(raw);
  if (!ref.ok) return undefined;
  return ref.value.kind === 'number' ? ref.value.number.toString() : ref.value.hash;
}

const CHAIN: ParamDef = { sample: 'cyprus1', check: chainProblem, canonical: chainName };
const ZONE: ParamDef = { sample: 'cyprus1', check: zoneProblem, canonical: chainName };
const BLOCK_ID: ParamDef = { sample: '5', check: blockIdProblem, canonical: blockId };
const TX_HASH: ParamDef = { sample: SAMPLE_HASH, check: txHashProblem };
const ADDRESS: ParamDef = { sample: SAMPLE_ADDRESS, check: addressProblem };
const TX_INDEX: ParamDef = { sample: '0', check: txIndexProblem };
const UNCLE_INDEX: ParamDef = { sample: '0', check: uncleIndexProblem };

const HASH = /^0x[0-9a-fA-F]{64}$/;
const SMALL_INDEX = /^\d{1,6}$/;
/** A block page by hash, its chain spelled plainly (a kept copy's key is the lower-cased path). */
const blockByHash = (p: Readonly<Record<string, string>>) => /^[a-z0-9]+$/.test(p.chain ?? '') && HASH.test(p.id ?? '');
const NODE_WORK_POST: RateLimitClass = { class: 'node-work', methods: ['POST'] };
/** Every POST (verifysourcecode, eth_call, eth_estimateGas, eth_sendRawTransaction) and a GET of those that run on the node. */
const ETHERSCAN_BASE: RateLimitClass = { class: 'node-work', methods: ['POST'], etherscanActions: true };
const NODE_WORK: RateLimitClass = { class: 'node-work', methods: 'any' };

/** The shapes the pages' own parsers accept (lib/routes/params/): a malformed value is answered per request. */
const CURSOR: QueryParamDef = { check: (v) => /^[A-Za-z0-9_-]{1,200}$/.test(v) };
const tabs = (ids: readonly { readonly id: string }[]): QueryParamDef => ({ values: ids.map((t) => t.id) });
/** The transaction pages' tabs (Overview, Trace, State changes), each kept as its own page. */
const TX_QUERY = { tab: tabs(TX_TABS) };
/** An API page of the index: its size and cursor (lib/routes/params/history-params.ts). */
const INDEX_PAGE_QUERY = { limit: { check: (v: string) => /^\d{1,4}$/.test(v) }, cursor: CURSOR };
/** A zone picked by `?chain=` (the top accounts, the charts): one kept copy per zone. */
const ZONE_QUERY: QueryParamDef = { values: ZONES.map((z) => z.name) };
/** The advanced filter of an address's lists (lib/routes/params/history-filter.ts): each value is part of a kept copy's key. */
const FILTER_QUERY: Readonly<Record<string, QueryParamDef>> = {
  direction: { values: DIRECTIONS },
  method: { check: FILTER_SHAPES.method },
  token: { check: FILTER_SHAPES.token },
  counterparty: { check: FILTER_SHAPES.counterparty },
  from: { check: FILTER_SHAPES.from },
  to: { check: FILTER_SHAPES.to },
};
/** The same, as of a block (the approvals). */
const INDEX_PAGE_QUERY_AS_OF = { ...INDEX_PAGE_QUERY, block: { check: (v: string) => /^(latest|\d{1,15}|0x[0-9a-fA-F]{1,13})$/i.test(v.trim()) } };

/**
 * The browse lists' queries (lib/routes/params/list-query.ts), each filter a copy of its own; a value the
 * list cannot read is answered per request, where the page says why (the API's 400).
 */
const LIST_PAGE = { limit: INDEX_PAGE_QUERY.limit, cursor: CURSOR };
const BLOCKS_QUERY = { chain: { check: LIST_PARAM_CHECKS.chain }, tab: { values: ['uncles', 'reorgs'] }, ...LIST_PAGE };
const TXS_QUERY = {
  chain: { check: LIST_PARAM_CHECKS.chain },
  status: { check: LIST_PARAM_CHECKS.status },
  type: { check: LIST_PARAM_CHECKS.kind },
  method: { check: LIST_PARAM_CHECKS.method },
  ...LIST_PAGE,
};
const TOKENS_QUERY = { q: { check: LIST_PARAM_CHECKS.q }, sort: { check: LIST_PARAM_CHECKS.sort }, standard: { check: LIST_PARAM_CHECKS.standard }, ...LIST_PAGE };
const CONTRACTS_QUERY = { q: { check: LIST_PARAM_CHECKS.q }, ...LIST_PAGE };

export const ROUTES = [
  // Pages
  page('/', {}, 'per-tip', { resolver: 'home' }),
  page('/search', {}, 'none', { resolver: 'search', rateLimit: { class: 'node-work', methods: 'any' } }),
  // Its database viewer and flow period read the node at the moment asked: those forms per request.
  page('/network', {}, 'per-tip', {
    resolver: 'network',
    keyAlso: ['index'],
    query: { db: { perRequest: true }, property: { perRequest: true }, period: { values: Object.keys(FLOW_PERIODS), perRequest: true } },
  }),
  page('/broadcast', {}, 'none', { resolver: 'broadcast' }),
  page('/verify', {}, 'none', { resolver: 'verify' }),
  page('/labels', {}, 'none', { resolver: 'labels' }),
  // The reader's watchlist lives in the browser; the picture of the hierarchy is drawn from the stream's recent past.
  page('/watchlist', {}, 'none'),
  page('/hierarchy', {}, 'none', { resolver: 'hierarchy' }),
  // Drawn from the action registry: it changes with a deployment only.
  page('/api-docs', {}, 'immutable', { resolver: 'api-docs' }),
  page('/fees', {}, 'none', { resolver: 'fees-index' }),
  page('/fees/[chain]', { chain: CHAIN }, 'none', { resolver: 'fees' }),
  page('/txpool', {}, 'none', { resolver: 'txpool-index' }),
  page('/txpool/[zone]', { zone: ZONE }, 'none', { resolver: 'txpool' }),
  // Final once its block is deep; decoded with the verified ABIs of the moment (lib/server/contracts/verified-epoch.ts).
  page('/tx/[hash]', { hash: TX_HASH }, 'when-final', { resolver: 'tx', keptWhen: (p) => HASH.test(p.hash ?? ''), query: TX_QUERY, keyAlso: ['verified'] }),
  // Its Approvals tab reads each approval from the token's contract (allowance, isApprovedForAll): node work.
  page('/address/[address]', { address: ADDRESS }, 'per-data', {
    resolver: 'address',
    rateLimit: { class: 'node-work', methods: 'any', when: (search) => search.get('tab') === 'approvals' },
    query: {
      tab: tabs(ADDRESS_TABS),
      block: { check: (v) => /^(latest|\d{1,15}|0x[0-9a-fA-F]{1,13})$/i.test(v.trim()) },
      slot: { check: (v) => /^(\d{1,78}|0x[0-9a-fA-F]{1,64})$/.test(v.trim()) },
      cursor: CURSOR,
      internal: CURSOR,
      chain: { check: (v) => /^[a-z0-9]{1,20}$/.test(v) },
      ...FILTER_QUERY,
    },
  }),
  page('/token/[address]', { address: ADDRESS }, 'per-data', { resolver: 'token', query: { cursor: CURSOR } }),
  // A sender's transaction by nonce, found in the index when asked (lib/server/tx/resolve-nonce.ts): a redirect, never kept.
  page('/address/[address]/nonce/[nonce]', { address: ADDRESS, nonce: { sample: '0', check: nonceProblem } }, 'none', { resolver: 'nonce' }),
  // EIP-3091: a height is final once every chain's block at it is deep, a hash once it names its chain.
  page('/block/[id]', { id: BLOCK_ID }, 'when-final', { resolver: 'any-chain-block' }),
  page('/chain/[chain]', { chain: CHAIN }, 'per-tip', { resolver: 'chain' }),
  // From the index alone (the balance pass's accounts, the chain-stats rollups): one copy per commit.
  page('/accounts', {}, 'per-index-version', { resolver: 'accounts', query: { chain: ZONE_QUERY, cursor: CURSOR } }),
  page('/charts', {}, 'per-index-version', { resolver: 'charts', query: { chain: ZONE_QUERY, period: { values: CHART_PERIODS } } }),
  // The estimate moves with every block: answered per request (lib/server/block/resolve-countdown.ts).
  page('/block/countdown/[number]', { number: { sample: '100000000', check: blockNumberProblem } }, 'none', { resolver: 'countdown' }),
  page('/chain/[chain]/block/[id]', { chain: CHAIN, id: BLOCK_ID }, 'immutable', { resolver: 'block', keptWhen: blockByHash, query: { tab: tabs(BLOCK_TABS) } }),
  page('/chain/[chain]/block/[id]/tx/[index]', { chain: CHAIN, id: BLOCK_ID, index: TX_INDEX }, 'immutable', {
    resolver: 'tx-in-block',
    keptWhen: (p) => blockByHash(p) && SMALL_INDEX.test(p.index ?? ''),
    query: TX_QUERY,
    keyAlso: ['verified'],
  }),
  page('/chain/[chain]/block/[id]/uncle/[index]', { chain: CHAIN, id: BLOCK_ID, index: UNCLE_INDEX }, 'immutable', {
    resolver: 'uncle',
    keptWhen: (p) => blockByHash(p) && SMALL_INDEX.test(p.index ?? ''),
  }),
  // The browse lists (lib/server/<entity>/*-list.ts): pages of the index, kept per index version;
  // the pending transactions (the zone's txpool, read live) per request.
  page('/blocks', {}, 'per-index-version', { resolver: 'blocks', query: BLOCKS_QUERY }),
  page('/txs', {}, 'per-index-version', { resolver: 'txs', query: { ...TXS_QUERY, tab: { values: ['pending'], perRequest: true } } }),
  page('/tokens', {}, 'per-index-version', { resolver: 'tokens', query: TOKENS_QUERY }),
  // A verification is not an index commit: the verified contracts' epoch keys the copy too.
  page('/contracts', {}, 'per-index-version', { resolver: 'contracts', query: CONTRACTS_QUERY, keyAlso: ['verified'] }),

  // API
  // Etherscan's API (lib/etherscan/registry.ts), and the same per zone: each action's own policy,
  // and getsourcecode's answer changes with a verification.
  api('/api', {}, 'per-action', { resolver: 'etherscan', rateLimit: ETHERSCAN_BASE, keyAlso: ['verified'] }),
  api('/chain/[chain]/api', { chain: ZONE }, 'per-action', { resolver: 'etherscan', rateLimit: ETHERSCAN_BASE, keyAlso: ['verified'] }),
  api('/api/tips', {}, 'none', { resolver: 'tips-api' }),
  api('/api/health', {}, 'none'),
  api('/api/metrics', {}, 'none'),
  api('/api/labels', {}, 'none', { resolver: 'labels-api' }),
  api('/api/broadcast', {}, 'none', { rateLimit: NODE_WORK_POST }),
  api('/api/address/[address]/call', { address: ADDRESS }, 'none', { rateLimit: NODE_WORK_POST }),
  api('/api/fees/[chain]', { chain: CHAIN }, 'none', { resolver: 'fees-api' }),
  api('/api/txpool/[zone]', { zone: ZONE }, 'none', { resolver: 'txpool-api' }),
  api('/api/v1/address/[address]/transactions', { address: ADDRESS }, 'per-index-version', { resolver: 'history-api', query: { ...INDEX_PAGE_QUERY, ...FILTER_QUERY } }),
  api('/api/v1/blocks', {}, 'per-index-version', { resolver: 'blocks-api', query: BLOCKS_QUERY }),
  api('/api/v1/txs', {}, 'per-index-version', { resolver: 'txs-api', query: TXS_QUERY }),
  // The zone's txpool as the node holds it now: never kept.
  api('/api/v1/txs/pending', {}, 'none', { resolver: 'pending-txs-api', query: { chain: { check: LIST_PARAM_CHECKS.chain }, ...LIST_PAGE } }),
  api('/api/v1/tokens', {}, 'per-index-version', { resolver: 'tokens-api', query: TOKENS_QUERY }),
  api('/api/v1/contracts', {}, 'per-index-version', { resolver: 'contracts-api', query: CONTRACTS_QUERY, keyAlso: ['verified'] }),
  // The exports: streamed from the index, never kept (lib/server/history/csv-export.ts).
  api('/api/v1/address/[address]/transactions.csv', { address: ADDRESS }, 'none', { resolver: 'transactions-csv' }),
  api('/api/v1/address/[address]/balance-history', { address: ADDRESS }, 'per-index-version', { resolver: 'balance-history-api', query: INDEX_PAGE_QUERY }),
  api('/api/v1/accounts', {}, 'per-index-version', { resolver: 'accounts-api', query: { ...INDEX_PAGE_QUERY, chain: { check: (v: string) => /^[a-z0-9]{1,20}$/.test(v) } } }),
  api('/api/v1/stats/chain', {}, 'per-index-version', {
    resolver: 'chain-stats-api',
    query: { chain: { check: (v: string) => /^[a-z0-9]{1,20}$/.test(v) }, period: { values: CHART_PERIODS }, format: { values: ['json', 'csv'] }, series: { values: SERIES_IDS } },
  }),
  api('/api/v1/address/[address]/token-transfers.csv', { address: ADDRESS }, 'none', { resolver: 'token-transfers-csv' }),
  api('/api/v1/address/[address]/internal-transactions.csv', { address: ADDRESS }, 'none', { resolver: 'internal-transactions-csv' }),
  api('/api/v1/address/[address]/token-transfers', { address: ADDRESS }, 'none', { resolver: 'token-transfers-api' }),
  api('/api/v1/contract/[address]', { address: ADDRESS }, 'none', { resolver: 'contract-api' }),
  api('/api/v1/address/[address]/internal-transactions', { address: ADDRESS }, 'none', { resolver: 'internal-transfers-api' }),
  api('/api/v1/etx/[hash]', { hash: TX_HASH }, 'none', { resolver: 'etx-api' }),
  // A mined transaction's logs past the page's first hundred; answered per request (they could be kept once final).
  api('/api/v1/tx/[hash]/logs', { hash: TX_HASH }, 'none', { resolver: 'tx-logs-api' }),
  api('/api/v1/etx/flow', {}, 'none', { resolver: 'etx-flow-api' }),
  // Search's suggestions (lib/server/search/suggest.ts): from the index and memory, except a hash
  // the index lacks, looked up on every chain: those requests count as node work.
  api('/api/v1/search', {}, 'none', { resolver: 'search-api', rateLimit: { class: 'node-work', methods: 'any', when: searchAsksNode } }),
  api('/api/v1/index/status', {}, 'none', { resolver: 'index-status-api' }),
  api('/api/v1/stats/daily', {}, 'none', { resolver: 'daily-stats-api' }),
  // The document changes only with a deployment.
  api('/api/v1/openapi.json', {}, 'immutable', { resolver: 'openapi' }),
  // The index finds the approvals, the node says each one's amount at the zone's tip: neither the
  // index version nor the tips alone key it, so the answer is kept per the data it was drawn from.
  // Each approval of a token is read from its contract (allowance, isApprovedForAll): node work.
  api('/api/v1/address/[address]/approvals', { address: ADDRESS }, 'none', { resolver: 'approvals-api', rateLimit: NODE_WORK, query: INDEX_PAGE_QUERY_AS_OF }),
  // Polled by a wallet form until its transaction is mined; pending until then, so never kept.
  api('/api/tx/[hash]/outcome', { hash: TX_HASH }, 'none', { resolver: 'tx-outcome-api' }),
  // A dry run of a transaction on the zone's pending state: the node runs it (node-work), nothing is kept.
  api('/api/v1/simulate', {}, 'none', { rateLimit: NODE_WORK_POST }),
  // Evidence bundles: a few hundred node calls each (node-work). 'when-final': a bundle's headers
  // end HEADER_SPAN above its block (or at a checkpoint), so once that end is final the bundle never
  // changes; one whose headers reach the tip changes with it and is answered no-store.
  api('/api/v1/evidence/tx/[hash]', { hash: TX_HASH }, 'none', { resolver: 'tx-evidence-api', rateLimit: NODE_WORK }),
  api('/api/v1/evidence/block/[chain]/[hash]', { chain: CHAIN, hash: { sample: SAMPLE_HASH } }, 'none', { resolver: 'block-evidence-api', rateLimit: NODE_WORK }),
  api('/api/v1/evidence/address/[address]', { address: ADDRESS }, 'none', { resolver: 'address-evidence-api', rateLimit: NODE_WORK }),
  // Server-sent events (lib/server/stream/): a long-lived answer, never kept.
  api('/api/v1/stream', {}, 'none'),
  // Sourcify's verification API (hardhat-verify's Sourcify client): a POST compiles (node-work, like verifysourcecode).
  api('/sourcify', {}, 'none', { rateLimit: NODE_WORK_POST }),
  api('/sourcify/check-all-by-addresses', {}, 'none', { resolver: 'sourcify-check-all-api' }),
  api('/sourcify/check-by-addresses', {}, 'none', { resolver: 'sourcify-check-api' }),
  // A solc build for the browser's recompile (from the npm solc, STRATA_SOLC_DIR or the download cache; never fetched for it), and the worker that loads it.
  api('/api/v1/solc/[build]', { build: { sample: 'worker' } }, 'none', { resolver: 'solc-api' }),
  // What the browser recompiles: the stored standard JSON input of a verified contract.
  api('/api/v1/contract/[address]/input', { address: ADDRESS }, 'none', { resolver: 'recompile-input-api' }),
  // Any other /api path: a JSON 404 (app/api/[...unknown]/route.ts).
  api('/api/[...unknown]', { unknown: { sample: 'no/such/route' } }, 'none'),
] as const satisfies readonly RouteDef[];

/** A route of the table, by its pattern: what ./path.ts builds URLs of. */
export type RoutePattern = (typeof ROUTES)[number]['pattern'];

/** The resolvers the table names: lib/server/pipeline/resolvers.ts has one under each. */
export type ResolverName = NonNullable<(typeof ROUTES)[number]['resolver']>;
