/**
 * The watchlist's stream: one stream of every watched address (GET /api/v1/stream?address=…),
 * in one tab of the browser at a time (a Web Lock: the others wait, and one takes over when that
 * tab closes), so a movement is one notification, not one per tab. Each event records the
 * address's latest activity in the watchlist and, with the reader's permission, shows a
 * notification; clicking it opens the transaction.
 */
import { ownLabelsSnapshot } from '@/lib/search/labels/own-labels';
import { streamQuery } from '@/lib/live/subscription';
import { urls } from '@/lib/routes/urls';
import { activitiesOf, notificationText } from '@/lib/live/watchlist/activity';
import type { WatchActivity } from '@/lib/live/watchlist/watch-file';
import { recordActivity } from '@/lib/live/watchlist/watchlist-store';
import { listenToStream } from '@/components/ui/live/stream-source';

const LOCK = 'strata-watchlist-stream';

function notify(address: string, activity: WatchActivity): void {
  if (typeof Notification === 'undefined' || Notification.permission !== 'granted') return;
  const { title, body } = notificationText(address, activity, ownLabelsSnapshot().get(address)?.label);
  // The tag folds a repeat (a tab without Web Locks, a replay) into the notification shown.
  const notification = new Notification(title, { body, tag: `${activity.hash}:${activity.status}:${address}`, icon: '/favicon.svg' });
  notification.onclick = () => {
    window.focus();
    window.location.assign(urls.tx(activity.hash));
  };
}

function follow(addresses: readonly string[]): () => void {
  return listenToStream(streamQuery({ kind: 'address', addresses }), undefined, {
    onEvent: (event) => {
      const activities = activitiesOf(event, Date.now());
      recordActivity(activities);
      for (const { address, activity } of activities) notify(address, activity);
    },
    onStatus: () => undefined,
  });
}

/** Follows `addresses` from this tab when it holds the lock (at once without Web Locks). Returns the stop. */
export function followWatchlist(addresses: readonly string[]): () => void {
  if (typeof navigator === 'undefined' || !navigator.locks) return follow(addresses);
  const abort = new AbortController();
  let stop: (() => void) | undefined;
  let release: (() => void) | undefined;
  navigator.locks
    .request(LOCK, { signal: abort.signal }, () =>
      new Promise<void>((resolve) => {
        stop = follow(addresses);
        release = resolve;
      }),
    )
    .catch(() => undefined); // aborted while waiting
  return () => {
    abort.abort();
    stop?.();
    release?.();
  };
}
