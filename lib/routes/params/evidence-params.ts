/**
 * The evidence API's query: `checkpoint` (a header hash the headers must reach), and for an
 * address `block` (the "as of" block: "latest", a decimal or 0x number) and `slot` (repeatable,
 * storage slots to prove, as the address page reads them). Pure; errors are messages for a 400.
 */
import type { Hash } from 'viem';
import { MAX_SLOTS } from '@/lib/evidence/bundle';
import { parseAsOf, parseSlot, type AsOf } from './address-params';

export interface EvidenceQuery {
  readonly checkpoint?: Hash;
  readonly block: AsOf;
  readonly slots: readonly Hash[];
}

export type ParsedQuery = { readonly ok: true; readonly value: EvidenceQuery } | { readonly ok: false; readonly error: string };

const HASH = /^0x[0-9a-fA-F]{64}$/;

export function parseEvidenceQuery(search: URLSearchParams): ParsedQuery {
  const checkpoint = search.get('checkpoint')?.trim();
  if (checkpoint !== undefined && checkpoint !== '' && !HASH.test(checkpoint)) {
    return { ok: false, error: `checkpoint: “${checkpoint.slice(0, 80)}” is not a header hash (0x and 64 hex digits).` };
  }
  const block = parseAsOf(search.get('block'));
  if (!block.ok) return { ok: false, error: `block: ${block.error}` };
  const raw = search.getAll('slot');
  if (raw.length > MAX_SLOTS) return { ok: false, error: `slot: at most ${MAX_SLOTS} slots, got ${raw.length}.` };
  const slots: Hash[] = [];
  for (const s of raw) {
    const slot = parseSlot(s);
    if (!slot) continue;
    if (!slot.ok) return { ok: false, error: `slot: ${slot.error}` };
    if (!slots.includes(slot.value)) slots.push(slot.value);
  }
  return { ok: true, value: { ...(checkpoint ? { checkpoint: checkpoint.toLowerCase() as Hash } : {}), block: block.value, slots } };
}

/** The query string of an evidence URL (for the pages' buttons and the API's docs). */
export function evidenceQuery(query: Partial<EvidenceQuery>): string {
  const q = new URLSearchParams();
  if (query.block !== undefined && query.block !== 'latest') q.set('block', query.block.toString());
  for (const slot of query.slots ?? []) q.append('slot', slot);
  if (query.checkpoint) q.set('checkpoint', query.checkpoint);
  const text = q.toString();
  return text ? `?${text}` : '';
}
