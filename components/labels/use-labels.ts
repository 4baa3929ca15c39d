'use client';

import { useEffect, useSyncExternalStore } from 'react';
import type { LabelEntry } from '@/lib/search/labels/label-entry';
import { operatorLabelSnapshot, requestOperatorLabel, serverOperatorLabelSnapshot, subscribeOperatorLabels } from '@/components/labels/operator-label-cache';
import { ownLabelsSnapshot, serverOwnLabelsSnapshot, subscribeOwnLabels } from '@/lib/search/labels/own-labels';
import { useOperatorLabelSeed } from './OperatorLabelsSeed';

/** The reader's own labels (this browser's local storage), live across tabs. */
export function useOwnLabels(): ReadonlyMap<string, LabelEntry> {
  return useSyncExternalStore(subscribeOwnLabels, ownLabelsSnapshot, serverOwnLabelsSnapshot);
}

export type ResolvedLabel = { readonly label: string; readonly source: 'own' | 'operator' };

/**
 * The label an address shows: the reader's own first, then the operator's. `operator` is what the
 * server found (a label, or null for none); when undefined (an address a client component drew)
 * it comes from the live list's seed, else from /api/labels.
 */
export function useAddressLabel(address: string, operator?: string | null): ResolvedLabel | undefined {
  const key = address.toLowerCase();
  const own = useOwnLabels().get(key);
  const seeded = useOperatorLabelSeed()[key];
  const fetched = useSyncExternalStore(subscribeOperatorLabels, operatorLabelSnapshot, serverOperatorLabelSnapshot).get(key);
  const ask = operator === undefined && seeded === undefined;
  useEffect(() => {
    if (ask) requestOperatorLabel(key);
  }, [ask, key]);
  if (own) return { label: own.label, source: 'own' };
  const theirs = operator !== undefined ? operator : seeded !== undefined ? seeded : fetched;
  return theirs ? { label: theirs, source: 'operator' } : undefined;
}
