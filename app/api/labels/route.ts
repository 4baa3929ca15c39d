/**
 * GET /api/labels?addresses=<a>,<b>,… — the operator's labels (STRATA_LABELS) of up to 100
 * addresses, asked by live lists for the addresses they draw after the page was sent
 * (lib/labels/label-lookup.ts for the shape). Only labels, never ABIs: a tx page gets the ABI it
 * decodes with from the server.
 */
import { NextResponse, type NextRequest } from 'next/server';
import { parseLookupAddresses, type LabelLookup } from '@/lib/labels/label-lookup';
import { operatorLabelsFor } from '@/lib/server/labels/operator-labels';

export const dynamic = 'force-dynamic';

export function GET(request: NextRequest) {
  const parsed = parseLookupAddresses(request.nextUrl.searchParams.get('addresses'));
  if (!parsed.ok) return NextResponse.json({ error: parsed.error }, { status: 400, headers: { 'Cache-Control': 'no-store' } });
  const body: LabelLookup = { labels: operatorLabelsFor(parsed.addresses) };
  // The labels are read once per server process: a minute in the browser's cache is safe.
  return NextResponse.json(body, { headers: { 'Cache-Control': 'public, max-age=60' } });
}
