'use client';

import { useRouter } from 'next/navigation';
import { useEffect, useMemo, useState } from 'react';
import { useStream } from '@/components/ui/live/use-stream';
import type { Subscription } from '@/lib/live/subscription';

/** While the stream is live, a draw this often all the same: an event lost to a reconnect is not waited for forever. */
const LIVE_FALLBACK_FACTOR = 10;

/**
 * Draws the page again from the server once the pending transaction is mined, so it turns into
 * a mined transaction without a reload: its sender's stream says when a block includes it. The
 * stream can tell before the server's node does (another chain's node, a loaded one), so from
 * then on the page is drawn again every `intervalMs` until it no longer shows the transaction
 * pending, which unmounts this. Where the stream is unavailable the page is drawn again every
 * `intervalMs` from the start; without JavaScript a meta refresh does the same.
 */
export function PendingRefresh({ hash, from, intervalMs = 2000 }: { hash: string; from: string; intervalMs?: number }) {
  const router = useRouter();
  const [included, setIncluded] = useState(false);
  const subscription = useMemo<Subscription>(() => ({ kind: 'address', addresses: [from.toLowerCase()] }), [from]);
  const status = useStream(subscription, (event) => {
    if (event.event === 'transactions' && event.data.transactions.some((tx) => tx.hash === hash)) {
      setIncluded(true);
      router.refresh();
    }
  });
  const everyMs = included || status === 'unavailable' ? intervalMs : intervalMs * LIVE_FALLBACK_FACTOR;
  useEffect(() => {
    const timer = setInterval(() => router.refresh(), everyMs);
    return () => clearInterval(timer);
  }, [router, everyMs]);
  return (
    <noscript>
      <meta httpEquiv="refresh" content={String(Math.ceil(intervalMs / 1000) + 1)} />
    </noscript>
  );
}
