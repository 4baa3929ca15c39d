/**
 * Reading route parameters of the block, uncle and transaction pages. Each parser says why a
 * value is malformed, because the 404 page shows the reason ("… is not a block number or hash").
 * Route params arrive percent-encoded when they hold odd characters; they are decoded leniently,
 * since proxy.ts's URL guard (lib/http/url-guard.ts) has already refused what cannot be decoded.
 */
import type { Hash } from 'viem';
import { isChainName, getChain, type Chain } from '@/lib/protocol/chains';
import type { BlockRef } from '@/lib/rpc/domain';
import { decodeLenient } from '@/lib/text/url-decode';

export type { BlockRef };

export type Parsed<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly reason: string };

const HASH_RE = /^0x[0-9a-fA-F]{64}$/;
// Heights beyond 2^63 cannot exist on any chain; refusing them keeps the node call well formed.
const MAX_HEIGHT = 2n ** 63n - 1n;

function shown(raw: string): string {
  return raw.length > 80 ? `${raw.slice(0, 77)}…` : raw;
}

/** A block id: a decimal height, a 0x-hex height of up to 16 digits, or a 32-byte hash. */
export function parseBlockRef(rawParam: string): Parsed<BlockRef> {
  const raw = decodeLenient(rawParam).trim();
  if (HASH_RE.test(raw)) return { ok: true, value: { kind: 'hash', hash: raw.toLowerCase() as Hash } };
  let number: bigint | undefined;
  if (/^\d{1,20}$/.test(raw)) number = BigInt(raw);
  else if (/^0x[0-9a-fA-F]{1,16}$/.test(raw)) number = BigInt(raw);
  if (number !== undefined && number <= MAX_HEIGHT) return { ok: true, value: { kind: 'number', number } };
  if (/^0x[0-9a-fA-F]*$/.test(raw)) {
    const digits = raw.length - 2;
    return {
      ok: false,
      reason: `"${shown(raw)}" is not a block hash: a hash has 64 hex digits, this has ${digits}.`,
    };
  }
  return {
    ok: false,
    reason: `"${shown(raw)}" is neither a block number (decimal digits) nor a block hash (0x and 64 hex digits).`,
  };
}

/** A transaction or uncle index within a block: a small non-negative decimal integer. */
export function parseIndex(rawParam: string, what: 'transaction' | 'uncle'): Parsed<number> {
  const raw = decodeLenient(rawParam).trim();
  if (!/^\d{1,6}$/.test(raw)) {
    return { ok: false, reason: `"${shown(raw)}" is not a ${what} index: use a whole number such as 0, 1, 2.` };
  }
  return { ok: true, value: Number(raw) };
}

/** A transaction hash: 0x and 64 hex digits. */
export function parseTxHash(rawParam: string): Parsed<Hash> {
  const raw = decodeLenient(rawParam).trim();
  if (HASH_RE.test(raw)) return { ok: true, value: raw.toLowerCase() as Hash };
  const digits = /^0x[0-9a-fA-F]*$/.test(raw) ? `, this has ${raw.length - 2} hex digits` : '';
  return {
    ok: false,
    reason: `"${shown(raw)}" is not a transaction hash: a transaction hash is 0x and 64 hex digits${digits}.`,
  };
}

/** A chain name from the URL, checked against the registry and the deployment's chains. */
export function parseChain(rawParam: string, configured: readonly Chain[]): Parsed<Chain> {
  const raw = decodeLenient(rawParam).trim().toLowerCase();
  if (!isChainName(raw)) {
    return { ok: false, reason: `"${shown(raw)}" is not a chain of a Quai network (prime, cyprus, cyprus1, …).` };
  }
  const chain = getChain(raw);
  if (!configured.some((c) => c.name === chain.name)) {
    return { ok: false, reason: `${chain.label} is not served by this explorer's configuration.` };
  }
  return { ok: true, value: chain };
}
