/**
 * The page's side of its route's verdict (./resolution.ts): the data to draw, from the verdict
 * the page cache or proxy.ts already had for this request (the page never loads again), or run
 * now when none asked before (a client navigation's prefetch, which proxy.ts does not check).
 * A redirect is Next's redirect(), nothing there Next's notFound() (the route's not-found.tsx
 * then says why, with missingVerdict()).
 */
import { notFound, redirect } from 'next/navigation';
import { currentRoute } from '@/lib/ops/request-context';
import { decodeLenient } from '@/lib/url-decode';
import type { Missing, Resolver } from '@/lib/routes/resolver';
import { verdictOf } from './resolution';

/** This request's data by `resolver`, the resolver of the page's route. */
export async function routeData<T>(resolver: Resolver<T>): Promise<T> {
  const pending = verdictOf(resolver);
  // Every page of the app is served through server.ts, whose first stage gives each request its route.
  if (!pending) throw new Error('This page was rendered outside the explorer’s request path: start it with `npm start` or `npm run serve`.');
  const verdict = await pending;
  switch (verdict.kind) {
    case 'found':
      return verdict.data;
    case 'redirect':
      redirect(verdict.location);
    // falls through: redirect() throws
    case 'missing':
      notFound();
    // falls through: notFound() throws
    case 'unreadable':
      throw new Error(`The ${verdict.answer.chain} node's answer could not be read: ${verdict.answer.reason}`);
    case 'node-down':
      throw new Error(`${verdict.chains.join(', ')}: ${verdict.reason}`);
  }
}

/** What this request's route found missing, for its not-found.tsx, with the path asked; undefined when its verdict was another. */
export async function missingVerdict(): Promise<Missing | undefined> {
  const route = currentRoute();
  const verdict = await route?.verdict?.catch(() => undefined);
  if (verdict?.kind !== 'missing' || !route) return undefined;
  return { ...verdict, details: [...(verdict.details ?? []), `Requested path: ${decodeLenient(route.pathname)}`] };
}
