/**
 * A digest of the data a page draws: two values get the same digest exactly when they would be
 * drawn the same (the same fields, in any key order, with the same values). Used as the key of a
 * page rendered once per what it shows (./variant.ts).
 *
 * Unlike JSON.stringify it keeps what JSON loses or refuses: bigints (balances, heights), Maps and
 * Sets (their entries, in order), byte arrays, Dates, and `undefined` as distinct from a missing
 * field. Functions and symbols have no place in page data: it throws on them, so that a loader that
 * starts returning one is noticed rather than silently keyed by less than it shows.
 */
import { createHash } from 'node:crypto';

function write(value: unknown, out: string[], seen: Set<object>): void {
  switch (typeof value) {
    case 'string':
      out.push('s', JSON.stringify(value));
      return;
    case 'number':
      out.push('n', Object.is(value, -0) ? '-0' : String(value));
      return;
    case 'bigint':
      out.push('b', value.toString());
      return;
    case 'boolean':
      out.push(value ? 'T' : 'F');
      return;
    case 'undefined':
      out.push('u');
      return;
    case 'object':
      break;
    default:
      throw new TypeError(`page data cannot hold a ${typeof value}`);
  }
  if (value === null) {
    out.push('z');
    return;
  }
  if (seen.has(value)) throw new TypeError('page data cannot be circular');
  seen.add(value);
  if (Array.isArray(value)) {
    out.push('[');
    for (const item of value) write(item, out, seen);
    out.push(']');
  } else if (value instanceof Map) {
    out.push('M');
    for (const [k, v] of value) {
      write(k, out, seen);
      write(v, out, seen);
    }
    out.push(']');
  } else if (value instanceof Set) {
    out.push('S');
    for (const item of value) write(item, out, seen);
    out.push(']');
  } else if (value instanceof Uint8Array) {
    out.push('x', Buffer.from(value.buffer, value.byteOffset, value.byteLength).toString('hex'));
  } else if (value instanceof Date) {
    out.push('d', String(value.getTime()));
  } else if (value instanceof Error) {
    out.push('e', JSON.stringify(value.name), JSON.stringify(value.message));
  } else {
    out.push('{');
    for (const key of Object.keys(value).sort()) {
      out.push(JSON.stringify(key));
      write((value as Record<string, unknown>)[key], out, seen);
    }
    out.push('}');
  }
  seen.delete(value);
}

/** The canonical text of `value` (exported for tests). */
export function canonicalText(value: unknown): string {
  const out: string[] = [];
  write(value, out, new Set());
  return out.join(' ');
}

/** A short digest of `value` (22 base64url characters of SHA-256). */
export function dataDigest(value: unknown): string {
  return createHash('sha256').update(canonicalText(value)).digest('base64url').slice(0, 22);
}
