/**
 * The opaque cursor of a token-transfer page: the (block number, transaction index, log index,
 * item, chain) key of the last row served, base64url-encoded like the history's cursor but with
 * its own prefix, so neither list accepts the other's token.
 */
import { isZoneName, type ChainName } from '@/lib/chains';
import { BadCursorError } from './page-cursor';

export interface TransferKey {
  readonly blockNumber: bigint;
  readonly index: number;
  readonly logIndex: number;
  readonly item: number;
  readonly chain: ChainName;
}

const REFUSED = 'cursor is not a token this API gave out';

export function encodeTransferCursor(key: TransferKey): string {
  return Buffer.from(`t1:${key.blockNumber}:${key.index}:${key.logIndex}:${key.item}:${key.chain}`, 'utf8').toString('base64url');
}

export function decodeTransferCursor(cursor: string): TransferKey {
  if (!/^[A-Za-z0-9_-]{1,200}$/.test(cursor)) throw new BadCursorError(REFUSED);
  const match = /^t1:(\d{1,19}):(\d{1,9}):(\d{1,9}):(\d{1,9}):([a-z0-9]+)$/.exec(Buffer.from(cursor, 'base64url').toString('utf8'));
  if (!match || !isZoneName(match[5] as string)) throw new BadCursorError(REFUSED);
  const blockNumber = BigInt(match[1] as string);
  if (blockNumber > 2n ** 63n - 1n) throw new BadCursorError(REFUSED);
  return { blockNumber, index: Number(match[2]), logIndex: Number(match[3]), item: Number(match[4]), chain: match[5] as ChainName };
}
