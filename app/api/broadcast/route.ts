/**
 * POST /api/broadcast { raw } — sends a signed raw transaction to the zone that owns its sender,
 * after decoding it again here (nothing the browser concluded is trusted). Answers the node's
 * hash next to keccak256(raw) so the page can show they agree. 404 when broadcasting is turned
 * off (STRATA_BROADCAST=off).
 */
import { NextResponse } from 'next/server';
import { getConfig } from '@/lib/config';
import { describeFailure, isNodeDown } from '@/lib/server/node/node-errors';
import { decodeRaw } from '@/lib/broadcast/decode-raw';
import type { BroadcastResponse } from '@/lib/broadcast/broadcast-types';
import { getClients } from '@/lib/server/node/clients';
import { readJsonBody } from '@/lib/http/read-body';

export const dynamic = 'force-dynamic';

const ZERO_HASH = `0x${'0'.repeat(64)}`;
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
  const client = getClients().get(decoded.zone);
  if (!client) return reply({ ok: false, error: `${decoded.zoneLabel} is not served by this explorer.` }, 422);
  try {
    const hash = await client.sendRawTransaction({ serializedTransaction: decoded.raw });
    if (hash === ZERO_HASH) {
      return reply({ ok: false, error: `${decoded.zoneLabel} accepted the request but returned the zero hash: the transaction is not available yet.` }, 502);
    }
    return reply({ ok: true, hash, expectedHash: decoded.hash, zone: decoded.zone, zoneLabel: decoded.zoneLabel });
  } catch (error) {
    const status = isNodeDown(error) ? 503 : 422;
    return reply({ ok: false, error: `${decoded.zoneLabel} refused it: ${describeFailure(error)}` }, status);
  }
}
