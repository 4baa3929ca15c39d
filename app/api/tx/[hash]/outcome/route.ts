/**
 * GET /api/tx/<hash>/outcome — what became of a transaction the reader's wallet sent from a Write
 * contract form or a Revoke button, polled until it is mined: `unknown`, `pending`, `mined`, or
 * `reverted` with the reason (lib/wallet/tx-outcome.ts). Read from this explorer's nodes.
 */
import { NextResponse } from 'next/server';
import type { Hash } from '@/lib/rpc/domain';
import { loadTxOutcome } from '@/lib/server/tx/load-tx-outcome';
import { describeFailure } from '@/lib/server/node/node-errors';

export const dynamic = 'force-dynamic';

export async function GET(_request: Request, { params }: { params: Promise<{ hash: string }> }) {
  const { hash } = await params;
  if (!/^0x[0-9a-fA-F]{64}$/.test(hash)) return NextResponse.json({ error: `“${hash.slice(0, 80)}” is not a transaction hash (0x and 64 hex digits).` }, { status: 400 });
  try {
    return NextResponse.json(await loadTxOutcome(hash.toLowerCase() as Hash), { headers: { 'Cache-Control': 'no-store' } });
  } catch (error) {
    return NextResponse.json({ error: describeFailure(error) }, { status: 503 });
  }
}
