/**
 * Any /api path no route serves, with any method: a JSON 404 `{ error }` like the API's other
 * errors, not Next's HTML not-found page (which a client reading JSON cannot parse). Routes that
 * exist are more specific and win; this one only answers what nothing else matches. The security
 * headers and the API's CSP come from proxy.ts, like every API answer's.
 */
import { NextResponse, type NextRequest } from 'next/server';
import { decodeLenient, shownPart } from '@/lib/text/url-decode';

export const dynamic = 'force-dynamic';

function noSuchRoute(request: NextRequest): NextResponse {
  const path = shownPart(decodeLenient(request.nextUrl.pathname), 200);
  return NextResponse.json(
    { error: `No API route at ${path}: the explorer's API routes are listed in its README.` },
    { status: 404, headers: { 'Cache-Control': 'no-store' } },
  );
}

// HEAD is answered from GET by Next.
export const GET = noSuchRoute;
export const POST = noSuchRoute;
export const PUT = noSuchRoute;
export const PATCH = noSuchRoute;
export const DELETE = noSuchRoute;
export const OPTIONS = noSuchRoute;
