/**
 * POST /api/v1/simulate — a dry run: `{ "raw": "0x…" }` (a signed transaction) or
 * `{ "chain", "from", "to", "data", "value", "gas" }` (unsigned) run on its zone's pending state
 * and sent nowhere (lib/server/wallet/run-simulation.ts; docs/api.md, "Dry run"). Node work:
 * rate-limited like `call` (the route table's node-work class), run within the gas cap in the
 * zone's lane of node work. Bad input, or gas above the block's gas limit, is a 400 saying what;
 * a transaction the node would not run at all a 422; a node that is down a 503, its lane full a
 * 503 with Retry-After; an answer that is not a trace a 502.
 */
import { NextResponse } from 'next/server';
import { getConfig } from '@/lib/ops/config';
import { readJsonBody } from '@/lib/http/read-body';
import { runSimulation } from '@/lib/server/wallet/run-simulation';
import { parseSimulationRequest } from '@/lib/wallet/parse-request';
import type { SimulationAnswer } from '@/lib/wallet/simulate-types';

export const dynamic = 'force-dynamic';

/** A signed transaction of 128 KiB (as hex) or calldata of that size, and the few other fields. */
const BODY_LIMIT = 270_000;

function reply(body: SimulationAnswer, status = 200) {
  return NextResponse.json(body, { status, headers: { 'Cache-Control': 'no-store' } });
}

export async function POST(request: Request) {
  const body = await readJsonBody(request, BODY_LIMIT);
  if (!body.ok) return reply({ error: body.error }, body.status);
  const zones = getConfig().chains.filter((c) => c.chain.level === 2).map((c) => c.chain.name);
  const parsed = await parseSimulationRequest(body.value, zones);
  if (!parsed.ok) return reply({ error: parsed.error }, 400);
  const result = await runSimulation(parsed.request);
  switch (result.kind) {
    case 'ok':
      return reply(result.response);
    case 'refused':
      return reply({ error: `The node would not run this transaction: ${result.message}` }, 422);
    case 'too-much-gas':
      return reply({ error: result.message }, 400);
    case 'busy':
      return NextResponse.json({ error: result.message }, { status: 503, headers: { 'Cache-Control': 'no-store', 'Retry-After': String(result.retryAfterSeconds) } });
    case 'node-down':
      // The node did not answer (or not in time): asked again later, it may.
      return NextResponse.json({ error: result.message }, { status: 503, headers: { 'Cache-Control': 'no-store', 'Retry-After': '5' } });
    case 'unreadable':
      return reply({ error: result.message }, 502);
  }
}
