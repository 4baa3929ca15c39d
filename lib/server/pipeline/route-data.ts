/**
 * The page's side of its route's verdict (./resolution.ts): the data to draw, from the verdict
 * the page cache or proxy.ts already had for this request (the page never loads again), or run
 * now when none asked before (a client navigation's prefetch, which proxy.ts does not check).
 * A redirect is Next's redirect(), nothing there Next's notFound() (the route's not-found.tsx
 * then says why, with missingVerdict()).
 */
import { notFound, redirect } from 'next/navigation';
import { NextResponse } from 'next/server';
import { currentRoute } from '@/lib/routes/request-route';
import { decodeLenient } from '@/lib/text/url-decode';
import type { JsonAnswer, Missing, Resolver, StreamAnswer, Verdict } from '@/lib/routes/resolver';
import { routeVerdict } from './resolution';

/** This request's verdict by `resolver`, its route's. */
function thisVerdict<T>(resolver: Resolver<T>): Promise<Verdict<T>> {
  const pending = routeVerdict(resolver);
  // Every route of the app is served through server.ts, whose first stage gives each request its route.
  if (!pending) throw new Error('This route was served outside the explorer’s request path: start it with `npm start` or `npm run serve`.');
  return pending;
}

/** This request's data by `resolver`, the resolver of the page's route. */
export async function routeData<T>(resolver: Resolver<T>): Promise<T> {
  const verdict = await thisVerdict(resolver);
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

/**
 * An API route's answer by its resolver: the JSON it found, with its status and headers
 * (`Cache-Control: no-store` unless it says otherwise), or the stream it opened (an export, a
 * file); nothing there a 404, an unreadable answer a 502 and a node that did not answer a 503,
 * each `{ error }` saying why.
 */
export async function routeAnswer(resolver: Resolver<JsonAnswer | StreamAnswer>): Promise<Response> {
  const verdict = await thisVerdict(resolver);
  const json = (body: unknown, status: number, headers: Readonly<Record<string, string>> = {}) =>
    NextResponse.json(body, { status, headers: { 'Cache-Control': 'no-store', ...headers } });
  switch (verdict.kind) {
    case 'found': {
      const { data } = verdict;
      if ('stream' in data) return new Response(data.stream, { status: data.status, headers: data.headers });
      return json(data.body, data.status, data.headers);
    }
    case 'redirect':
      return new NextResponse(null, { status: 307, headers: { Location: verdict.location, 'Cache-Control': 'no-store' } });
    case 'missing':
      return json({ error: verdict.reason }, 404);
    case 'unreadable':
      return json({ error: `The ${verdict.answer.chain} node's answer to ${verdict.answer.method ?? 'a request'} could not be read: ${verdict.answer.reason}` }, 502);
    case 'node-down':
      return json({ error: `${verdict.chains.join(', ')} did not answer: ${verdict.reason}` }, 503, { 'Retry-After': '5' });
  }
}

/** What this request's route found missing, for its not-found.tsx, with the path asked; undefined when its verdict was another. */
export async function missingVerdict(): Promise<Missing | undefined> {
  const route = currentRoute();
  const verdict = await route?.verdict?.catch(() => undefined);
  if (verdict?.kind !== 'missing' || !route) return undefined;
  return { ...verdict, details: [...(verdict.details ?? []), `Requested path: ${decodeLenient(route.pathname)}`] };
}
