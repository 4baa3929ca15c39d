/**
 * GET /api/v1/address/<address>/transactions.csv — the whole history as CSV, newest first,
 * streamed page by page from the index (never built in memory).
 */
import { NextResponse } from 'next/server';
import { CSV_HEADER, historyCsvLine } from '@/lib/history/history-json';
import { parseHistoryAddress } from '@/lib/params/history-params';
import { historyStream } from '@/lib/server/history/load-history';

export const dynamic = 'force-dynamic';

export async function GET(_request: Request, { params }: { params: Promise<{ address: string }> }) {
  const address = parseHistoryAddress((await params).address);
  if (!address.ok) return NextResponse.json({ error: address.error }, { status: 400 });
  const source = await historyStream(address.value);
  if ('reason' in source) return NextResponse.json({ error: source.reason }, { status: 503 });
  const encoder = new TextEncoder();
  const rows = source.rows;
  let headerSent = false;
  const stream = new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!headerSent) {
        headerSent = true;
        controller.enqueue(encoder.encode(CSV_HEADER));
        return;
      }
      try {
        const next = await rows.next();
        if (next.done) controller.close();
        else controller.enqueue(encoder.encode(historyCsvLine(next.value)));
      } catch (error) {
        controller.error(error);
      }
    },
    async cancel() {
      await rows.return(undefined);
    },
  });
  return new Response(stream, {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="${address.value}-transactions.csv"`,
      'Cache-Control': 'no-store',
    },
  });
}
