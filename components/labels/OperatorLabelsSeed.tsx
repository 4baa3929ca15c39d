'use client';

import { createContext, useContext, useMemo, type ReactNode } from 'react';

const Seed = createContext<Readonly<Record<string, string>>>({});

/**
 * The operator's labels of the addresses a live list draws first (lower-case address → label),
 * found by the server in the list's initial data (operatorLabelsIn): its first paint carries
 * them without a request. Addresses that arrive later are asked of /api/labels.
 */
export function OperatorLabelsSeed({ labels, children }: { labels: Readonly<Record<string, string>>; children: ReactNode }) {
  const outer = useContext(Seed);
  const merged = useMemo(() => ({ ...outer, ...labels }), [outer, labels]);
  return <Seed.Provider value={merged}>{children}</Seed.Provider>;
}

export function useOperatorLabelSeed(): Readonly<Record<string, string>> {
  return useContext(Seed);
}
