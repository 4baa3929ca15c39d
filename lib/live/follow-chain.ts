/**
 * Following one chain from its tip reads: which blocks to announce, in order and none twice,
 * and when blocks announced before left the chain (a reorg). Each read hands the head and the
 * blocks under it that hang from it by parent hashes (lib/server/tips/tips.ts); the cursor
 * remembers the last KEEP blocks announced. Pure: the feed (lib/server/stream/feed.ts) fetches
 * what a step asks for and keeps the cursor (in memory, or in Redis for a fleet).
 */

/** What a block must say to be followed. */
export interface BlockLink {
  readonly height: bigint;
  readonly hash: string;
  readonly parentHash: string;
}

/** A block announced: height and hash, as JSON (a fleet keeps the cursor in Redis). */
export interface Announced {
  readonly n: string;
  readonly h: string;
}

export interface ChainCursor {
  /** The blocks announced last, oldest first; the last one is the head announced. */
  readonly announced: readonly Announced[];
}

/** Blocks announced that a cursor remembers: a reorg deeper than this is a gap. */
export const KEEP = 64;

export type FollowStep<B extends BlockLink> =
  /** Announce `blocks` (oldest first), after the reorg when there is one. */
  | { readonly kind: 'announce'; readonly reorg?: { readonly ancestor: Announced; readonly removed: readonly Announced[] }; readonly blocks: readonly B[]; readonly cursor: ChainCursor }
  /** The read does not reach the last block announced: fetch these heights (inclusive) under it and step again. */
  | { readonly kind: 'fetch'; readonly from: bigint; readonly to: bigint }
  /** The blocks between cannot be known (too many to fetch, or a reorg deeper than KEEP): say so, start again from the read. */
  | { readonly kind: 'gap'; readonly fromNumber: bigint; readonly toNumber: bigint; readonly blocks: readonly B[]; readonly cursor: ChainCursor };

const remember = (announced: readonly Announced[]): ChainCursor => ({ announced: announced.slice(-KEEP) });
const ref = (block: BlockLink): Announced => ({ n: block.height.toString(), h: block.hash });

/**
 * One step. `linked`: the head first, then the blocks under it, each the parent of the one
 * before. `maxFetch`: the most heights a step may ask for.
 */
export function followChain<B extends BlockLink>(cursor: ChainCursor | undefined, linked: readonly B[], maxFetch: number): FollowStep<B> {
  const head = linked[0];
  const lowest = linked[linked.length - 1];
  if (!head || !lowest) return { kind: 'announce', blocks: [], cursor: cursor ?? { announced: [] } };
  const ascending = [...linked].reverse();
  const announced = cursor?.announced ?? [];
  // The first read: what it saw is the start.
  if (announced.length === 0) return { kind: 'announce', blocks: ascending, cursor: remember(ascending.map(ref)) };

  const byHeight = new Map(linked.map((b) => [b.height.toString(), b]));
  // The newest block announced that is still on the chain the read saw.
  for (let i = announced.length - 1; i >= 0; i--) {
    const entry = announced[i]!;
    const height = BigInt(entry.n);
    const onChain = byHeight.get(entry.n);
    if (onChain) {
      if (onChain.hash !== entry.h) continue; // replaced: look further down
      const removed = announced.slice(i + 1).reverse();
      const blocks = ascending.filter((b) => b.height > height);
      return {
        kind: 'announce',
        ...(removed.length > 0 ? { reorg: { ancestor: entry, removed } } : {}),
        blocks,
        cursor: remember([...announced.slice(0, i + 1), ...blocks.map(ref)]),
      };
    }
    if (height > head.height) continue; // announced above the new head: gone unless found below
    // The read does not reach this height: fetch down to it, unless that is too far, when the
    // blocks between are a gap and the read a new start.
    if (lowest.height - height > BigInt(maxFetch)) {
      const top = BigInt(announced[announced.length - 1]!.n);
      return { kind: 'gap', fromNumber: top + 1n, toNumber: lowest.height - 1n, blocks: ascending, cursor: remember(ascending.map(ref)) };
    }
    return { kind: 'fetch', from: height, to: lowest.height - 1n };
  }
  // Every block the cursor remembers was replaced: a reorg deeper than KEEP. What was
  // announced from the oldest of them up is a gap, and the read a new start.
  return {
    kind: 'gap',
    fromNumber: BigInt(announced[0]!.n),
    toNumber: BigInt(announced[announced.length - 1]!.n),
    blocks: ascending,
    cursor: remember(ascending.map(ref)),
  };
}
