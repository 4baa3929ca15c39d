import type { Metadata } from 'next';
import { WatchlistManager } from '@/components/watchlist/WatchlistManager';

export const metadata: Metadata = { title: 'Watchlist' };

/** The reader's watched addresses (this browser, no account), their latest activity, export and import. */
export default function WatchlistPage() {
  return (
    <div className="space-y-4">
      <h1 className="text-xl font-semibold tracking-tight">Watchlist</h1>
      <WatchlistManager />
      <p className="text-xs text-muted">
        The watchlist is kept in this browser&apos;s local storage and never sent anywhere but as the addresses of one event stream. The file format:{' '}
        <code className="font-mono">{'{ "version": 1, "watched": [ { "address": "0x…", "since": 1700000000000 } ] }'}</code>
      </p>
    </div>
  );
}
