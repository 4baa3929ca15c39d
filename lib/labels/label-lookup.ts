/**
 * GET /api/labels?addresses=<a>,<b>,… — the operator's labels of up to MAX_LOOKUP addresses, for
 * addresses a live list draws after the page was sent (new blocks, new pool entries). The answer
 * names only the labelled ones: { "labels": { "<lower-case address>": "<label>" } }. No ABIs.
 * Browser-safe: the route and the client's cache (./operator-label-cache.ts) share it.
 */
export const MAX_LOOKUP = 100;

export interface LabelLookup {
  readonly labels: Readonly<Record<string, string>>;
}

const ADDRESS = /^0x[0-9a-fA-F]{40}$/;

/** The addresses of the query parameter (lower case, unique), or why it cannot be read. */
export function parseLookupAddresses(param: string | null): { readonly ok: true; readonly addresses: readonly string[] } | { readonly ok: false; readonly error: string } {
  if (!param) return { ok: false, error: 'addresses: give up to 100 addresses, comma-separated (?addresses=0x…,0x…)' };
  const addresses = [...new Set(param.split(',').map((a) => a.trim().toLowerCase()))];
  if (addresses.length > MAX_LOOKUP) return { ok: false, error: `addresses: at most ${MAX_LOOKUP} per request (got ${addresses.length})` };
  const bad = addresses.find((a) => !ADDRESS.test(a));
  if (bad !== undefined) return { ok: false, error: `addresses: “${bad.slice(0, 60)}” is not an address (0x and 40 hex digits)` };
  return { ok: true, addresses };
}

/** The answer as the client reads it: anything else is no labels. */
export function readLabelLookup(json: unknown): Readonly<Record<string, string>> {
  if (typeof json !== 'object' || json === null || !('labels' in json)) return {};
  const labels = (json as { labels: unknown }).labels;
  if (typeof labels !== 'object' || labels === null) return {};
  const out: Record<string, string> = {};
  for (const [address, label] of Object.entries(labels)) {
    if (ADDRESS.test(address) && typeof label === 'string') out[address.toLowerCase()] = label;
  }
  return out;
}
