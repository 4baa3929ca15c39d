/**
 * GET /api/v1/search?q= — search's suggestions in groups (lib/server/search/suggest.ts):
 * `{ query, items: [{ kind, title, url, detail?, chain?, address? }], notes }`. 400 without q.
 */
import { NextResponse, type NextRequest } from 'next/server';
import { answerSearch } from '@/lib/server/search/suggest';

export const dynamic = 'force-dynamic';

export async function GET(request: NextRequest) {
  const { status, body } = await answerSearch(request.nextUrl.searchParams);
  return NextResponse.json(body, { status, headers: { 'Cache-Control': 'no-store' } });
}
