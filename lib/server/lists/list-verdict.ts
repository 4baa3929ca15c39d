/**
 * What every browse list's resolver (lib/server/<entity>/*-list.ts) answers, and how its page's
 * and its API's route resolvers (listPageResolver, listApiResolver) turn that into what they
 * send: a page of rows for the query it parsed; a bad parameter with the reason (400 JSON, the page's notice); no index, or an index that did not
 * answer (503 JSON with the index's state, the page's notice); the node down (the pending
 * transactions, 503). A page link whose cursor the list did not give out is a bad parameter.
 *
 * Index reads are shared per index version (lib/server/index/index-version.ts): one query per
 * commit for any number of readers of a page, as the history API's are.
 */
import { answered, found, type JsonAnswer, type Resolver } from '@/lib/routes/resolver';
import { BadCursorError } from '@/lib/index/readers/paging/page-cursor';
import type { Queryable } from '@/lib/index/drivers/db';
import { readPerVersion } from '@/lib/server/index/index-version';
import { indexAvailability } from '@/lib/server/index/index-service';

export interface ListPageOf<T> {
  readonly items: readonly T[];
  readonly next: string | null;
}

export type ListVerdict<Q, P> =
  | { readonly kind: 'found'; readonly query: Q; readonly page: P }
  /** A parameter the list cannot read; `query` when the rest parsed (a bad cursor), for the page's links. */
  | { readonly kind: 'bad-parameter'; readonly reason: string; readonly query?: Q }
  | { readonly kind: 'unavailable'; readonly state: 'off' | 'starting' | 'unavailable'; readonly reason: string }
  | { readonly kind: 'node-down'; readonly reason: string };

/**
 * `read` against the index under `key` (the list and its canonical query), shared per index
 * version: a found page, a bad cursor as a bad parameter, or why there is no index answer.
 */
export async function readIndexList<Q, P>(query: Q, key: string, read: (db: Queryable) => Promise<P>): Promise<ListVerdict<Q, P>> {
  const index = await indexAvailability();
  if (index.state !== 'ready') return { kind: 'unavailable', state: index.state, reason: index.reason };
  try {
    return { kind: 'found', query, page: await readPerVersion(index, key, () => read(index.db)) };
  } catch (error) {
    if (error instanceof BadCursorError) return { kind: 'bad-parameter', reason: `cursor: ${error.message}`, query };
    return { kind: 'unavailable', state: 'unavailable', reason: `the index did not answer: ${(error as Error).message}` };
  }
}

/** The API's answer for a verdict: the `{ items, next }` envelope, or the reason with its status. */
export function listAnswer<Q, P>(verdict: ListVerdict<Q, P>, json: (page: P, query: Q) => unknown): JsonAnswer {
  switch (verdict.kind) {
    case 'found':
      // Kept per index version by the page cache (lib/routes/table.ts), not by whoever fetched it.
      return { status: 200, body: json(verdict.page, verdict.query), headers: { 'Cache-Control': 'no-store' } };
    case 'bad-parameter':
      return { status: 400, body: { error: verdict.reason } };
    case 'unavailable':
      return { status: 503, body: { error: verdict.reason, index: verdict.state } };
    case 'node-down':
      return { status: 503, body: { error: verdict.reason }, headers: { 'Retry-After': '5' } };
  }
}

/**
 * A list page's route resolver (lib/routes/resolver.ts) over its list's verdict: found with the
 * verdict the page draws, kept only when it found a page (a bad parameter or no index is said on
 * the page, never kept).
 */
export function listPageResolver<V extends { readonly kind: string }>(resolve: (search: URLSearchParams) => Promise<V>): Resolver<V> {
  return async ({ query }) => {
    const verdict = await resolve(query);
    return found(verdict, { keep: verdict.kind === 'found' });
  };
}

/** A list API's route resolver: listAnswer of its list's verdict. */
export function listApiResolver<Q, P>(resolve: (search: URLSearchParams) => Promise<ListVerdict<Q, P>>, json: (page: P, query: Q) => unknown): Resolver<JsonAnswer> {
  return async ({ query }) => answered(listAnswer(await resolve(query), json));
}
