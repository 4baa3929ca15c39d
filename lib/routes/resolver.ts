/**
 * A route's resolver: what the explorer knows about answering one route, in one function. It
 * reads the route's parameters, loads what the route shows and says what it found:
 *
 *   found       the data the page (or API route) draws, and what the page cache needs of it:
 *               `final` for a when-final route (every block it shows is deep enough), `keep:
 *               false` for an answer that must not be kept (an Etherscan NOTOK), `alias` for a
 *               URL that may be answered by a redirect here once this page is kept; a per-data
 *               copy is keyed by a digest of `data` (lib/server/page-cache/data-digest.ts)
 *   redirect    the page is at another URL (a block tag → the block's number)
 *   missing     nothing is there: the 404's title, reason and details
 *   unreadable  a node's answer failed its checks: the 502 names the chain, the method, the field
 *   node-down   a node that might have it did not answer: the 503 names the chains
 *
 * A route names its resolver in the route table (./table.ts, `resolver`); the resolver is
 * written beside its loaders (lib/server/<entity>/resolve-*.ts) and listed under that name in
 * lib/server/pipeline/resolvers.ts. server.ts's first stage attaches the request's route match
 * (RequestRoute); whichever asks first — the page cache, proxy.ts, the page — runs the resolver,
 * and the others are handed the same verdict (lib/server/pipeline/resolution.ts): a request
 * loads its data once, and the 404, the cache key and the page agree because they read one answer.
 *
 * Types and constructors only: pure, browser-safe.
 */
import type { UnreadableAnswer } from '@/lib/rpc/unreadable';
import type { RouteMatch } from './match';

/** What a resolver is given: the path's parameters, percent-decoded, the query, and who asks. */
export interface RouteRequest {
  readonly params: Readonly<Record<string, string>>;
  readonly query: URLSearchParams;
  /** The rate limit's client key (lib/http/rate-limit.ts), for a bound per client. */
  readonly client: string;
}

export interface Found<T> {
  readonly kind: 'found';
  readonly data: T;
  /** A when-final route: every block the answer shows is STRATA_FINALITY_DEPTH deep (lib/server/node/finality-depth.ts). */
  readonly final?: boolean;
  /** False: an answer that is not the chain's (a failure said with HTTP 200), never kept. */
  readonly keep?: boolean;
  /** Another URL that names the same thing: once this page is kept, that one is answered by a 307 here. */
  readonly alias?: string;
}

export interface Redirect {
  readonly kind: 'redirect';
  readonly location: string;
  /** A when-final route's redirect that will not change (EIP-3091's `/block/<hash>` to its one chain). */
  readonly final?: boolean;
}

export interface Missing {
  readonly kind: 'missing';
  readonly title: string;
  readonly reason: string;
  readonly details?: readonly string[];
}

export interface Unreadable {
  readonly kind: 'unreadable';
  readonly answer: UnreadableAnswer;
}

export interface NodeDown {
  readonly kind: 'node-down';
  /** The chains' labels. */
  readonly chains: readonly string[];
  /** What the explorer met, in one line. */
  readonly reason: string;
}

export type Verdict<T> = Found<T> | Redirect | Missing | Unreadable | NodeDown;

/** A failure verdict: any but found and redirect. */
export type Failure = Missing | Unreadable | NodeDown;

export type Resolver<T> = (request: RouteRequest) => Promise<Verdict<T>>;

/** The data a resolver finds, by its type. */
export type DataOf<R> = R extends Resolver<infer T> ? T : never;

export function found<T>(data: T, cache: Omit<Found<T>, 'kind' | 'data'> = {}): Found<T> {
  return { kind: 'found', data, ...cache };
}

export function redirectTo(location: string, cache: Omit<Redirect, 'kind' | 'location'> = {}): Redirect {
  return { kind: 'redirect', location, ...cache };
}

export function missing(title: string, reason: string, details?: readonly string[]): Missing {
  return details === undefined ? { kind: 'missing', title, reason } : { kind: 'missing', title, reason, details };
}

/** What an API route answers: its status, its JSON body and its own headers. */
export interface JsonAnswer {
  readonly status: number;
  readonly body: unknown;
  readonly headers?: Readonly<Record<string, string>>;
}

/** An API route's answer as its resolver finds it; a 200 may be kept, any other status never is. */
export function answered(answer: JsonAnswer, cache: Omit<Found<JsonAnswer>, 'kind' | 'data' | 'keep'> & { readonly keep?: boolean } = {}): Found<JsonAnswer> {
  return found(answer, { ...cache, keep: (cache.keep ?? true) && answer.status === 200 });
}

/**
 * An API route's answer that is not JSON (an export, a compiler build, a worker's script): its
 * body streamed as the client reads it, with its own headers. Not kept unless it says so (a body
 * made whole in memory, on a route whose policy keeps answers).
 */
export interface StreamAnswer {
  readonly status: number;
  readonly stream: ReadableStream<Uint8Array> | string;
  readonly headers: Readonly<Record<string, string>>;
}

export function streamed(answer: StreamAnswer, { keep = false }: { readonly keep?: boolean } = {}): Found<StreamAnswer> {
  return found(answer, { keep: keep && answer.status === 200 });
}

/** A chain a lookup could not ask (lib/search/lookup-types.ts's ChainFailure, as far as a verdict reads it). */
export interface LookupFailure {
  readonly chain: { readonly label: string };
  readonly error: string;
  readonly unreadable?: UnreadableAnswer;
  readonly down?: true;
}

/**
 * Why a lookup over several chains that found nothing cannot say "missing": a chain's answer could
 * not be read (unreadable), or a chain that might have it did not answer (node-down). Undefined
 * when every chain that failed did answer (a JSON-RPC error: the page says so).
 */
export function failedLookup(failures: readonly LookupFailure[]): Unreadable | NodeDown | undefined {
  const answer = failures.find((f) => f.unreadable)?.unreadable;
  if (answer) return { kind: 'unreadable', answer };
  const down = failures.filter((f) => f.down);
  if (down.length > 0) return { kind: 'node-down', chains: down.map((f) => f.chain.label), reason: down[0]?.error ?? 'no answer' };
  return undefined;
}

/**
 * The request's route, attached by server.ts's first stage (./request-route.ts) and handed
 * along: nothing after it matches the path again.
 */
export interface RequestRoute {
  /** The route the path names; undefined when it names none. */
  readonly match: RouteMatch | undefined;
  /** The path as received (percent-encoded), and the query without "?". */
  readonly pathname: string;
  readonly query: string;
  /** Who asks: the rate limit's client key. */
  readonly client: string;
  /** The resolver's verdict, once something asked for it (lib/server/pipeline/resolution.ts). */
  verdict?: Promise<Verdict<unknown>>;
  /** Set while Next renders this request for the page cache: its answer is kept for every viewer (no nonce). */
  kept?: boolean;
}
