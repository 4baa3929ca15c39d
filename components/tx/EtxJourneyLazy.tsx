'use client';

import { clientLazy } from '@/components/ui/client/client-lazy';

/**
 * The ETX journey card and an ETX's origin, fetched after the page: both poll the explorer's API
 * with react-query from the browser (nothing of them is in the server-rendered page, which may be
 * stored), and only transactions that emitted or are ETXs draw them, so the rest of the tx pages
 * do not download them.
 */
export const EtxJourneyCardLazy = clientLazy(
  () => import('./EtxJourneyCard').then((m) => m.EtxJourneyCard),
  <p className="card p-4 text-sm text-muted">Loading the ETX journey (it is read in the browser)…</p>,
);

export const EtxOriginLazy = clientLazy(
  () => import('./EtxOrigin').then((m) => m.EtxOrigin),
  <p className="card p-4 text-sm text-muted">Loading where this ETX came from (read in the browser)…</p>,
);
