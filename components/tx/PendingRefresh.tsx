'use client';

import { useRouter } from 'next/navigation';
import { useEffect } from 'react';

/**
 * Re-renders the page from the server every `intervalMs` while the transaction is pending, so it
 * turns into a mined transaction without a reload. Without JavaScript a meta refresh does the same.
 */
export function PendingRefresh({ intervalMs = 2000 }: { intervalMs?: number }) {
  const router = useRouter();
  useEffect(() => {
    const timer = setInterval(() => router.refresh(), intervalMs);
    return () => clearInterval(timer);
  }, [router, intervalMs]);
  return (
    <noscript>
      <meta httpEquiv="refresh" content={String(Math.ceil(intervalMs / 1000) + 1)} />
    </noscript>
  );
}
