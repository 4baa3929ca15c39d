/**
 * Proxy (Next 16's middleware): decides the HTTP status before any page streams.
 * See lib/server/health.ts for the whole 404/503 pattern.
 *
 *   malformed URL parameters → rewrite to /invalid with status 404 (the page says why)
 *   node unreachable         → rewrite to /unavailable with status 503 and Retry-After
 *
 * The status pages are only reachable through these rewrites; asked for directly, they are 404.
 */
import { NextResponse, type NextRequest } from 'next/server';
import { validatePath } from '@/lib/server/route-validation';
import { nodeHealth } from '@/lib/server/health';
import { missingEntity } from '@/components/block/data/entity-check';

const STATUS_PAGES = new Set(['/unavailable', '/invalid']);

export async function proxy(request: NextRequest) {
  const { pathname } = request.nextUrl;

  if (STATUS_PAGES.has(pathname)) {
    return NextResponse.rewrite(internal(request, '/_strata-no-such-page'), { status: 404 });
  }

  const invalid = validatePath(pathname);
  if (invalid) {
    const target = internal(request, '/invalid');
    target.searchParams.set('why', invalid.reason);
    target.searchParams.set('path', pathname);
    return NextResponse.rewrite(target, { status: 404 });
  }

  const health = await nodeHealth();
  if (!health.ok) {
    const target = internal(request, '/unavailable');
    target.searchParams.set('why', health.reason);
    return NextResponse.rewrite(target, {
      status: 503,
      headers: { 'Retry-After': '5', 'Cache-Control': 'no-store' },
    });
  }
  // Unknown blocks, uncles and transactions: a real 404 with the reason (see entity-check.ts).
  // Skipped for prefetches so that links on a page do not each cost a node lookup.
  if (!request.headers.has('next-router-prefetch')) {
    const missing = await missingEntity(pathname);
    if (missing) {
      const target = new URL('/chain/missing', request.url);
      target.searchParams.set('title', missing.title);
      target.searchParams.set('why', missing.reason);
      for (const detail of missing.details ?? []) target.searchParams.append('detail', detail);
      target.searchParams.set('path', pathname);
      return NextResponse.rewrite(target, { status: 404 });
    }
  }
  return NextResponse.next();
}

/**
 * A URL on this server. Cloned from nextUrl (not built from request.url) so Next sees the same
 * origin and renders the rewrite itself instead of proxying it over the network — with
 * `next start -H 127.0.0.1`, request.url says "localhost", which may not even resolve there.
 */
function internal(request: NextRequest, pathname: string) {
  const url = request.nextUrl.clone();
  url.pathname = pathname;
  url.search = '';
  return url;
}

export const config = {
  // Pages only: not the API (it answers 503 JSON itself), not Next's assets, not static files.
  matcher: ['/((?!api/|_next/|favicon\\.ico|robots\\.txt|.*\\.(?:png|svg|ico|jpg|webp|css|js|txt|map)$).*)'],
};
