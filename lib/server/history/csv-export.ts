/**
 * The resolvers of the three CSV exports of an address (lib/routes/resolver.ts;
 * `/api/v1/address/<a>/transactions.csv`, `token-transfers.csv`, `internal-transactions.csv`):
 * each route's whole knowledge, the route file only answers its verdict. The address and the advanced filter's parameters are read
 * first (a bad one is a 400 saying which), then whether the index can answer (503 with the reason),
 * and only then does the answer start: the rows streamed page by page from the index as the client
 * reads them (never the whole history in memory), `no-store`.
 */
import type { Address } from 'viem';
import { answered, streamed, type JsonAnswer, type Resolver, type StreamAnswer } from '@/lib/routes/resolver';
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

type CsvResolver = Resolver<JsonAnswer | StreamAnswer>;

/** The export `spec` of the route's address under its query's filter: the rows' stream, or why not (400, 503). */
function csvExport<T>(spec: CsvExport<T>): CsvResolver {
  return async ({ params, query }) => {
    const address = parseHistoryAddress(params.address ?? '');
    if (!address.ok) return answered({ status: 400, body: { error: address.error } });
    const filter = parseHistoryFilter(query);
    if (!filter.ok) return answered({ status: 400, body: { error: filter.error } });
    const source = await spec.rows(address.value, filter.value);
    if (source.kind === 'unavailable') return answered({ status: 503, body: { error: source.reason } });
    if (source.kind === 'bad-filter') return answered({ status: 400, body: { error: source.message } });
    const days = [filter.value.from, filter.value.to].filter((d) => d !== null).join('-');
    const file = `${address.value}-${spec.name}${days ? `-${days}` : ''}.csv`;
    return streamed({
      status: 200,
      stream: csvBody(spec.header, source.rows, spec.line),
      headers: {
        'Content-Type': 'text/csv; charset=utf-8',
        'Content-Disposition': `attachment; filename="${file}"`,
        'Cache-Control': 'no-store',
      },
    });
  };
}

/** GET /api/v1/address/<a>/transactions.csv: the history in its own columns (docs/api.md). */
export const resolveTransactionsCsv = csvExport({ name: 'transactions', header: CSV_HEADER, line: historyCsvLine, rows: historyStream });

/** GET /api/v1/address/<a>/token-transfers.csv: Etherscan's columns (lib/history/etherscan-csv.ts). */
export const resolveTokenTransfersCsv = csvExport({ name: 'token-transfers', header: TOKEN_TRANSFER_CSV_HEADER, line: tokenTransferCsvLine, rows: tokenTransfersStream });

/** GET /api/v1/address/<a>/internal-transactions.csv: Etherscan's columns (lib/history/etherscan-csv.ts). */
export const resolveInternalTransactionsCsv = csvExport({ name: 'internal-transactions', header: INTERNAL_CSV_HEADER, line: internalCsvLine, rows: internalTransfersStream });
