'use client';

import { useRouter } from 'next/navigation';
import { useEffect, useMemo } from 'react';
import { useStream } from '@/components/ui/live/use-stream';
import type { Subscription } from '@/lib/live/subscription';

/**
 * Draws the page again from the server once the pending transaction is mined, so it turns into
 * a mined transaction without a reload: its sender's stream says when a block includes it. Where
 * the stream is unavailable the page is drawn again every `intervalMs` instead; without
 * JavaScript a meta refresh does the same.
 */
export function PendingRefresh({ hash, from, intervalMs = 2000 }: { hash: string; from: string; intervalMs?: number }) {
  const router = useRouter();
  const subscription = useMemo<Subscription>(() => ({ kind: 'address', addresses: [from.toLowerCase()] }), [from]);
  const status = useStream(subscription, (event) => {
    if (event.event === 'transactions' && event.data.transactions.some((tx) => tx.hash === hash)) router.refresh();
  });
  useEffect(() => {
    if (status !== 'unavailable') return;
    const timer = setInterval(() => router.refresh(), intervalMs);
    return () => clearInterval(timer);
  }, [router, intervalMs, status]);
  return (
    <noscript>
      <meta httpEquiv="refresh" content={String(Math.ceil(intervalMs / 1000) + 1)} />
    </noscript>
  );
}
