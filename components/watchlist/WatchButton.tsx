'use client';

import Link from 'next/link';
import { useState } from 'react';
import { unwatch, watch } from '@/lib/live/watchlist/watchlist-store';
import { urls } from '@/lib/routes/urls';
import { useWatchlist } from './use-watchlist';

/**
 * Watch this address from this browser, without an account: it joins the watchlist (local
 * storage), and while a Strata tab is open a browser notification says when it moves. The
 * browser's permission for notifications is asked on the first watch, when the reader has just
 * asked for them.
 */
export function WatchButton({ address }: { address: string }) {
  const watched = useWatchlist().some((e) => e.address === address.toLowerCase());
  const [message, setMessage] = useState<string | null>(null);

  async function toggle() {
    if (watched) {
      const result = unwatch(address);
      setMessage(result.ok ? 'No longer watched.' : `Still watched: ${result.error}.`);
      return;
    }
    const result = watch(address);
    if (!result.ok) return setMessage(`Not watched: ${result.error}.`);
    if (typeof Notification === 'undefined') return setMessage('Watched. This browser cannot show notifications: the watchlist shows its latest activity.');
    const permission = Notification.permission === 'default' ? await Notification.requestPermission().catch(() => 'denied' as const) : Notification.permission;
    setMessage(permission === 'granted' ? 'Watched: a notification tells you when it moves while a Strata tab is open.' : 'Watched. Notifications are off for this site: the watchlist shows its latest activity.');
  }

  return (
    <span className="inline-flex flex-wrap items-center gap-2 text-sm font-normal">
      <button
        type="button"
        onClick={() => void toggle()}
        aria-pressed={watched}
        data-testid="watch-button"
        className={`rounded-md border px-2 py-0.5 text-xs ${watched ? 'border-zone/50 text-zone' : 'border-border text-muted hover:text-fg'}`}
      >
        {watched ? '★ Watching' : '☆ Watch'}
      </button>
      <span role="status" className="text-xs text-muted" data-testid="watch-status">
        {message ? (
          <>
            {message} <Link href={urls.watchlist()}>Watchlist</Link>
          </>
        ) : null}
      </span>
    </span>
  );
}
