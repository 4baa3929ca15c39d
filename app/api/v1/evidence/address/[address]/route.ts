/**
 * GET /api/v1/evidence/address/<address>[?block=<n>][&slot=<slot>…][&checkpoint=<header hash>] —
 * the evidence bundle of an account as of a block of its zone (the newest by default; docs/api.md,
 * "Evidence"): the block's header and the headers above it, the account's proof and the storage
 * proofs of the slots asked.
 */
import type { NextRequest } from 'next/server';
import { isAddress, type Address } from 'viem';
import { parseEvidenceQuery } from '@/lib/routes/params/evidence-params';
import { badRequest, evidenceResponse } from '@/lib/server/evidence/evidence-response';
import { loadAddressEvidence } from '@/lib/server/evidence/load-evidence';

export const dynamic = 'force-dynamic';

export async function GET(request: NextRequest, { params }: { params: Promise<{ address: string }> }) {
  const raw = (await params).address.trim();
  if (!isAddress(raw, { strict: false })) return badRequest(`"${raw.slice(0, 80)}" is not an address: an address is 0x and 40 hex digits.`);
  const query = parseEvidenceQuery(request.nextUrl.searchParams);
  if (!query.ok) return badRequest(query.error);
  return evidenceResponse(() => loadAddressEvidence(raw.toLowerCase() as Address, query.value));
}
