import { Age } from '@/components/ui/values/Age';

/**
 * Says whether the page is live (streamed, or polled where the stream is unavailable), and when
 * the node was last read. Not a live region itself (its
 * age changes every second): only a failure to refresh is announced, and the new blocks by the
 * page's PoliteAnnouncer.
 */
export function LiveStatus({ fetchedAt, failing, mode = 'poll' }: { fetchedAt: number; failing: boolean; mode?: 'stream' | 'poll' }) {
  return (
    <p className="flex items-center gap-2 text-xs text-muted">
      <span aria-hidden="true" className={`inline-block h-2 w-2 rounded-full ${failing ? 'bg-bad' : 'bg-ok'}`} />
      <span role="status">{failing ? 'The explorer could not refresh from the node; showing the last data it read, retrying.' : null}</span>
      {failing ? null : <span className="needs-js" data-testid="live-mode">{mode === 'stream' ? 'Live: new blocks as the explorer sees them.' : 'Live: refreshes every 2 s.'}</span>}
      <span>
        Node read <Age timestamp={Math.floor(fetchedAt / 1000)} />
      </span>
    </p>
  );
}
