'use client';

import { usePoll } from '@/components/ui/live/use-poll';
import { useState } from 'react';
import type { TipsSnapshot } from '@/lib/tips/tips-types';
import type { ChainName } from '@/lib/chains';
import { fetchTips, TIPS_QUERY_KEY } from '@/components/ui/live/tips-fetch';
import { BlockFeed } from './BlockFeed';
import { ChainGrid } from './ChainGrid';
import { TxFeed } from './TxFeed';
import { LiveStatus } from './LiveStatus';
import { PoliteAnnouncer } from '@/components/ui/live/PoliteAnnouncer';
import { tipAnnouncement } from '@/lib/tips/tip-announcement';

const POLL_MS = 2_000;

/**
 * The live part of the home page. Starts from the server-rendered snapshot (so the first paint
 * has real data, with or without JavaScript) and polls /api/tips every 2 s; the API coalesces
 * polls so node load does not grow with viewers. Rows that were not in the previous snapshot
 * fade in; a screen reader hears of the newest block at most every 30 s (PoliteAnnouncer). Each feed
 * links the whole list of `allOf` (the first zone) under it.
 */
export function HomeLive({ initial, allOf }: { initial: TipsSnapshot; allOf?: ChainName }) {
  const query = usePoll({
    queryKey: TIPS_QUERY_KEY,
    queryFn: fetchTips,
    initialData: initial,
    initialDataUpdatedAt: initial.fetchedAt,
    // The served snapshot counts as fresh for one poll: hydration asks again at once only when the
    // page came from a copy older than that, and otherwise leaves the first re-render of every row
    // to the first poll, after the page has come to life.
    staleTime: POLL_MS,
    refetchInterval: POLL_MS,
    refetchIntervalInBackground: false,
  });
  const data = query.data;
  const fresh = useFreshKeys(data);

  return (
    <div className="space-y-6">
      <LiveStatus fetchedAt={data.fetchedAt} failing={query.isError} />
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
  const [seen, setSeen] = useState(() => ({ at: data.fetchedAt, keys: keysOf(data), fresh: NONE_FRESH }));
  if (seen.at !== data.fetchedAt) {
    const keys = keysOf(data);
    const fresh = [...keys].filter((k) => !seen.keys.has(k));
    // The same empty set when nothing is new, so the memoised feeds see unchanged props.
    const next = { at: data.fetchedAt, keys, fresh: fresh.length > 0 ? new Set(fresh) : NONE_FRESH };
    setSeen(next);
    return next.fresh;
  }
  return seen.fresh;
}

const NONE_FRESH: ReadonlySet<string> = new Set();

function keysOf(data: TipsSnapshot): Set<string> {
  return new Set([...data.latestBlocks.map((b) => b.hash), ...data.latestTransactions.map((t) => t.hash)]);
}
