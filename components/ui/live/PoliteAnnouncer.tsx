'use client';

import { useEffect, useRef, useState } from 'react';
import { AnnouncementPacer, ANNOUNCE_EVERY_MS } from '@/lib/network/tip-announcement';

/**
 * A polite live region, out of sight, that speaks `message` when it changes, at most once per
 * `everyMs` (the latest message waits for the rest of the interval): a page that polls every
 * 2 s does not talk every 2 s. Empty at first, so a page's load is not announced.
 */
export function PoliteAnnouncer({ message, everyMs = ANNOUNCE_EVERY_MS, testId }: { message: string | null; everyMs?: number; testId?: string }) {
  const [spoken, setSpoken] = useState('');
  const pacer = useRef<AnnouncementPacer | null>(null);
  const first = useRef<string | null | undefined>(undefined);
  useEffect(() => {
    // The message the page was drawn with is not news.
    if (first.current === undefined) {
      first.current = message;
      return;
    }
    if (message === null || message === first.current) return;
    pacer.current ??= new AnnouncementPacer(everyMs);
    const wait = pacer.current.offer(message, Date.now());
    if (wait === null) return;
    const timer = setTimeout(() => {
      const due = pacer.current?.take(Date.now());
      if (due) setSpoken(due);
      // A little past the due time: a timer is never early, but the two clocks may round apart.
    }, wait === 0 ? 0 : wait + 20);
    return () => clearTimeout(timer);
  }, [message, everyMs]);
  return (
    <div role="status" aria-live="polite" aria-atomic="true" className="sr-only" data-testid={testId}>
      {spoken}
    </div>
  );
}
