'use client';

import { usePoll } from '@/components/ui/live/use-poll';
import { useState } from 'react';
import { useChainStream } from '@/components/ui/live/use-chain-stream';
import { applyBlock, applyReorg } from '@/lib/live/apply-stream';
import type { TipsSnapshot } from '@/lib/network/tips-types';
import type { ChainName } from '@/lib/protocol/chains';
import { fetchTips, TIPS_QUERY_KEY } from '@/components/ui/live/tips-fetch';
import { BlockFeed } from './BlockFeed';
import { ChainGrid } from './ChainGrid';
import { TxFeed } from './TxFeed';
import { LiveStatus } from './LiveStatus';
import { PoliteAnnouncer } from '@/components/ui/live/PoliteAnnouncer';
import { tipAnnouncement } from '@/lib/network/tip-announcement';

const POLL_MS = 2_000;

/**
 * The live part of the home page. Starts from the server-rendered snapshot (so the first paint
 * has real data, with or without JavaScript), then follows every chain's stream from the
 * position the snapshot was read at: each block moves its chain's card and joins the feeds
 * (lib/live/apply-stream.ts), with no request of its own. Where the stream is unavailable it
 * polls /api/tips every 2 s instead (the API coalesces polls, so node load does not grow with
 * viewers). Rows that were not there before fade in; a screen reader hears of the newest block
 * at most every 30 s (PoliteAnnouncer). Each feed links the whole list of `allOf` (the first zone)
 * under it.
 */
export function HomeLive({ initial, allOf }: { initial: TipsSnapshot; allOf?: ChainName }) {
  const [streamed, setStreamed] = useState(initial);
  const status = useChainStream(
    'all',
    {
      onBlock: (block) => setStreamed((s) => applyBlock(s, block)),
      onReorg: (reorg) => setStreamed((s) => applyReorg(s, reorg)),
      // Blocks the stream cannot give: the whole snapshot again, once.
      onGap: () => void fetchTips().then(setStreamed, () => undefined),
    },
    initial.streamPosition,
  );
  const polling = status === 'unavailable';
  const query = usePoll({
    queryKey: TIPS_QUERY_KEY,
    queryFn: fetchTips,
    initialData: streamed,
    initialDataUpdatedAt: streamed.fetchedAt,
    // The served snapshot counts as fresh for one poll: hydration asks again at once only when the
    // page came from a copy older than that, and otherwise leaves the first re-render of every row
    // to the first poll, after the page has come to life.
    staleTime: POLL_MS,
    refetchInterval: POLL_MS,
    refetchIntervalInBackground: false,
    enabled: polling,
  });
  const data = polling ? query.data : streamed;
  const fresh = useFreshKeys(data);

  return (
    <div className="space-y-6">
      <LiveStatus fetchedAt={data.fetchedAt} failing={polling && query.isError} mode={polling ? 'poll' : 'stream'} />
      <PoliteAnnouncer message={tipAnnouncement(data)} testId="tip-announcement" />
      <div className="grid gap-6 lg:grid-cols-2">
        <BlockFeed blocks={data.latestBlocks} fresh={fresh} allOf={allOf} />
        <TxFeed transactions={data.latestTransactions} fresh={fresh} allOf={allOf} />
      </div>
      <ChainGrid chains={data.chains} />
    </div>
  );
}

/**
 * Hashes that appear in this snapshot but not the previous one (none on first render). The
 * previous snapshot is state, updated during render when a new one arrives (React's pattern for
 * information from previous renders), so a render React throws away leaves no trace.
 */
function useFreshKeys(data: TipsSnapshot): ReadonlySet<string> {
  const [seen, setSeen] = useState(() => ({ data, keys: keysOf(data), fresh: NONE_FRESH }));
  if (seen.data !== data) {
    const keys = keysOf(data);
    const fresh = [...keys].filter((k) => !seen.keys.has(k));
    // The same empty set when nothing is new, so the memoised feeds see unchanged props.
    const next = { data, keys, fresh: fresh.length > 0 ? new Set(fresh) : NONE_FRESH };
    setSeen(next);
    return next.fresh;
  }
  return seen.fresh;
}

const NONE_FRESH: ReadonlySet<string> = new Set();

function keysOf(data: TipsSnapshot): Set<string> {
  return new Set([...data.latestBlocks.map((b) => b.hash), ...data.latestTransactions.map((t) => t.hash)]);
}
