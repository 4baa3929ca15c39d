/**
 * GET /api/v1/evidence/block/<chain>/<hash>[?checkpoint=<header hash>] — the evidence bundle of a
 * block (docs/api.md, "Evidence"): its header and the headers above it, its raw transactions,
 * receipts and uncles.
 */
import type { NextRequest } from 'next/server';
import { parseChain, parseTxHash } from '@/lib/routes/params/block-id';
import { parseEvidenceQuery } from '@/lib/routes/params/evidence-params';
import { badRequest, evidenceResponse } from '@/lib/server/evidence/evidence-response';
import { loadBlockEvidence } from '@/lib/server/evidence/load-evidence';
import { configuredChains } from '@/lib/server/node/clients';

export const dynamic = 'force-dynamic';

export async function GET(request: NextRequest, { params }: { params: Promise<{ chain: string; hash: string }> }) {
  const raw = await params;
  const chain = parseChain(raw.chain, configuredChains());
  if (!chain.ok) return Response.json({ error: chain.reason }, { status: 404 });
  const hash = parseTxHash(raw.hash);
  if (!hash.ok) return badRequest(`"${raw.hash.slice(0, 80)}" is not a block hash: a block hash is 0x and 64 hex digits.`);
  const query = parseEvidenceQuery(request.nextUrl.searchParams);
  if (!query.ok) return badRequest(query.error);
  return evidenceResponse(() => loadBlockEvidence(chain.value, hash.value, query.value));
}
