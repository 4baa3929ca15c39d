'use client';

import dynamic from 'next/dynamic';

/**
 * The read-contract form, fetched after the page: it encodes and decodes calls with viem (about a
 * tenth of the address page's first load) and does nothing without JavaScript anyway.
 */
export const ReadContractLazy = dynamic(() => import('./ReadContract').then((m) => m.ReadContract), {
  ssr: false,
  loading: () => <p className="p-4 text-sm text-muted">Loading the contract reader…</p>,
});
