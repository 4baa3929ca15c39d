'use client';

import { useSyncExternalStore } from 'react';
import { formatAge, formatLocal, formatUtc } from '@/lib/text/format';
import { applyTimeMode, readTimeMode, subscribeToRoot, type TimeMode } from '@/lib/http/theme-script';
import { useNow } from '@/components/ui/live/use-now';

const NEXT_MODE: Record<TimeMode, TimeMode> = { age: 'local', local: 'utc', utc: 'age' };
const MODE_LABEL: Record<TimeMode, string> = { age: 'age', local: 'local time', utc: 'UTC' };

/**
 * A block timestamp (unix seconds) shown as age, local time or UTC — the reader's choice, set by
 * clicking and remembered for every timestamp on every page (see the time rules in globals.css).
 *
 * All three variants are rendered; CSS shows the chosen one, so there is no flash and no
 * re-render. The server renders the age against its own clock (correct without JavaScript); the
 * browser then takes over with its clock and time zone (hydration text differences are expected,
 * hence suppressHydrationWarning) and keeps the age ticking.
 *
 * The browser formats local time only while it is shown: the first local-time formatter a page
 * builds loads the time zone's names (about 60 ms of a fast desktop's main thread, four times that
 * on a phone), which hydration would otherwise spend on text that CSS hides. Until then the hidden
 * text stays the server's (hydration keeps mismatched text it was told to ignore).
 */
export function Age({ timestamp, toggle = false }: { timestamp: bigint | number | string; toggle?: boolean }) {
  const seconds = Number(timestamp);
  const utc = formatUtc(seconds);
  const localShown = useSyncExternalStore(subscribeToRoot, isLocalShown, isLocalShownOnServer);
  const body = (
    <>
      <AgeText seconds={seconds} />
      <span className="time-local" suppressHydrationWarning>
        {localShown ? formatLocal(seconds) : utc}
      </span>
      <span className="time-utc">{utc}</span>
    </>
  );
  const dateTime = Number.isFinite(seconds) ? new Date(seconds * 1000).toISOString() : undefined;

  if (!toggle) {
    return (
      <time dateTime={dateTime} title={utc} className="whitespace-nowrap tabular-nums">
        {body}
      </time>
    );
  }
  return (
    <span className="inline-flex flex-wrap items-center gap-2">
      <time dateTime={dateTime} title={utc} className="whitespace-nowrap tabular-nums">
        {body}
      </time>
      <TimeModeButton />
    </span>
  );
}

/**
 * The age alone follows the clock: each second's tick re-renders this one text (a synchronous
 * render for every timestamp on the page, dozens on the home page), not the whole timestamp with
 * its UTC and local forms and its ISO attribute.
 */
function AgeText({ seconds }: { seconds: number }) {
  const now = useNow();
  return (
    <span className="time-age" suppressHydrationWarning>
      {formatAge(seconds, now)}
    </span>
  );
}

/** Local time is rendered by the server (for readers without JavaScript) and, in the browser, only when shown. */
function isLocalShown(): boolean {
  return readTimeMode() === 'local';
}
function isLocalShownOnServer(): boolean {
  // Also hydration's snapshot: false there keeps the formatter out of hydration.
  return typeof window === 'undefined';
}

/** Cycles age → local → UTC for every timestamp on the page. */
function TimeModeButton() {
  // "age" on the server and during hydration, then the mode on <html> (set before paint from storage).
  const mode = useSyncExternalStore<TimeMode>(subscribeToRoot, readTimeMode, () => 'age');
  return (
    <button
      type="button"
      onClick={() => applyTimeMode(NEXT_MODE[mode])}
      className="needs-js rounded border border-border px-1.5 text-xs text-muted hover:text-fg"
      title="Show timestamps as age, local time or UTC (remembered)"
    >
      showing {MODE_LABEL[mode]} · switch
    </button>
  );
}
