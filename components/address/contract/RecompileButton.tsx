'use client';

import { lazy, Suspense, useState } from 'react';

const loadPanel = () => import('./RecompilePanel');
const RecompilePanel = lazy(loadPanel);

/**
 * "Recompile in this browser" (Otterscan's verify locally): the button is all the page carries;
 * the panel, the verifier and the compiler load when the reader asks.
 */
export function RecompileButton({ address }: { address: string }) {
  const [open, setOpen] = useState(false);
  return (
    <section className="card space-y-2 p-4" aria-labelledby="recompile-heading">
      <h2 id="recompile-heading" className="text-sm font-semibold">
        Check this verification yourself
      </h2>
      {open ? (
        <Suspense fallback={<p role="status" className="text-sm text-muted">Loading…</p>}>
          <RecompilePanel address={address} />
        </Suspense>
      ) : (
        <p className="text-sm">
          <button
            type="button"
            data-testid="recompile"
            onPointerEnter={() => void loadPanel()}
            onFocus={() => void loadPanel()}
            onClick={() => setOpen(true)}
            className="needs-js rounded-md border border-border px-3 py-1 text-sm font-medium hover:bg-surface-2"
          >
            Recompile in this browser
          </button>{' '}
          <span className="text-muted">
            the same solc build, served by this explorer, compiles the stored input here; the result is compared with the code on chain, its hash proven against the state root
          </span>
        </p>
      )}
    </section>
  );
}
