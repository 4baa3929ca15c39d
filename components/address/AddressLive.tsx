'use client';

import { useRouter } from 'next/navigation';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Hash } from '@/components/ui/values/Hash';
import { PoliteAnnouncer } from '@/components/ui/live/PoliteAnnouncer';
import { useStream } from '@/components/ui/live/use-stream';
import { formatQuai } from '@/lib/text/format';
import type { Subscription } from '@/lib/live/subscription';
import { urls } from '@/lib/routes/urls';
import { activitiesOf } from '@/lib/live/watchlist/activity';
import type { WatchActivity } from '@/lib/live/watchlist/watch-file';

const SHOWN = 8;
const WORDS: Record<WatchActivity['direction'], string> = { in: 'Received', out: 'Sent', self: 'Sent to itself', etx: 'Its ETX arrived' };

/**
 * The address's activity as it happens, from its stream: its transactions as the txpool shows
 * them and as blocks include them, and the ETXs credited to it. A mined one draws the page
 * again from the server (`refresh`: the tabs whose figures it changes), so its balance, nonce
 * and history follow; a screen reader hears of it politely. Where the stream is unavailable
 * nothing is drawn: the page is as before, read when opened.
 */
export function AddressLive({ address, refresh }: { address: string; refresh: boolean }) {
  const router = useRouter();
  const subscription = useMemo<Subscription>(() => ({ kind: 'address', addresses: [address.toLowerCase()] }), [address]);
  const [seen, setSeen] = useState<WatchActivity[]>([]);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useStream(subscription, (event) => {
    const activities = activitiesOf(event, Date.now()).map((a) => a.activity);
    if (activities.length === 0) return;
    setSeen((s) => [...activities.reverse(), ...s.filter((old) => !activities.some((a) => a.hash === old.hash))].slice(0, SHOWN));
    if (refresh && activities.some((a) => a.status === 'mined')) {
      // One page render for the transactions of one block, however many.
      clearTimeout(timer.current);
      timer.current = setTimeout(() => router.refresh(), 300);
    }
  });
  useEffect(() => () => clearTimeout(timer.current), []);
  const newest = seen[0];
  const message = newest ? `${WORDS[newest.direction]} ${formatQuai(BigInt(newest.value))}, ${newest.status === 'pending' ? 'pending' : `mined on ${newest.chain}`}.` : null;
  return (
    <>
      <PoliteAnnouncer message={message} testId="address-announcement" />
      {seen.length === 0 ? null : (
        <section className="card" aria-labelledby="live-activity" data-testid="address-live">
          <h2 id="live-activity" className="border-b border-border px-4 py-2 text-sm font-semibold">
            Live activity
          </h2>
          <ul className="divide-y divide-border text-sm">
            {seen.map((a) => (
              <li key={`${a.hash}:${a.status}`} className="arrive flex flex-wrap items-center gap-x-2 px-4 py-2" data-status={a.status}>
                <span>{WORDS[a.direction]}</span>
                <span className="tabular-nums">{formatQuai(BigInt(a.value))}</span>
                <span className="text-muted">{a.status === 'pending' ? 'pending in the txpool' : `mined on ${a.chain}`}</span>
                <Hash value={a.hash} href={urls.tx(a.hash)} />
              </li>
            ))}
          </ul>
        </section>
      )}
    </>
  );
}
