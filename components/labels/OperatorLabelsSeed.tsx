'use client';

import { createContext, useContext, useMemo, type ReactNode } from 'react';

/** Lower-case address → its label, or null when the operator has none. */
export type LabelSeed = Readonly<Record<string, string | null>>;

const Seed = createContext<LabelSeed>({});

/**
 * The operator's labels of the addresses a live list draws first, found by the server in the
 * list's initial data (operatorLabelsIn): its first paint carries them, and the browser asks
 * nothing about them. Addresses that arrive later are asked of /api/labels.
 */
export function OperatorLabelsSeed({ labels, children }: { labels: LabelSeed; children: ReactNode }) {
  const outer = useContext(Seed);
  const merged = useMemo(() => ({ ...outer, ...labels }), [outer, labels]);
  return <Seed.Provider value={merged}>{children}</Seed.Provider>;
}

export function useOperatorLabelSeed(): LabelSeed {
  return useContext(Seed);
}
