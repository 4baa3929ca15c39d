'use client';

import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { Card } from '@/components/ui/layout/Card';
import { LiveAddress } from '@/components/ui/values/LiveAddress';
import { Hash } from '@/components/ui/values/Hash';
import { formatQuai } from '@/lib/text/format';
import type { HistoryPageJson } from '@/lib/history/history-json';
import { urls } from '@/lib/routes/urls';
import { MAX_WATCHED, parseWatchFile, type WatchEntry } from '@/lib/live/watchlist/watch-file';
import { exportWatchlist, importWatchlist, unwatch } from '@/lib/live/watchlist/watchlist-store';
import { useNow } from '@/components/ui/live/use-now';
import { formatAge } from '@/lib/text/format';
import { useWatchlist } from './use-watchlist';

/** The latest transaction the index holds of an address, for an entry the streams have not moved yet. */
type Indexed = { readonly hash: string; readonly chain: string; readonly direction: string; readonly value: string; readonly timestamp: string } | null | 'unavailable';

function useIndexedLatest(addresses: readonly string[]): ReadonlyMap<string, Indexed> {
  const [latest, setLatest] = useState<ReadonlyMap<string, Indexed>>(new Map());
  const asked = useRef(new Set<string>());
  useEffect(() => {
    for (const address of addresses) {
      if (asked.current.has(address)) continue;
      asked.current.add(address);
      void fetch(`${urls.api.history(address)}?limit=1`, { cache: 'no-store' })
        .then(async (response) => {
          if (!response.ok) return 'unavailable' as const;
          const item = ((await response.json()) as HistoryPageJson).items[0];
          return item ? { hash: item.hash, chain: item.chain, direction: item.direction, value: item.value, timestamp: item.timestamp } : null;
        })
        .catch(() => 'unavailable' as const)
        .then((found) => setLatest((m) => new Map(m).set(address, found)));
    }
  }, [addresses]);
  return latest;
}

const noSubscription = () => () => undefined;
const notificationPermission = (): string => (typeof Notification === 'undefined' ? 'unsupported' : Notification.permission);

const DIRECTION: Record<string, string> = { in: 'received', out: 'sent', self: 'sent to itself', etx: 'ETX arrived' };

function Activity({ entry, indexed }: { entry: WatchEntry; indexed: Indexed | undefined }) {
  const now = useNow();
  if (entry.last) {
    const { last } = entry;
    return (
      <span className="text-sm" data-testid="watch-activity">
        {DIRECTION[last.direction] ?? last.direction} {formatQuai(BigInt(last.value))} · {last.status === 'pending' ? 'pending' : `mined on ${last.chain}`} ·{' '}
        <Hash value={last.hash} href={urls.tx(last.hash)} /> <span className="text-muted" suppressHydrationWarning>({formatAge(Math.floor(last.at / 1000), now)}, seen live)</span>
      </span>
    );
  }
  if (indexed === undefined) return <span className="text-sm text-muted">…</span>;
  if (indexed === 'unavailable') return <span className="text-sm text-muted">Nothing seen since it was watched (the history index is not available here).</span>;
  if (indexed === null) return <span className="text-sm text-muted">No transactions yet.</span>;
  return (
    <span className="text-sm" data-testid="watch-activity">
      {DIRECTION[indexed.direction] ?? indexed.direction} {formatQuai(BigInt(indexed.value))} on {indexed.chain} · <Hash value={indexed.hash} href={urls.tx(indexed.hash)} />{' '}
      <span className="text-muted" suppressHydrationWarning>({formatAge(BigInt(indexed.timestamp), now)}, from the index)</span>
    </span>
  );
}

/** The reader's watched addresses with their latest activity, export (a JSON file) and import (merges, all or nothing). */
export function WatchlistManager() {
  const list = useWatchlist();
  const indexed = useIndexedLatest(list.filter((e) => !e.last).map((e) => e.address));
  const fileInput = useRef<HTMLInputElement>(null);
  const [status, setStatus] = useState<{ ok: boolean; text: string } | null>(null);
  // Read from the browser on every render; asking for it renders again.
  const [, setAsked] = useState(0);
  const permission = useSyncExternalStore(noSubscription, notificationPermission, () => 'unknown');

  function download() {
    const url = URL.createObjectURL(new Blob([exportWatchlist()], { type: 'application/json' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = 'strata-watchlist.json';
    link.click();
    URL.revokeObjectURL(url);
  }

  async function load(file: File | undefined) {
    if (!file) return;
    const parsed = parseWatchFile(await file.text());
    if (fileInput.current) fileInput.current.value = '';
    if (!parsed.ok) return setStatus({ ok: false, text: `${file.name}: ${parsed.error}` });
    const result = importWatchlist(parsed.watched);
    if (!result.ok) return setStatus({ ok: false, text: `${file.name}: ${result.error}. Nothing was imported.` });
    setStatus({ ok: true, text: `Imported ${result.count} ${result.count === 1 ? 'address' : 'addresses'} from ${file.name}.` });
  }

  async function enable() {
    await Notification.requestPermission().catch(() => undefined);
    setAsked((n) => n + 1);
  }

  return (
    <Card
      title={`Watched addresses (${list.length} of ${MAX_WATCHED})`}
      action={
        <span className="flex gap-2 text-sm">
          <button type="button" onClick={download} data-testid="watchlist-export" className="rounded-md border border-border px-2 py-0.5">
            Export
          </button>
          <label className="cursor-pointer rounded-md border border-border px-2 py-0.5">
            Import
            <input ref={fileInput} type="file" accept="application/json,.json" className="sr-only" data-testid="watchlist-import" onChange={(e) => void load(e.target.files?.[0])} />
          </label>
        </span>
      }
    >
      {status ? (
        <p className={`border-b border-border px-4 py-2 text-sm ${status.ok ? 'text-ok' : 'text-bad'}`} role="status" data-testid="watchlist-status">
          {status.text}
        </p>
      ) : null}
      <p className="border-b border-border px-4 py-2 text-xs text-muted" data-testid="notification-permission">
        {permission === 'granted'
          ? 'Notifications are on: while a Strata tab is open, one tells you when a watched address moves.'
          : permission === 'denied'
            ? 'Notifications are blocked for this site (the browser’s site settings can allow them); the list below still shows the latest activity.'
            : permission === 'unsupported'
              ? 'This browser shows no notifications; the list below shows the latest activity.'
              : null}
        {permission === 'default' ? (
          <button type="button" onClick={() => void enable()} className="underline">
            Turn on notifications
          </button>
        ) : null}
      </p>
      {list.length === 0 ? (
        <p className="p-4 text-sm text-muted">Nothing watched yet: press Watch on an address’s page, or import a file exported from another browser.</p>
      ) : (
        <ul className="divide-y divide-border" data-testid="watchlist">
          {list.map((entry) => (
            <li key={entry.address} className="space-y-1 px-4 py-2" data-address={entry.address}>
              <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
                <LiveAddress address={entry.address} full zone />
                <button type="button" onClick={() => unwatch(entry.address)} className="ml-auto text-xs text-muted underline">
                  Stop watching
                </button>
              </div>
              <Activity entry={entry} indexed={indexed.get(entry.address)} />
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
