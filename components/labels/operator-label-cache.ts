/**
 * The operator's labels of addresses a client component draws that the server did not send with
 * the page (a live list's new rows): asked of /api/labels, batched, remembered for the tab.
 * Shaped for useSyncExternalStore; on the server (and while hydrating) the snapshot is empty.
 *
 * Each address is asked once per tab: the operator's labels are fixed while the server runs. A
 * failed request forgets the addresses it asked, so a later render asks again.
 */
import { urls } from '@/lib/routes/urls';
import { labelLookupRequest, MAX_LOOKUP, readLabelLookup } from '@/lib/search/labels/label-lookup';

/** Lower-case address → its label, or null when the operator has none. */
export type OperatorLabelSnapshot = ReadonlyMap<string, string | null>;

const EMPTY: OperatorLabelSnapshot = new Map();
let known: OperatorLabelSnapshot = EMPTY;
const asked = new Set<string>();
const queued = new Set<string>();
const listeners = new Set<() => void>();

export function operatorLabelSnapshot(): OperatorLabelSnapshot {
  return known;
}

export function serverOperatorLabelSnapshot(): OperatorLabelSnapshot {
  return EMPTY;
}

export function subscribeOperatorLabels(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * Asks for an address's label unless it was asked already. Requests made in one commit (every
 * row of a list mounting) go out together, in one request per MAX_LOOKUP addresses.
 */
export function requestOperatorLabel(address: string): void {
  const key = address.toLowerCase();
  if (asked.has(key)) return;
  asked.add(key);
  if (queued.size === 0) queueMicrotask(flush);
  queued.add(key);
}

function flush(): void {
  const all = [...queued];
  queued.clear();
  for (let i = 0; i < all.length; i += MAX_LOOKUP) void lookUp(all.slice(i, i + MAX_LOOKUP));
}

async function lookUp(addresses: readonly string[]): Promise<void> {
  let labels: Readonly<Record<string, string>>;
  try {
    const response = await fetch(urls.api.labels(), labelLookupRequest(addresses));
    if (!response.ok) throw new Error(`status ${response.status}`);
    labels = readLabelLookup(await response.json());
  } catch {
    // No labels this time (rate limit, server restarting): the next render of the address asks again.
    for (const a of addresses) asked.delete(a);
    return;
  }
  const next = new Map(known);
  for (const a of addresses) next.set(a, labels[a] ?? null);
  known = next;
  for (const listener of listeners) listener();
}
