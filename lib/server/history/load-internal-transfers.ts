/**
 * An address's internal transfers from the index (value moved to or from it by contracts, below
 * a transaction's root call), for the History tab and the API: a page, or why there is none
 * (index off, still opening, unreachable; a cursor the index did not give out). `traced` says,
 * while the trace pass of the address's zone is behind the block pass, through which block the
 * list goes (nothing when caught up); `untraced` names it too when the node does not trace at all.
 */
import type { Address, Hash } from 'viem';
import { zoneOf, type ChainName } from '@/lib/chains';
import { addressInternalTransferRows, addressInternalTransfers, internalTransfersOfTx, type InternalTransferItem, type InternalTransferPage } from '@/lib/index/readers/internal-transfer-reader';
import { traceBehindOf, type TraceBehind } from '@/lib/index/readers/trace-progress-reader';
import { BadCursorError } from '@/lib/index/readers/page-cursor';
import { indexAvailability } from '@/lib/server/process/index-service';
import { NO_FILTER, type HistoryFilter } from '@/lib/history/history-filter';
import { readPerVersion } from './index-version';
import { readFilteredPerVersion, type ListPageOptions } from './filtered-read';
import { streamOf, type ListStream } from './list-stream';

export interface UntracedNote {
  readonly chain: ChainName;
  readonly blocks: number;
  readonly reason: string;
}

export type InternalTransfersLoad =
  | { readonly kind: 'ok'; readonly page: InternalTransferPage; readonly traced: TraceBehind | null; readonly untraced: readonly UntracedNote[] }
  | { readonly kind: 'unavailable'; readonly state: 'off' | 'starting' | 'unavailable'; readonly reason: string }
  | { readonly kind: 'bad-cursor'; readonly message: string }
  | { readonly kind: 'bad-filter'; readonly message: string };

const EMPTY: InternalTransferPage = { items: [], next: null };

/** The blocks a stalled trace pass left untraced, as the list's `untraced` names them. */
export function untracedNotes(behind: TraceBehind | null): UntracedNote[] {
  return behind?.stalled ? [{ chain: behind.chain, blocks: behind.blocks, reason: behind.stalled }] : [];
}

export async function loadInternalTransfers(address: Address, options: ListPageOptions): Promise<InternalTransfersLoad> {
  const index = await indexAvailability();
  if (index.state !== 'ready') return { kind: 'unavailable', state: index.state, reason: index.reason };
  try {
    // One read per commit of either pass for every viewer (./index-version.ts).
    const chain = zoneOf(address).name;
    const [page, traced] = await Promise.all([
      readFilteredPerVersion(index, `internal:${address.toLowerCase()}`, options, (filter) =>
        addressInternalTransfers(index.db, address, { limit: options.limit, cursor: options.cursor, filter }), EMPTY),
      readPerVersion(index, `traced:${chain}`, () => traceBehindOf(index.db, chain)),
    ]);
    if (page.kind === 'bad-filter') return page;
    return { kind: 'ok', page: page.value, traced, untraced: untracedNotes(traced) };
  } catch (error) {
    if (error instanceof BadCursorError) return { kind: 'bad-cursor', message: error.message };
    return { kind: 'unavailable', state: 'unavailable', reason: `the index did not answer: ${(error as Error).message}` };
  }
}

/** Every internal transfer that passes the reader's filter, newest first, for the CSV export. */
export function internalTransfersStream(address: Address, filter: HistoryFilter = NO_FILTER): Promise<ListStream<InternalTransferItem>> {
  return streamOf(filter, (db, resolved) => addressInternalTransferRows(db, address, resolved));
}

/** A transaction's internal transfers as the index stored them (the node's trace is loadTxTrace's). */
export async function loadTxInternalTransfers(hash: Hash): Promise<{ kind: 'ok'; items: readonly InternalTransferItem[] } | { kind: 'unavailable'; reason: string }> {
  const index = await indexAvailability();
  if (index.state !== 'ready') return { kind: 'unavailable', reason: index.reason };
  try {
    return { kind: 'ok', items: await internalTransfersOfTx(index.db, hash) };
  } catch (error) {
    return { kind: 'unavailable', reason: `the index did not answer: ${(error as Error).message}` };
  }
}
