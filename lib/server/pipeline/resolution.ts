/**
 * A request's verdict, once: the resolver of its route (lib/routes/resolver.ts) run by whichever
 * asks first — the page cache in server.ts, proxy.ts, the page — and the same promise handed to
 * the others, kept on the request's RequestRoute (lib/routes/request-route.ts). Server.ts's stages,
 * proxy.ts and the pages are separate bundles; the request's context is one per process, so
 * they share it.
 *
 * A resolver says what it found; what it throws is read here: a node that did not answer is
 * `node-down` (a 503 naming its chain), an answer that failed its checks `unreadable` (a 502
 * naming the chain, the method and the field). Any other failure stays a rejection: proxy.ts lets
 * the page render, and the page's error boundary shows it.
 */
import { CHAINS } from '@/lib/protocol/chains';
import { currentRoute } from '@/lib/routes/request-route';
import { decodeLenient } from '@/lib/text/url-decode';
import { unreadableAnswer } from '@/lib/rpc/unreadable';
import type { RequestRoute, Resolver, RouteRequest, Verdict } from '@/lib/routes/resolver';
import { describeFailure, isNodeDown } from '@/lib/server/node/node-errors';

const labelOf = (name: string): string => CHAINS.find((c) => c.name === name)?.label ?? name;

/** What a resolver is given for a request's route: its parameters decoded, its query. */
export function routeRequest(route: RequestRoute): RouteRequest {
  const params: Record<string, string> = {};
  for (const [name, raw] of Object.entries(route.match?.params ?? {})) params[name] = decodeLenient(raw);
  return { params, query: new URLSearchParams(route.query), client: route.client };
}

/** The verdict a thrown failure stands for, or undefined for one that is not the node's. */
export function failureVerdict(error: unknown): Verdict<never> | undefined {
  if (isNodeDown(error)) {
    const chain = error instanceof Error && 'chain' in error && typeof error.chain === 'string' ? error.chain : 'unknown';
    return { kind: 'node-down', chains: [labelOf(chain)], reason: describeFailure(error) };
  }
  const answer = unreadableAnswer(error);
  return answer ? { kind: 'unreadable', answer } : undefined;
}

/** Runs `resolver` for `request`, a node's failure read as its verdict. */
export async function runResolver<T>(resolver: Resolver<T>, request: RouteRequest): Promise<Verdict<T>> {
  try {
    return await resolver(request);
  } catch (error) {
    const verdict = failureVerdict(error);
    if (verdict) return verdict;
    throw error;
  }
}

/**
 * This request's verdict by `resolver` (its route's): run now by the first to ask, the same
 * promise for every later one. Undefined outside a request of server.ts's path.
 */
export function routeVerdict<T>(resolver: Resolver<T>): Promise<Verdict<T>> | undefined {
  const route = currentRoute();
  if (!route) return undefined;
  route.verdict ??= runResolver(resolver, routeRequest(route));
  return route.verdict as Promise<Verdict<T>>;
}
