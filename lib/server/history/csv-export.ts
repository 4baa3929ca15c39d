/**
 * The three CSV exports of an address (`/api/v1/address/<a>/transactions.csv`,
 * `token-transfers.csv`, `internal-transactions.csv`): each route's whole knowledge, the route
 * file only hands it the request. The address and the advanced filter's parameters are read
 * first (a bad one is a 400 saying which), then whether the index can answer (503 with the reason),
 * and only then does the answer start: the rows streamed page by page from the index as the client
 * reads them (never the whole history in memory), `no-store`.
 */
import { NextResponse } from 'next/server';
import type { Address } from 'viem';
import { parseHistoryFilter, type HistoryFilter } from '@/lib/routes/params/history-filter';
import { CSV_HEADER, historyCsvLine } from '@/lib/history/history-json';
import { INTERNAL_CSV_HEADER, internalCsvLine, TOKEN_TRANSFER_CSV_HEADER, tokenTransferCsvLine } from '@/lib/history/etherscan-csv';
import { parseHistoryAddress } from '@/lib/routes/params/history-params';
import { historyStream } from './load-history';
import { internalTransfersStream } from './load-internal-transfers';
import { tokenTransfersStream } from './load-token-transfers';
import type { ListStream } from './list-stream';

interface CsvExport<T> {
  /** The file's name after the address: `<address>-<name>[-<from>][-<to>].csv`. */
  readonly name: string;
  readonly header: string;
  readonly line: (item: T) => string;
  readonly rows: (address: Address, filter: HistoryFilter) => Promise<ListStream<T>>;
}

const encoder = new TextEncoder();

/** The rows as a byte stream: the header, then one line per row as the client pulls; a cancel ends the index read. */
function csvBody<T>(header: string, rows: AsyncGenerator<T>, line: (item: T) => string): ReadableStream<Uint8Array> {
  let headerSent = false;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!headerSent) {
        headerSent = true;
        controller.enqueue(encoder.encode(header));
        return;
      }
      try {
        const next = await rows.next();
        if (next.done) controller.close();
        else controller.enqueue(encoder.encode(line(next.value)));
      } catch (error) {
        controller.error(error);
      }
    },
    async cancel() {
      await rows.return(undefined);
    },
  });
}

async function answerCsv<T>(rawAddress: string, search: URLSearchParams, spec: CsvExport<T>): Promise<Response> {
  const address = parseHistoryAddress(rawAddress);
  if (!address.ok) return NextResponse.json({ error: address.error }, { status: 400 });
  const filter = parseHistoryFilter(search);
  if (!filter.ok) return NextResponse.json({ error: filter.error }, { status: 400 });
  const source = await spec.rows(address.value, filter.value);
  if (source.kind === 'unavailable') return NextResponse.json({ error: source.reason }, { status: 503 });
  if (source.kind === 'bad-filter') return NextResponse.json({ error: source.message }, { status: 400 });
  const days = [filter.value.from, filter.value.to].filter((d) => d !== null).join('-');
  const file = `${address.value}-${spec.name}${days ? `-${days}` : ''}.csv`;
  return new Response(csvBody(spec.header, source.rows, spec.line), {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="${file}"`,
      'Cache-Control': 'no-store',
    },
  });
}

/** GET /api/v1/address/<a>/transactions.csv: the history in its own columns (docs/api.md). */
export function answerTransactionsCsv(rawAddress: string, search: URLSearchParams): Promise<Response> {
  return answerCsv(rawAddress, search, { name: 'transactions', header: CSV_HEADER, line: historyCsvLine, rows: historyStream });
}

/** GET /api/v1/address/<a>/token-transfers.csv: Etherscan's columns (lib/history/etherscan-csv.ts). */
export function answerTokenTransfersCsv(rawAddress: string, search: URLSearchParams): Promise<Response> {
  return answerCsv(rawAddress, search, { name: 'token-transfers', header: TOKEN_TRANSFER_CSV_HEADER, line: tokenTransferCsvLine, rows: tokenTransfersStream });
}

/** GET /api/v1/address/<a>/internal-transactions.csv: Etherscan's columns (lib/history/etherscan-csv.ts). */
export function answerInternalTransactionsCsv(rawAddress: string, search: URLSearchParams): Promise<Response> {
  return answerCsv(rawAddress, search, { name: 'internal-transactions', header: INTERNAL_CSV_HEADER, line: internalCsvLine, rows: internalTransfersStream });
}
