/**
 * Proxy (Next 16's middleware): decides the HTTP status before any page streams.
 * See lib/server/health.ts for the whole 404/503 pattern.
 *
 *   malformed URL parameters → 404, a page that says which part is wrong and why
 *   node unreachable         → 503 with Retry-After, a retry button and a self-refresh
 *   node answer unreadable   → 502 naming the chain, the method and the field (lib/server/unreadable.ts)
 *
 * Both are complete documents sent from here (lib/server/status-page.ts), not rewrites: with the
 * node down there is nothing worth rendering, and a rewrite breaks under `next start -H`.
 */
import { NextResponse, type NextRequest } from 'next/server';
import { validatePath } from '@/lib/server/route-validation';
import { nodeHealth } from '@/lib/server/health';
import { renderStatusPage } from '@/lib/server/status-page';
import { entityVerdict } from '@/lib/server/missing-entity';
import { describeUnreadable } from '@/lib/server/unreadable';

const HTML = { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' };

export async function proxy(request: NextRequest) {
  const { pathname } = request.nextUrl;

  const invalid = validatePath(pathname);
  if (invalid) {
    const body = renderStatusPage({
      status: 404,
      title: 'Nothing can be at this URL',
      message: invalid.reason,
      details: [`Requested path: ${safeDecode(pathname)}`],
    });
    return new NextResponse(body, { status: 404, headers: HTML });
  }

  const health = await nodeHealth();
  if (!health.ok) {
    const body = renderStatusPage({
      status: 503,
      title: 'The node is not answering',
      message:
        'The explorer reads everything from the node, and no chain’s node answered just now. Nothing is wrong with the page you asked for: it will work again as soon as the node answers (nothing is cached from the failure).',
      details: [`The explorer’s last attempt: ${health.reason}`],
      retry: { refreshSeconds: 10 },
    });
    return new NextResponse(body, { status: 503, headers: { ...HTML, 'Retry-After': '5' } });
  }

  // A well-formed block, uncle or transaction the node does not have: 404 saying what was looked
  // for (lib/server/missing-entity.ts; its lookups are shared with the page, so this
  // costs no extra round trip). Not for prefetches, so links on a page cost no node lookups.
  if (!request.headers.has('next-router-prefetch')) {
    const verdict = await entityVerdict(pathname);
    if (verdict?.kind === 'unreadable') {
      const { answer } = verdict;
      const body = renderStatusPage({
        status: 502,
        title: 'The node’s answer could not be read',
        message: `The ${answer.chain} node answered ${answer.method ?? 'a request'} with something the explorer cannot read, so it shows nothing rather than guess. Retrying asks the node again.`,
        details: [...describeUnreadable(answer), `Requested path: ${safeDecode(pathname)}`],
        retry: { refreshSeconds: 30 },
      });
      return new NextResponse(body, { status: 502, headers: HTML });
    }
    if (verdict?.kind === 'missing') {
      const { missing } = verdict;
      const body = renderStatusPage({
        status: 404,
        title: missing.title,
        message: missing.reason,
        details: [...(missing.details ?? []), `Requested path: ${safeDecode(pathname)}`],
      });
      return new NextResponse(body, { status: 404, headers: HTML });
    }
  }
  return NextResponse.next();
}

function safeDecode(path: string): string {
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}

export const config = {
  // Pages only: not the API (it answers 503 JSON itself), not Next's assets, not static files.
  matcher: ['/((?!api/|_next/|favicon\\.|robots\\.txt|.*\\.(?:png|svg|ico|jpg|webp|css|js|txt|map)$).*)'],
};
