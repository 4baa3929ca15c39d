/**
 * The operator's labels (STRATA_LABELS) of up to 100 addresses, asked by live lists for the
 * addresses they draw after the page was sent (lib/search/labels/label-lookup.ts for the shapes). Only
 * labels, never ABIs: a tx page gets the ABI it decodes with from the server.
 *
 *   POST /api/labels   { "addresses": ["0x…", …] }  what the explorer's own client sends: 100
 *                      addresses do not fit the 2,048 characters a query may have (lib/http/url-guard.ts)
 *   GET  /api/labels?addresses=<a>,<b>,…              the same for as many as fit a query
 */
import { NextResponse, type NextRequest } from 'next/server';
import { readJsonBody } from '@/lib/http/read-body';
import { LOOKUP_BODY_LIMIT, parseLookupBody, type LabelLookup } from '@/lib/search/labels/label-lookup';
import { operatorLabelsFor } from '@/lib/server/labels/operator-labels';
import { resolveLabelsApi } from '@/lib/server/labels/resolve-labels';
import { routeAnswer } from '@/lib/server/pipeline/route-data';

export const dynamic = 'force-dynamic';

const NO_STORE = { 'Cache-Control': 'no-store' };

/** Its resolver: lib/server/labels/resolve-labels.ts. */
export function GET() {
  return routeAnswer(resolveLabelsApi);
}

export async function POST(request: NextRequest) {
  const body = await readJsonBody(request, LOOKUP_BODY_LIMIT);
  if (!body.ok) return NextResponse.json({ error: body.error }, { status: body.status, headers: NO_STORE });
  const parsed = parseLookupBody(body.value);
  if (!parsed.ok) return NextResponse.json({ error: parsed.error }, { status: 400, headers: NO_STORE });
  const answer: LabelLookup = { labels: operatorLabelsFor(parsed.addresses) };
  return NextResponse.json(answer, { headers: NO_STORE });
}
