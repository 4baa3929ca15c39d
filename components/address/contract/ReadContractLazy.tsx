'use client';

import { useState } from 'react';
import { clientLazy } from '@/components/ui/client/client-lazy';
import type { VerifiedAbi } from '@/lib/contracts/verified-abi';

const loadReadContract = () => import('./ReadContract').then((m) => m.ReadContract);

const ReadContract = clientLazy(loadReadContract, <p className="p-4 text-sm text-muted">Loading the contract reader…</p>);

/**
 * The read-contract form, fetched when the reader opens it: it encodes and decodes calls with viem
 * (about 19 KB of gzipped JavaScript, more than a tenth of the address page) and does nothing
 * without JavaScript anyway. Pointing at or focusing the button starts the download early.
 * `verified`: the verified ABIs whose view functions the reader lists (own, or a proven proxy's
 * implementation's), named on the button so the reader knows nothing needs pasting.
 */
export function ReadContractLazy({ address, block, verified = [] }: { address: string; block: string; verified?: readonly VerifiedAbi[] }) {
  const [open, setOpen] = useState(false);
  if (open) return <ReadContract address={address} block={block} verified={verified} />;
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
      <span className="ml-3 text-sm text-muted">
        {verified.length === 0
          ? "call a function with an ABI or raw calldata, at this page's block"
          : verified.some((v) => v.origin.kind === 'bytecode')
            ? "the view functions read from its code, at this page's block"
            : "the verified source's view functions, at this page's block"}
      </span>
    </div>
  );
}
