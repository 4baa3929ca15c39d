'use client';

import { lazy, Suspense, useState } from 'react';
import type { EvidenceTarget } from '@/lib/evidence/run-check';

/** The panel and, from it, the worker with the verifier: fetched when the reader asks, never with the page. */
const loadPanel = () => import('./CheckPanel');
const CheckPanel = lazy(loadPanel);

/**
 * "Check in this browser": the button is all the page carries; pointing at it starts fetching
 * the panel, pressing it opens the panel, which runs the check in a Web Worker. `panelClassName`
 * places the open panel (beside a title: a row of its own under it).
 */
export function CheckInBrowser({
  target,
  bundlePath,
  chainLabel,
  checkpointsUrl,
  panelClassName,
}: {
  target: EvidenceTarget;
  bundlePath: string;
  chainLabel: string;
  checkpointsUrl?: string;
  panelClassName?: string;
}) {
  const [open, setOpen] = useState(false);
  if (open) {
    return (
      <div className={panelClassName}>
        <Suspense fallback={<p role="status" className="text-muted">Loading the verifier…</p>}>
          <CheckPanel target={target} bundlePath={bundlePath} chainLabel={chainLabel} checkpointsUrl={checkpointsUrl} />
        </Suspense>
      </div>
    );
  }
  return (
    <button
      type="button"
      data-testid="check-in-browser"
      onPointerEnter={() => void loadPanel()}
      onFocus={() => void loadPanel()}
      onClick={() => setOpen(true)}
      className="needs-js rounded-md border border-border px-3 py-1 text-sm font-medium hover:bg-surface-2"
    >
      Check in this browser
    </button>
  );
}
