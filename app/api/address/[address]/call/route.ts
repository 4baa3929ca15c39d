/**
 * POST /api/address/<address>/call — the read- and write-contract forms' node access: `call` and
 * `estimateGas` on the zone that owns the address, at the page's "as of" block, within the gas
 * cap and the zone's lane of node work (503 with Retry-After while it is full).
 * Body: { data: hex calldata, block?: "latest" | number, from?: address, value?: decimal wei }.
 * Encoding and decoding happen in the browser (viem); the browser never talks to the node.
 */
import { NextResponse } from 'next/server';
import { isAddress, isHex, type Address, type Hex } from 'viem';
import { parseAsOf } from '@/lib/routes/params/address-params';
import { callContract } from '@/lib/server/contracts/call-contract';
import { readJsonBody } from '@/lib/http/read-body';

export const dynamic = 'force-dynamic';

/** Calldata of 64 KiB (as hex) and the few other fields: far above any real contract call. */
const BODY_LIMIT = 140_000;

function bad(message: string, status = 400) {
  return NextResponse.json({ error: message }, { status });
}

function field(body: unknown, name: string): unknown {
  return typeof body === 'object' && body !== null ? (body as Record<string, unknown>)[name] : undefined;
}

export async function POST(request: Request, { params }: { params: Promise<{ address: string }> }) {
  const { address } = await params;
  if (!isAddress(address, { strict: false })) return bad(`“${address}” is not an address.`, 404);
  const read = await readJsonBody(request, BODY_LIMIT);
  if (!read.ok) return bad(read.error, read.status);
  const body = read.value;
  const data = field(body, 'data');
  if (typeof data !== 'string' || !isHex(data, { strict: true }) || data.length % 2 !== 0) return bad('data must be 0x hex calldata of whole bytes.');
  const asOf = parseAsOf(typeof field(body, 'block') === 'string' ? (field(body, 'block') as string) : undefined);
  if (!asOf.ok) return bad(asOf.error);
  const from = field(body, 'from');
  if (from !== undefined && from !== '' && (typeof from !== 'string' || !isAddress(from, { strict: false }))) return bad('from must be an address.');
  const valueRaw = field(body, 'value');
  if (valueRaw !== undefined && valueRaw !== '' && (typeof valueRaw !== 'string' || !/^\d{1,78}$/.test(valueRaw))) return bad('value must be a whole number of wei.');

  const answer = await callContract({
    to: address as Address,
    data: data as Hex,
    ...(typeof from === 'string' && from !== '' ? { from: from as Address } : {}),
    ...(typeof valueRaw === 'string' && valueRaw !== '' ? { value: BigInt(valueRaw) } : {}),
    block: asOf.value,
  });
  if (answer.kind === 'unconfigured') return bad(answer.message, 404);
  if (answer.kind === 'node-down') return NextResponse.json({ error: answer.message }, { status: 503, headers: { 'Retry-After': '5', 'Cache-Control': 'no-store' } });
  if (answer.kind === 'busy') {
    return NextResponse.json({ error: answer.message }, { status: 503, headers: { 'Retry-After': String(answer.retryAfterSeconds), 'Cache-Control': 'no-store' } });
  }
  return NextResponse.json(answer.response, { headers: { 'Cache-Control': 'no-store' } });
}
