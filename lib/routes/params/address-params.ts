/**
 * The address page's URL controls: `?block=` (the "as of" block that drives the default block
 * parameter of every state read) and `?slot=` (a storage slot to look up). Pure, for the page and
 * the API routes alike; errors are messages for the reader.
 */
import { padHex, type Hash } from 'viem';
import { urls } from '@/lib/routes/urls';

export type AsOf = 'latest' | bigint;
export type Parsed<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly error: string };

const MAX_U256 = (1n << 256n) - 1n;

/** "latest" (or empty), a decimal block number, or a 0x quantity. */
export function parseAsOf(raw: string | undefined | null): Parsed<AsOf> {
  const t = raw?.trim().toLowerCase() ?? '';
  if (t === '' || t === 'latest') return { ok: true, value: 'latest' };
  if (/^\d{1,15}$/.test(t)) return { ok: true, value: BigInt(t) };
  if (/^0x[0-9a-f]{1,13}$/.test(t)) return { ok: true, value: BigInt(t) };
  return { ok: false, error: `“${raw}” is not a block: use "latest" or a zone block number such as 1200.` };
}

/**
 * A storage slot as people type it: a decimal index ("0", "5") or hex ("0x5", or a full 32-byte
 * key such as a mapping slot keccak256(…)). Always returned as the 32-byte key getProof expects.
 */
export function parseSlot(raw: string | undefined | null): Parsed<Hash> | undefined {
  const t = raw?.trim() ?? '';
  if (t === '') return undefined;
  let n: bigint;
  if (/^\d+$/.test(t)) n = BigInt(t);
  else if (/^0x[0-9a-fA-F]{1,64}$/.test(t)) n = BigInt(t);
  else return { ok: false, error: `“${t}” is not a storage slot: use a decimal index or up to 32 bytes of 0x hex.` };
  if (n > MAX_U256) return { ok: false, error: 'A storage slot is at most 32 bytes.' };
  return { ok: true, value: padHex(`0x${n.toString(16)}`, { size: 32 }) as Hash };
}

/** The address page URL with its controls. */
export function addressHref(address: string, params: { block?: AsOf; slot?: string; tab?: string }): string {
  const q = new URLSearchParams();
  if (params.block !== undefined && params.block !== 'latest') q.set('block', params.block.toString());
  if (params.slot) q.set('slot', params.slot);
  if (params.tab) q.set('tab', params.tab);
  const s = q.toString();
  return `${urls.address(address)}${s ? `?${s}` : ''}`;
}
