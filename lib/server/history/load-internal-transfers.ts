/**
 * An address's internal transfers from the index (value moved to or from it by contracts, below
 * a transaction's root call), for the History tab and the API: a page, or why there is none
 * (index off, still opening, unreachable; a cursor the index did not give out). `traced` says,
 * while the trace pass of the address's zone is behind the block pass, through which block the
 * list goes (nothing when caught up); `untraced` names it too when the node does not trace at all,
 * and names the blocks of the zone the trace pass left untraced (their transfers are missing).
 */
import type { Address, Hash } from 'viem';
import { zoneOf, type ChainName } from '@/lib/protocol/chains';
import { addressInternalTransferRows, addressInternalTransfers, internalTransfersOfTx, type InternalTransferItem, type InternalTransferPage } from '@/lib/index/readers/internal-transfer-reader';
import { traceBehindOf, type TraceBehind } from '@/lib/index/readers/trace-progress-reader';
import { untracedBlocks, type UntracedBlock } from '@/lib/index/readers/untraced-reader';
import { BadCursorError } from '@/lib/index/readers/paging/page-cursor';
import { indexAvailability } from '@/lib/server/index/index-service';
import { NO_FILTER, type HistoryFilter } from '@/lib/routes/params/history-filter';
import { readPerVersion } from '@/lib/server/index/index-version';
import { readFilteredPerVersion, type ListPageOptions } from './filtered-read';
import { streamOf, type ListStream } from './list-stream';

export interface UntracedNote {
  readonly chain: ChainName;
  readonly blocks: number;
  readonly reason: string;
  /**
   * For blocks the trace pass gave up on and passed (the node could not trace them within its
   * budget), the newest of them; absent for a pass that waits because the node does not trace.
   */
  readonly newestBlock?: bigint;
}

export type InternalTransfersLoad =
  | { readonly kind: 'ok'; readonly page: InternalTransferPage; readonly traced: TraceBehind | null; readonly untraced: readonly UntracedNote[] }
  | { readonly kind: 'unavailable'; readonly state: 'off' | 'starting' | 'unavailable'; readonly reason: string }
  | { readonly kind: 'bad-cursor'; readonly message: string }
  | { readonly kind: 'bad-filter'; readonly message: string };

const EMPTY: InternalTransferPage = { items: [], next: null };

/**
 * The blocks whose internal transfers the list lacks, as its `untraced` names them: those a
 * stalled trace pass has not traced, and those it left untraced and passed (`skipped`, the chain's
 * count and newest: lib/index/readers/untraced-reader.ts).
 */
export function untracedNotes(behind: TraceBehind | null, skipped?: UntracedSkipped): UntracedNote[] {
  const notes: UntracedNote[] = behind?.stalled ? [{ chain: behind.chain, blocks: behind.blocks, reason: behind.stalled }] : [];
  const newest = skipped?.newest[0];
  if (skipped && newest) notes.push({ chain: newest.chain, blocks: skipped.count, reason: newest.reason, newestBlock: newest.number });
  return notes;
}

type UntracedSkipped = { readonly count: number; readonly newest: readonly UntracedBlock[] };

export async function loadInternalTransfers(address: Address, options: ListPageOptions): Promise<InternalTransfersLoad> {
  const index = await indexAvailability();
  if (index.state !== 'ready') return { kind: 'unavailable', state: index.state, reason: index.reason };
  try {
    // One read per commit of either pass for every viewer (@/lib/server/index/index-version.ts).
    const chain = zoneOf(address).name;
    const [page, traced, skipped] = await Promise.all([
      readFilteredPerVersion(index, `internal:${address.toLowerCase()}`, options, (filter) =>
        addressInternalTransfers(index.db, address, { limit: options.limit, cursor: options.cursor, filter }), EMPTY),
      readPerVersion(index, `traced:${chain}`, () => traceBehindOf(index.db, chain)),
      readPerVersion(index, 'untraced-blocks', () => untracedBlocks(index.db, 1)),
    ]);
    if (page.kind === 'bad-filter') return page;
    return { kind: 'ok', page: page.value, traced, untraced: untracedNotes(traced, skipped.get(chain)) };
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
