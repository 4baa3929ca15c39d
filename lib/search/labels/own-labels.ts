/**
 * The reader's own labels, kept in this browser's local storage (key `strata-labels`, the label
 * file format of label-file.ts, read back by label-entry.ts's light reader) and shared by every open tab: a change in one tab reaches the
 * others through the `storage` event. Shaped for React's useSyncExternalStore: `subscribe`,
 * and a snapshot that stays the same object until the stored text changes.
 *
 * Safe to import on the server: there the snapshot is empty (labels live in the browser only).
 */
import { labelIndex, readStoredLabels, serializeLabelFile, type LabelEntry } from './label-entry';
import { storageRefusal, type StorageRefusal } from './storage-room';

export type WriteResult = { readonly ok: true } | { readonly ok: false; readonly refusal: StorageRefusal };

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

/**
 * Stores the whole set or nothing: a browser refuses a value past its quota (local storage holds
 * about 5 MB per site in Chromium) by throwing, and the previous labels must stay as they were,
 * so the refusal comes back as a StorageRefusal saying how much was asked and how much fits.
 */
function write(entries: readonly LabelEntry[]): WriteResult {
  const text = serializeLabelFile(entries);
  const previous = storedText();
  try {
    window.localStorage.setItem(OWN_LABELS_KEY, text);
  } catch (error) {
    // setItem leaves the old value when it throws; put it back anyway should a browser not.
    if (storedText() !== previous) restore(previous);
    return { ok: false, refusal: storageRefusal(text, previous, error) };
  }
  for (const listener of listeners) listener();
  return { ok: true };
}

function restore(previous: string | null): void {
  try {
    if (previous === null) window.localStorage.removeItem(OWN_LABELS_KEY);
    else window.localStorage.setItem(OWN_LABELS_KEY, previous);
  } catch {
    // Nothing more to try: the snapshot still shows what was read before the write.
  }
}

/** Adds or replaces the reader's label (and ABI) for an address. */
export function saveOwnLabel(entry: LabelEntry): WriteResult {
  const next = new Map(ownLabelsSnapshot());
  next.set(entry.address.toLowerCase(), entry);
  return write([...next.values()]);
}

export function removeOwnLabel(address: string): WriteResult {
  const next = new Map(ownLabelsSnapshot());
  next.delete(address.toLowerCase());
  return write([...next.values()]);
}

/** Merges imported entries into the reader's labels (an imported entry replaces one for the same address); all or none. */
export function importOwnLabels(entries: readonly LabelEntry[]): WriteResult & { readonly count: number } {
  const next = new Map(ownLabelsSnapshot());
  for (const entry of entries) next.set(entry.address.toLowerCase(), entry);
  return { ...write([...next.values()]), count: entries.length };
}

/** The reader's labels as a label file, for download. */
export function exportOwnLabels(): string {
  return serializeLabelFile([...ownLabelsSnapshot().values()]);
}
