/**
 * The blocks a chain's tip reads have already seen, so the next read asks the node only for what
 * is new. A tip read needs the head, a few blocks under it (the live feed) and the block
 * `sample` below it (the block-time average); between two reads a zone mines one or two blocks,
 * so almost all of that was fetched before.
 *
 * A cached block is used only where it hangs from the new head by parent hashes: after a reorg
 * the walk stops at the first block that no longer links, and the read fetches from there, as it
 * did before this cache existed. Keyed by reader (a WeakMap) so every reader set, such as a
 * test's, starts empty.
 */
import type { Block } from '@/lib/rpc/domain';
import type { ChainReader } from '@/lib/server/node/reader';

export class RecentBlocks {
  private readonly byNumber = new Map<bigint, Block<'full'>>();
  /** The height of the newest head this cache has seen, the base of the next read's guesses. */
  private newestHead: bigint | undefined;

  constructor(private readonly level: number) {}

  /** Heights a read should ask for beside 'latest' (in the same batch): the likely new blocks. */
  guesses(count: number): bigint[] {
    const from = this.newestHead;
    return from === undefined ? [] : Array.from({ length: count }, (_, i) => from + BigInt(i + 1));
  }

  remember(block: Block<'full'>): void {
    const height = block.number[this.level];
    if (height === undefined) return;
    this.byNumber.set(height, block);
  }

  /** Records the head of a read and forgets what no later read will need (below `keepFrom`). */
  rememberHead(head: Block<'full'>, keepFrom: bigint): void {
    this.remember(head);
    this.newestHead = head.number[this.level];
    for (const height of this.byNumber.keys()) if (height < keepFrom) this.byNumber.delete(height);
  }

  /**
   * The known blocks under `head` that link to it by parent hashes, from its parent down to
   * `lowest`, stopping at the first height unknown or no longer on the head's chain.
   */
  linkedBelow(head: Block<'full'>, lowest: bigint): Map<bigint, Block<'full'>> {
    const out = new Map<bigint, Block<'full'>>();
    const top = head.number[this.level];
    let parent = head.parentHash[this.level];
    if (top === undefined) return out;
    for (let height = top - 1n; height >= lowest; height--) {
      const block = this.byNumber.get(height);
      if (!block || block.hash !== parent) break;
      out.set(height, block);
      parent = block.parentHash[this.level];
    }
    return out;
  }
}

const CACHES = new WeakMap<ChainReader, RecentBlocks>();

export function recentBlocksOf(reader: ChainReader): RecentBlocks {
  let cache = CACHES.get(reader);
  if (!cache) {
    cache = new RecentBlocks(reader.chain.level);
    CACHES.set(reader, cache);
  }
  return cache;
}
