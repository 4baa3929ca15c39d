/**
 * GET /api/v1/evidence/tx/<hash>[?checkpoint=<header hash>] — the evidence bundle of a mined
 * transaction (docs/api.md, "Evidence"): its block's header and the headers above it, every raw
 * transaction and receipt of the block, the sender's and recipient's account proofs at the block.
 */
import type { NextRequest } from 'next/server';
import { parseTxHash } from '@/lib/routes/params/block-id';
import { parseEvidenceQuery } from '@/lib/routes/params/evidence-params';
import { badRequest, evidenceResponse } from '@/lib/server/evidence/evidence-response';
import { loadTxEvidence } from '@/lib/server/evidence/load-evidence';

export const dynamic = 'force-dynamic';

export async function GET(request: NextRequest, { params }: { params: Promise<{ hash: string }> }) {
  const hash = parseTxHash((await params).hash);
  if (!hash.ok) return badRequest(hash.reason);
  const query = parseEvidenceQuery(request.nextUrl.searchParams);
  if (!query.ok) return badRequest(query.error);
  return evidenceResponse(() => loadTxEvidence(hash.value, query.value));
}
