/**
 * POST /api/broadcast { raw } — sends a signed raw transaction to the zone that owns its sender,
 * after decoding it again here (nothing the browser concluded is trusted). Answers the node's
 * hash next to keccak256(raw) so the page can show they agree. 404 when broadcasting is turned
 * off (STRATA_BROADCAST=off).
 */
import { NextResponse } from 'next/server';
import { getConfig } from '@/lib/ops/config';
import { decodeRaw } from '@/lib/wallet/decode-raw';
import type { BroadcastResponse } from '@/lib/wallet/broadcast-types';
import { sendRaw } from '@/lib/server/wallet/send-raw';
import { readJsonBody } from '@/lib/http/read-body';

export const dynamic = 'force-dynamic';

/** The largest raw transaction accepted (128 KiB of bytes, as hex) plus room for the JSON around it. */
const BODY_LIMIT = 270_000;

function reply(body: BroadcastResponse, status = 200) {
  return NextResponse.json(body, { status, headers: { 'Cache-Control': 'no-store' } });
}

export async function POST(request: Request) {
  const config = getConfig();
  if (!config.broadcastEnabled) return reply({ ok: false, error: 'Broadcasting is turned off on this explorer.' }, 404);
  const body = await readJsonBody(request, BODY_LIMIT);
  if (!body.ok) return reply({ ok: false, error: body.status !== 400 ? body.error : 'The body must be JSON: { "raw": "0x…" }.' }, body.status);
  const raw = typeof body.value === 'object' && body.value !== null ? (body.value as { raw?: unknown }).raw : undefined;
  if (typeof raw !== 'string' || raw.length > 262_144) return reply({ ok: false, error: 'raw must be a hex string (at most 128 KiB).' }, 400);

  const decoded = await decodeRaw(raw, {
    expectedChainId: config.expectedChainId,
    configuredZones: config.chains.map((c) => c.chain.name),
  });
  if (!decoded.ok) return reply({ ok: false, error: decoded.error }, 400);
  if (decoded.problems.length > 0) {
    return reply({ ok: false, error: 'The node would refuse this transaction.', problems: decoded.problems }, 422);
  }
  const sent = await sendRaw({ raw: decoded.raw, zone: decoded.zone, zoneLabel: decoded.zoneLabel });
  if (!sent.ok) return reply({ ok: false, error: sent.error }, sent.status);
  return reply({ ok: true, hash: sent.hash, expectedHash: decoded.hash, zone: decoded.zone, zoneLabel: decoded.zoneLabel });
}
