'use client';

import { useMemo } from 'react';
import type { ChainName } from '@/lib/protocol/chains';
import type { StreamBlock, StreamGap, StreamReorg } from '@/lib/live/stream-events';
import type { Subscription } from '@/lib/live/subscription';
import { useStream, type StreamStatus } from './use-stream';

export interface ChainStreamHandlers {
  /** Each new block, oldest first, none skipped (per chain). */
  onBlock?(block: StreamBlock): void;
  /** Blocks announced before that left the chain; the new branch's blocks follow as onBlock. */
  onReorg?(reorg: StreamReorg): void;
  /** Blocks the stream cannot give (a reconnect past the replay window): refetch the list once. */
  onGap?(gap: StreamGap): void;
}

/**
 * A chain's blocks as they come (`'all'`: every chain's), for any list of blocks that follows
 * the tip: the home page, a chain's page, the block lists. Pair it with lib/live/live-rows.ts
 * to keep a newest-first list, and poll as before while the status is 'unavailable':
 *
 *   const [rows, setRows] = useState(initialRows);
 *   const status = useChainStream(chain, {
 *     onBlock: (block) => setRows((r) => withBlock(r, rowOf(block), 20)),
 *     onReorg: (reorg) => setRows((r) => withoutReorged(r, reorg)),
 *     onGap: () => router.refresh(),
 *   }, position);
 *
 * `from`: the stream position the page was drawn at (a snapshot's `streamPosition`), so no block
 * between the render and the stream's opening is missed.
 */
export function useChainStream(chain: ChainName | 'all' | null, handlers: ChainStreamHandlers, from?: string): StreamStatus {
  const subscription = useMemo<Subscription | null>(() => (chain ? { kind: 'chains', chains: chain } : null), [chain]);
  return useStream(
    subscription,
    (event) => {
      if (event.event === 'block') handlers.onBlock?.(event.data);
      else if (event.event === 'reorg') handlers.onReorg?.(event.data);
      else if (event.event === 'gap') handlers.onGap?.(event.data);
    },
    from,
  );
}
