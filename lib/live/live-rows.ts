/**
 * Keeping a newest-first list of one chain's blocks with its stream's events (components/ui/
 * live/use-chain-stream.ts): a new block goes on top (a block already listed is left, one at its
 * height replaced, as after a reorg), and a reorg takes out the blocks it removed. Pure and
 * generic over a list's own rows, which need only their hash and height (a decimal string, as
 * the stream and a server component's props carry it).
 */
import type { StreamReorg } from './stream-events';

export interface BlockRowKey {
  readonly hash: string;
  /** The block's height in the list's chain. */
  readonly number: string;
}

const newestFirst = (a: BlockRowKey, b: BlockRowKey) => {
  const x = BigInt(a.number);
  const y = BigInt(b.number);
  return x === y ? 0 : x > y ? -1 : 1;
};

/** `rows` (newest first) with `row` in its place, at most `limit` rows. */
export function withBlock<R extends BlockRowKey>(rows: readonly R[], row: R, limit: number): R[] {
  if (rows.some((r) => r.hash === row.hash)) return rows as R[];
  return [row, ...rows.filter((r) => r.number !== row.number)].sort(newestFirst).slice(0, limit);
}

/** `rows` without the blocks a reorg removed. */
export function withoutReorged<R extends BlockRowKey>(rows: readonly R[], reorg: StreamReorg): R[] {
  const removed = new Set(reorg.removed.map((r) => r.hash));
  return rows.some((r) => removed.has(r.hash)) ? rows.filter((r) => !removed.has(r.hash)) : (rows as R[]);
}
