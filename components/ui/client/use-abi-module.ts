'use client';

import { useEffect, useState } from 'react';

/** lib/decode/abi: the ABI parser and decoder, viem's heaviest part in the browser. */
export type AbiModule = typeof import('@/lib/decode/abi');

let loaded: AbiModule | undefined;

/** Fetches the ABI module (once per tab): pages load it when a reader uses an ABI, not with their first load. */
export function loadAbiModule(): Promise<AbiModule> {
  return import('@/lib/decode/abi').then((m) => (loaded = m));
}

/** The ABI module once `wanted` (undefined while it loads). */
export function useAbiModule(wanted: boolean): AbiModule | undefined {
  const [abi, setAbi] = useState<AbiModule | undefined>(loaded);
  useEffect(() => {
    if (!wanted || abi) return;
    let live = true;
    void loadAbiModule().then((m) => {
      if (live) setAbi(m);
    });
    return () => {
      live = false;
    };
  }, [wanted, abi]);
  return abi;
}
