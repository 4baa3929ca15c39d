'use client';

import { useState } from 'react';
import { clientLazy } from '@/components/ui/client-lazy';

const loadReadContract = () => import('./ReadContract').then((m) => m.ReadContract);

const ReadContract = clientLazy(loadReadContract, <p className="p-4 text-sm text-muted">Loading the contract reader…</p>);

/**
 * The read-contract form, fetched when the reader opens it: it encodes and decodes calls with viem
 * (about 19 KB of gzipped JavaScript, more than a tenth of the address page) and does nothing
 * without JavaScript anyway. Pointing at or focusing the button starts the download early.
 */
export function ReadContractLazy({ address, block }: { address: string; block: string }) {
  const [open, setOpen] = useState(false);
  if (open) return <ReadContract address={address} block={block} />;
  return (
    <div className="needs-js p-4">
      <button
        type="button"
        data-testid="read-open"
        onClick={() => setOpen(true)}
        onPointerEnter={() => void loadReadContract()}
        onFocus={() => void loadReadContract()}
        className="rounded-md border border-border px-3 py-1 text-sm hover:bg-surface-2"
      >
        Open the contract reader
      </button>
      <span className="ml-3 text-sm text-muted">call a function with an ABI or raw calldata, at this page&apos;s block</span>
    </div>
  );
}
