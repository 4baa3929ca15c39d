/**
 * The reader's own labels, kept in this browser's local storage (key `strata-labels`, the label
 * file format of label-file.ts, read back by label-entry.ts's light reader) and shared by every open tab: a change in one tab reaches the
 * others through the `storage` event. Shaped for React's useSyncExternalStore: `subscribe`,
 * and a snapshot that stays the same object until the stored text changes.
 *
 * Safe to import on the server: there the snapshot is empty (labels live in the browser only).
 */
import { labelIndex, readStoredLabels, serializeLabelFile, type LabelEntry } from './label-entry';

export const OWN_LABELS_KEY = 'strata-labels';
const EMPTY: ReadonlyMap<string, LabelEntry> = new Map();
const listeners = new Set<() => void>();
let cached: { readonly text: string | null; readonly index: ReadonlyMap<string, LabelEntry> } = { text: null, index: EMPTY };

function storedText(): string | null {
  try {
    return window.localStorage.getItem(OWN_LABELS_KEY);
  } catch {
    return null; // storage disabled: no labels, nothing breaks
  }
}

/** Address (lower case) → the reader's entry. */
export function ownLabelsSnapshot(): ReadonlyMap<string, LabelEntry> {
  if (typeof window === 'undefined') return EMPTY;
  const text = storedText();
  if (text !== cached.text) {
    cached = { text, index: text ? labelIndex(readStoredLabels(text)) : EMPTY };
  }
  return cached.index;
}

export function serverOwnLabelsSnapshot(): ReadonlyMap<string, LabelEntry> {
  return EMPTY;
}

export function subscribeOwnLabels(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === OWN_LABELS_KEY || event.key === null) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

function write(entries: readonly LabelEntry[]): void {
  window.localStorage.setItem(OWN_LABELS_KEY, serializeLabelFile(entries));
  for (const listener of listeners) listener();
}

/** Adds or replaces the reader's label (and ABI) for an address. */
export function saveOwnLabel(entry: LabelEntry): void {
  const next = new Map(ownLabelsSnapshot());
  next.set(entry.address.toLowerCase(), entry);
  write([...next.values()]);
}

export function removeOwnLabel(address: string): void {
  const next = new Map(ownLabelsSnapshot());
  next.delete(address.toLowerCase());
  write([...next.values()]);
}

/** Merges imported entries into the reader's labels (an imported entry replaces one for the same address). */
export function importOwnLabels(entries: readonly LabelEntry[]): number {
  const next = new Map(ownLabelsSnapshot());
  for (const entry of entries) next.set(entry.address.toLowerCase(), entry);
  write([...next.values()]);
  return entries.length;
}

/** The reader's labels as a label file, for download. */
export function exportOwnLabels(): string {
  return serializeLabelFile([...ownLabelsSnapshot().values()]);
}
