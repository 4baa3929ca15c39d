/**
 * Every page and API route of the explorer, written once (Blockscout's "one resource registry"):
 * its pattern as in the app/ tree (route groups such as `(overview)` left out), each parameter's
 * shape check and a sample value, and what the HTTP edge must know about it. The rest derives
 * from here: the proxy's 404 reasons (./validate.ts), the metric labels (lib/ops/route-label.ts),
 * the rate limit's node-work class (lib/http/rate-limit.ts), the immutable pages
 * (lib/server/stored-pages/immutable-pages.ts) and the URL builders (lib/urls.ts, through ./path.ts).
 *
 * ./routes.test.ts walks app/ and fails when a route is missing here or named here without a
 * page.tsx or route.ts, so the table cannot drift from the tree again.
 *
 * Pure and browser-safe: lib/urls.ts, used by client components, builds its paths from here.
 */
import {
  addressProblem,
  blockIdProblem,
  chainProblem,
  txHashProblem,
  txIndexProblem,
  uncleIndexProblem,
  zoneProblem,
  type ShapeCheck,
} from '@/lib/params/path-shape';
import { TX_TABS } from '@/lib/params/tx-query';

export interface ParamDef {
  /** A well-formed value, for tests that need a path of every route. */
  readonly sample: string;
  /** The shape a page's parameter must have, checked by proxy.ts (the API checks its own, in JSON). */
  readonly check?: ShapeCheck;
}

/** Parameter names of a pattern: `/chain/[chain]/block/[id]` → "chain" | "id"; `[...rest]` → "rest". */
export type ParamNames<P extends string> = P extends `${string}[${infer Name}]${infer Rest}`
  ? (Name extends `...${infer Spread}` ? Spread : Name) | ParamNames<Rest>
  : never;

/**
 * Rate-limit classes: "node-work" routes make the node work for the caller (search looks a hash
 * up on every chain; a broadcast or a call runs on the node), so each client has a budget of them.
 */
export interface RateLimitClass {
  readonly class: 'node-work';
  /** The methods that count; "any" for every method. */
  readonly methods: 'any' | readonly string[];
  /** An Etherscan base: a request also counts when the action it names is of the node-work class (lib/etherscan/registry.ts). */
  readonly etherscanActions?: true;
}

/**
 * Pages that never change once rendered (lib/server/stored-pages/immutable-pages.ts says why):
 * "by-hash" is immutable by its URL alone, "when-final" once its block is deep enough.
 */
export interface StoredPage {
  readonly kind: 'by-hash' | 'when-final';
  /** Whether these raw (undecoded) parameters name the page by hash, the only form kept. */
  readonly when: (params: Readonly<Record<string, string>>) => boolean;
  /**
   * The `?tab=` values the page draws, when it names them: another value is not stored (it would
   * be the first tab again under a key of its own, one per spelling). Unset: any short tab name.
   */
  readonly tabs?: readonly string[];
}

export interface RouteDef<P extends string = string> {
  /** As in the app/ tree; also the route's metric label. */
  readonly pattern: P;
  /** A page (HTML, proxy.ts validates its parameters) or an API route (answers in JSON). */
  readonly kind: 'page' | 'api';
  readonly params: Readonly<Record<string, ParamDef>>;
  readonly rateLimit?: RateLimitClass;
  readonly stored?: StoredPage;
}

type Extra = Pick<RouteDef, 'rateLimit' | 'stored'>;

function define<P extends string>(kind: RouteDef['kind'], pattern: P, params: Record<ParamNames<P>, ParamDef>, extra: Extra = {}): RouteDef<P> {
  return { pattern, kind, params, ...extra };
}
const page = <P extends string>(pattern: P, params: Record<ParamNames<P>, ParamDef>, extra?: Extra) => define('page', pattern, params, extra);
const api = <P extends string>(pattern: P, params: Record<ParamNames<P>, ParamDef>, extra?: Extra) => define('api', pattern, params, extra);

const SAMPLE_HASH = `0x${'ab'.repeat(32)}`;
const SAMPLE_ADDRESS = `0x${'00'.repeat(19)}aa`;

const CHAIN: ParamDef = { sample: 'cyprus1', check: chainProblem };
const ZONE: ParamDef = { sample: 'cyprus1', check: zoneProblem };
const BLOCK_ID: ParamDef = { sample: '5', check: blockIdProblem };
const TX_HASH: ParamDef = { sample: SAMPLE_HASH, check: txHashProblem };
const ADDRESS: ParamDef = { sample: SAMPLE_ADDRESS, check: addressProblem };
const TX_INDEX: ParamDef = { sample: '0', check: txIndexProblem };
const UNCLE_INDEX: ParamDef = { sample: '0', check: uncleIndexProblem };

const HASH = /^0x[0-9a-fA-F]{64}$/;
const SMALL_INDEX = /^\d{1,6}$/;
/** A block page by hash, its chain spelled plainly (a stored key is the lower-cased path). */
const blockByHash = (p: Readonly<Record<string, string>>) => /^[a-z0-9]+$/.test(p.chain ?? '') && HASH.test(p.id ?? '');
const NODE_WORK_POST: RateLimitClass = { class: 'node-work', methods: ['POST'] };
/** Every POST (verifysourcecode, eth_call, eth_estimateGas, eth_sendRawTransaction) and a GET of those that run on the node. */
const ETHERSCAN_BASE: RateLimitClass = { class: 'node-work', methods: ['POST'], etherscanActions: true };
/** The transaction pages' tabs (Overview, Trace, State changes), each stored as its own page. */
const TX_TAB_IDS = TX_TABS.map((t) => t.id);

export const ROUTES = [
  // Pages
  page('/', {}),
  page('/search', {}, { rateLimit: { class: 'node-work', methods: 'any' } }),
  page('/network', {}),
  page('/broadcast', {}),
  page('/verify', {}),
  page('/labels', {}),
  // cache: immutable (drawn from the action registry: it changes with a deployment only).
  page('/api-docs', {}),
  page('/fees', {}),
  page('/fees/[chain]', { chain: CHAIN }),
  page('/txpool', {}),
  page('/txpool/[zone]', { zone: ZONE }),
  page('/tx/[hash]', { hash: TX_HASH }, { stored: { kind: 'when-final', when: (p) => HASH.test(p.hash ?? ''), tabs: TX_TAB_IDS } }),
  page('/address/[address]', { address: ADDRESS }),
  page('/token/[address]', { address: ADDRESS }),
  page('/block/[id]', { id: BLOCK_ID }),
  page('/chain/[chain]', { chain: CHAIN }),
  page('/chain/[chain]/block/[id]', { chain: CHAIN, id: BLOCK_ID }, { stored: { kind: 'by-hash', when: blockByHash } }),
  page(
    '/chain/[chain]/block/[id]/tx/[index]',
    { chain: CHAIN, id: BLOCK_ID, index: TX_INDEX },
    { stored: { kind: 'by-hash', when: (p) => blockByHash(p) && SMALL_INDEX.test(p.index ?? ''), tabs: TX_TAB_IDS } },
  ),
  page(
    '/chain/[chain]/block/[id]/uncle/[index]',
    { chain: CHAIN, id: BLOCK_ID, index: UNCLE_INDEX },
    { stored: { kind: 'by-hash', when: (p) => blockByHash(p) && SMALL_INDEX.test(p.index ?? '') } },
  ),

  // API
  // Etherscan's API (lib/etherscan/registry.ts), and the same per zone.
  // cache: per action (findEtherscanAction(params).cache).
  api('/api', {}, { rateLimit: ETHERSCAN_BASE }),
  api('/chain/[chain]/api', { chain: ZONE }, { rateLimit: ETHERSCAN_BASE }),
  api('/api/tips', {}),
  api('/api/health', {}),
  api('/api/metrics', {}),
  api('/api/labels', {}),
  api('/api/broadcast', {}, { rateLimit: NODE_WORK_POST }),
  api('/api/address/[address]/call', { address: ADDRESS }, { rateLimit: NODE_WORK_POST }),
  api('/api/fees/[chain]', { chain: CHAIN }),
  api('/api/txpool/[zone]', { zone: ZONE }),
  api('/api/v1/address/[address]/transactions', { address: ADDRESS }),
  api('/api/v1/address/[address]/transactions.csv', { address: ADDRESS }),
  api('/api/v1/address/[address]/token-transfers', { address: ADDRESS }),
  api('/api/v1/contract/[address]', { address: ADDRESS }),
  api('/api/v1/address/[address]/internal-transactions', { address: ADDRESS }),
  api('/api/v1/etx/[hash]', { hash: TX_HASH }),
  // cache: none (answered no-store; a mined transaction's logs could be kept when final).
  api('/api/v1/tx/[hash]/logs', { hash: TX_HASH }),
  api('/api/v1/etx/flow', {}),
  api('/api/v1/index/status', {}),
  api('/api/v1/stats/daily', {}),
  // cache: immutable (the document changes only with a deployment).
  api('/api/v1/openapi.json', {}),
  // Any other /api path: a JSON 404 (app/api/[...unknown]/route.ts).
  api('/api/[...unknown]', { unknown: { sample: 'no/such/route' } }),
] as const satisfies readonly RouteDef[];

/** A route of the table, by its pattern: what ./path.ts builds URLs of. */
export type RoutePattern = (typeof ROUTES)[number]['pattern'];
