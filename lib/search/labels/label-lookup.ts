/**
 * /api/labels — the operator's labels of up to MAX_LOOKUP addresses, for addresses a live list
 * draws after the page was sent (new blocks, new pool entries): POST `{ "addresses": [...] }` (what
 * the client sends: 100 addresses are 4,300 characters, more than a query may have) or GET
 * `?addresses=<a>,<b>,…`. The answer names only the labelled ones:
 * { "labels": { "<lower-case address>": "<label>" } }. No ABIs. Browser-safe: the route and the
 * client's cache (components/labels/operator-label-cache.ts) share it.
 */
export const MAX_LOOKUP = 100;
/** A POST body of MAX_LOOKUP addresses is about 4.4 KB; anything much larger is not one. */
export const LOOKUP_BODY_LIMIT = 16 * 1024;

export interface LabelLookup {
  readonly labels: Readonly<Record<string, string>>;
}

const ADDRESS = /^0x[0-9a-fA-F]{40}$/;

type Parsed = { readonly ok: true; readonly addresses: readonly string[] } | { readonly ok: false; readonly error: string };

/** The addresses asked (lower case, unique), or why they cannot be. */
function checkAddresses(asked: readonly string[]): Parsed {
  const addresses = [...new Set(asked.map((a) => a.trim().toLowerCase()))];
  if (addresses.length > MAX_LOOKUP) return { ok: false, error: `addresses: at most ${MAX_LOOKUP} per request (got ${addresses.length})` };
  const bad = addresses.find((a) => !ADDRESS.test(a));
  if (bad !== undefined) return { ok: false, error: `addresses: “${bad.slice(0, 60)}” is not an address (0x and 40 hex digits)` };
  return { ok: true, addresses };
}

/** The addresses of the query parameter (lower case, unique), or why it cannot be read. */
export function parseLookupAddresses(param: string | null): Parsed {
  if (!param) return { ok: false, error: 'addresses: give up to 100 addresses, comma-separated (?addresses=0x…,0x…)' };
  return checkAddresses(param.split(','));
}

/** The addresses of a POST body `{ "addresses": [...] }`, or why it cannot be read. */
export function parseLookupBody(body: unknown): Parsed {
  const asked = typeof body === 'object' && body !== null && 'addresses' in body ? (body as { addresses: unknown }).addresses : undefined;
  if (!Array.isArray(asked) || asked.length === 0 || !asked.every((a) => typeof a === 'string')) {
    return { ok: false, error: 'addresses: send { "addresses": ["0x…", …] }, up to 100 of them' };
  }
  return checkAddresses(asked as string[]);
}

/** The request the client makes for `addresses` (at most MAX_LOOKUP): a POST, whatever their number. */
export function labelLookupRequest(addresses: readonly string[]): RequestInit {
  return { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ addresses }) };
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
