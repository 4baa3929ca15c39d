/**
 * The opaque cursor of a history page: the (block number, index, chain) key of the last row
 * served, base64url-encoded so callers treat it as a token, not a number to edit.
 */
import { isZoneName, type ChainName } from '@/lib/chains';
import { StrataError } from '@/lib/errors';

export interface PageKey {
  readonly blockNumber: bigint;
  readonly index: number;
  readonly chain: ChainName;
}

export class BadCursorError extends StrataError {
  override name = 'BadCursorError';
}

export function encodeCursor(key: PageKey): string {
  return Buffer.from(`h1:${key.blockNumber}:${key.index}:${key.chain}`, 'utf8').toString('base64url');
}

export function decodeCursor(cursor: string): PageKey {
  if (!/^[A-Za-z0-9_-]{1,200}$/.test(cursor)) throw new BadCursorError('cursor is not a token this API gave out');
  const match = /^h1:(\d{1,19}):(\d{1,9}):([a-z0-9]+)$/.exec(Buffer.from(cursor, 'base64url').toString('utf8'));
  if (!match || !isZoneName(match[3] as string)) throw new BadCursorError('cursor is not a token this API gave out');
  const blockNumber = BigInt(match[1] as string);
  if (blockNumber > 2n ** 63n - 1n) throw new BadCursorError('cursor is not a token this API gave out');
  return { blockNumber, index: Number(match[2]), chain: match[3] as ChainName };
}
