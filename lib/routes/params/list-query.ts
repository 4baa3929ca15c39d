/**
 * The query strings of the browse lists (/blocks, /txs, /tokens, /contracts and their /api/v1
 * twins): the vocabulary of each parameter, the shape checks the route table keys kept copies
 * by, and the parsers their resolvers (lib/server/<entity>/*-list.ts) read them with. A bad value
 * is a reason for a 400 (the API) or the page's notice, never an exception; a repeated parameter
 * is refused rather than read one way here and another there.
 *
 * Pure and browser-safe, with no imports but the chain registry, the history's page size and the
 * advanced filter's method shape (one shape for `method=` wherever it is read): the route table
 * reads it.
 */
import { getChain, isChainName, type Chain, type ChainName } from '@/lib/protocol/chains';
import { FILTER_SHAPES } from '@/lib/routes/params/history-filter';
import { parseCursorParam, parseLimit, type Parsed } from './history-params';

export type { Parsed };

/** A list's tabs by `?tab=`, the first drawn without it. */
export const BLOCK_LIST_TABS = [
  { id: 'blocks', label: 'Blocks' },
  { id: 'uncles', label: 'Uncles' },
  { id: 'reorgs', label: 'Reorgs' },
] as const;
export type BlockListTab = (typeof BLOCK_LIST_TABS)[number]['id'];

export const TX_LIST_TABS = [
  { id: 'mined', label: 'Mined' },
  { id: 'pending', label: 'Pending' },
] as const;
export type TxListTab = (typeof TX_LIST_TABS)[number]['id'];

/** `status=`: the receipt's status. */
export const TX_STATUSES = ['success', 'failed'] as const;
export type TxStatusFilter = (typeof TX_STATUSES)[number];

/** `type=`: what a transaction is, in the history's words (Quai types 0, 1 and 2, a type 0 without recipient creating a contract). */
export const TX_KINDS = [
  { id: 'internal', label: 'Transfers and calls (type 0)' },
  { id: 'contract-creation', label: 'Contract creations' },
  { id: 'etx-sent', label: 'ETXs sent (type 2)' },
  { id: 'etx-received', label: 'ETXs received (type 1)' },
] as const;
export type TxKindFilter = (typeof TX_KINDS)[number]['id'];

/** `sort=` of the tokens, most first. */
export const TOKEN_SORTS = ['holders', 'transfers'] as const;
export type TokenSortParam = (typeof TOKEN_SORTS)[number];

/** `standard=` of the tokens. */
export const TOKEN_STANDARDS = { erc20: 'ERC-20', erc721: 'ERC-721', erc1155: 'ERC-1155' } as const;
export type TokenStandardParam = keyof typeof TOKEN_STANDARDS;

/** The longest `q=` kept: a name or symbol prefix, not a document. */
export const MAX_Q = 64;

/**
 * The shapes a kept copy's key takes (lib/routes/table.ts); anything else is answered per request
 * with its reason. An empty value (a filter form's "any") is the parameter's absence.
 */
export const LIST_PARAM_CHECKS = {
  chain: (v: string) => v === '' || isChainName(v),
  status: (v: string) => v === '' || (TX_STATUSES as readonly string[]).includes(v),
  kind: (v: string) => v === '' || TX_KINDS.some((k) => k.id === v),
  method: (v: string) => v === '' || FILTER_SHAPES.method(v.trim()),
  sort: (v: string) => v === '' || (TOKEN_SORTS as readonly string[]).includes(v),
  standard: (v: string) => v === '' || v in TOKEN_STANDARDS,
  q: (v: string) => v.length <= MAX_Q,
} as const;

/** Next's searchParams record as URLSearchParams, every value of a repeated parameter kept. */
export function searchOf(record: Readonly<Record<string, string | string[] | undefined>>): URLSearchParams {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(record)) {
    for (const v of Array.isArray(value) ? value : value === undefined ? [] : [value]) search.append(name, v);
  }
  return search;
}

/** The one value of `name`, undefined when absent; a repeated parameter is a reason. */
export function single(search: URLSearchParams, name: string): Parsed<string | undefined> {
  const values = search.getAll(name);
  if (values.length > 1) return { ok: false, error: `${name} is given ${values.length} times; give it once` };
  return { ok: true, value: values[0] };
}

/** A page's size and cursor (limit 1..100, default 25). */
export function parsePage(search: URLSearchParams): Parsed<{ readonly limit: number; readonly cursor: string | null }> {
  const limit = single(search, 'limit');
  if (!limit.ok) return limit;
  const cursor = single(search, 'cursor');
  if (!cursor.ok) return cursor;
  const size = parseLimit(limit.value);
  if (!size.ok) return size;
  const after = parseCursorParam(cursor.value);
  if (!after.ok) return after;
  return { ok: true, value: { limit: size.value, cursor: after.value } };
}

/**
 * `chain=`: one of `readable` (the chains this explorer reads), a zone when `zonesOnly`; absent,
 * `fallback` (the first configured one).
 */
export function parseListChain(
  raw: string | undefined,
  readable: readonly Chain[],
  options: { zonesOnly: boolean },
): Parsed<Chain> {
  const kind = options.zonesOnly ? 'zone' : 'chain';
  const usable = readable.filter((c) => !options.zonesOnly || c.level === 2);
  if (raw === undefined || raw === '') {
    const first = usable[0];
    return first ? { ok: true, value: first } : { ok: false, error: `this explorer reads no ${kind}` };
  }
  const names = usable.map((c) => c.name).join(', ');
  if (!isChainName(raw)) return { ok: false, error: `chain must name a ${kind} (${names}), got "${raw.slice(0, 40)}"` };
  const chain = getChain(raw as ChainName);
  if (options.zonesOnly && chain.level !== 2) return { ok: false, error: `${chain.label} is not a zone: transactions live in zones (${names})` };
  if (!usable.some((c) => c.name === chain.name)) return { ok: false, error: `this explorer does not read ${chain.label} (it reads ${names})` };
  return { ok: true, value: chain };
}

/** One of `allowed`, or undefined when absent; `what` names the parameter in the reason. */
export function parseChoice<T extends string>(raw: string | undefined, allowed: readonly T[], what: string): Parsed<T | undefined> {
  if (raw === undefined || raw === '') return { ok: true, value: undefined };
  if (!(allowed as readonly string[]).includes(raw)) return { ok: false, error: `${what} must be one of ${allowed.join(', ')}, got "${raw.slice(0, 40)}"` };
  return { ok: true, value: raw as T };
}

/** `q=`: trimmed, 1..MAX_Q characters; undefined when absent or blank. */
export function parseQ(raw: string | undefined): Parsed<string | undefined> {
  const value = raw?.trim() ?? '';
  if (value === '') return { ok: true, value: undefined };
  if (value.length > MAX_Q) return { ok: false, error: `q is ${value.length} characters long; at most ${MAX_Q}` };
  return { ok: true, value };
}
