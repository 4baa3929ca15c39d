'use client';

import { createContext, useContext, useMemo, useSyncExternalStore, type ReactNode } from 'react';
import { labelIndex, type LabelEntry } from '@/lib/labels/label-entry';
import { ownLabelsSnapshot, serverOwnLabelsSnapshot, subscribeOwnLabels } from '@/lib/labels/own-labels';

const OperatorLabels = createContext<ReadonlyMap<string, LabelEntry>>(new Map());

/** Hands the operator's labels (STRATA_LABELS, read on the server) to every address on the page. */
export function LabelsProvider({ operator, children }: { operator: readonly LabelEntry[]; children: ReactNode }) {
  const index = useMemo(() => labelIndex(operator), [operator]);
  return <OperatorLabels.Provider value={index}>{children}</OperatorLabels.Provider>;
}

export function useOwnLabels(): ReadonlyMap<string, LabelEntry> {
  return useSyncExternalStore(subscribeOwnLabels, ownLabelsSnapshot, serverOwnLabelsSnapshot);
}

export function useOperatorLabels(): ReadonlyMap<string, LabelEntry> {
  return useContext(OperatorLabels);
}

export type ResolvedLabel = { readonly entry: LabelEntry; readonly source: 'own' | 'operator' };

/** The label an address shows: the reader's own first, then the operator's. */
export function useAddressLabel(address: string): ResolvedLabel | undefined {
  const own = useOwnLabels().get(address.toLowerCase());
  const operator = useOperatorLabels().get(address.toLowerCase());
  if (own) return { entry: own, source: 'own' };
  if (operator) return { entry: operator, source: 'operator' };
  return undefined;
}
