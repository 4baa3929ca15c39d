/**
 * POST /api/address/<address>/call — the read-contract form's node access: `call` and
 * `estimateGas` (one batch) on the zone that owns the address, at the page's "as of" block.
 * Body: { data: hex calldata, block?: "latest" | number, from?: address, value?: decimal wei }.
 * Encoding and decoding happen in the browser (viem); the browser never talks to the node.
 */
import { NextResponse } from 'next/server';
import { isAddress, isHex, type Address, type Hex } from 'viem';
import { zoneOf } from '@/lib/chains';
import { describeFailure, isNodeDown } from '@/lib/server/node/node-errors';
import { getClients } from '@/lib/server/node/clients';
import { parseAsOf } from '@/lib/params/address-params';
import type { CallResponse } from '@/lib/address/call-types';
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

  const zone = zoneOf(address);
  const client = getClients().get(zone.name);
  if (!client) return bad(`${address} lives in ${zone.label}, which this explorer does not serve.`, 404);

  const callRequest = {
    to: address as Address,
    data: data as Hex,
    ...(typeof from === 'string' && from !== '' ? { from: from as Address } : {}),
    ...(typeof valueRaw === 'string' && valueRaw !== '' ? { value: BigInt(valueRaw) } : {}),
  };
  const [result, gas] = await Promise.allSettled([
    client.call({ request: callRequest, blockTag: asOf.value }),
    client.estimateGas({ request: callRequest, blockTag: asOf.value }),
  ]);
  if (result.status === 'rejected' && gas.status === 'rejected' && isNodeDown(result.reason)) {
    return NextResponse.json({ error: describeFailure(result.reason) }, { status: 503 });
  }
  const response: CallResponse = {
    block: asOf.value.toString(),
    ...(result.status === 'fulfilled' ? { result: result.value } : { callError: describeFailure(result.reason) }),
    ...(gas.status === 'fulfilled' ? { gas: gas.value.toString() } : { gasError: describeFailure(gas.reason) }),
  };
  return NextResponse.json(response, { headers: { 'Cache-Control': 'no-store' } });
}
