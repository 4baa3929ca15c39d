/**
 * The opaque cursor of an index page: the key of the last row served — its block number, the
 * integers that order rows within a block, and its chain — base64url-encoded so callers treat it
 * as a token, not a number to edit. Each list has its own prefix (`h1` history, `t1` token
 * transfers, `i1` internal transfers), so no list accepts another's token.
 */
import { isZoneName, type ChainName } from '@/lib/protocol/chains';
import { StrataError } from '@/lib/protocol/errors';

export class BadCursorError extends StrataError {
  override name = 'BadCursorError';
}

/** A row's key: block number and chain around the named integer fields. */
export type CursorKey<F extends string> = { readonly blockNumber: bigint; readonly chain: ChainName } & { readonly [P in F]: number };

export interface CursorCodec<F extends string> {
  /** The integer fields between block number and chain, in the key's order. */
  readonly fields: readonly F[];
  /** Reads only the key's fields, so a whole row can be handed in. */
  encode(key: CursorKey<F>): string;
  /** The key, or a BadCursorError for anything this codec did not make. */
  decode(cursor: string): CursorKey<F>;
}

const REFUSED = 'cursor is not a token this API gave out';

export function cursorCodec<const F extends string>(prefix: string, fields: readonly F[]): CursorCodec<F> {
  const shape = new RegExp(`^${prefix}:(\\d{1,19})${':(\\d{1,9})'.repeat(fields.length)}:([a-z0-9]+)$`);
  return {
    fields,
    encode: (key) => Buffer.from([prefix, key.blockNumber, ...fields.map((f) => key[f]), key.chain].join(':'), 'utf8').toString('base64url'),
    decode(cursor) {
      if (!/^[A-Za-z0-9_-]{1,200}$/.test(cursor)) throw new BadCursorError(REFUSED);
      const match = shape.exec(Buffer.from(cursor, 'base64url').toString('utf8'));
      const chain = match?.[fields.length + 2];
      if (!match || chain === undefined || !isZoneName(chain)) throw new BadCursorError(REFUSED);
      const blockNumber = BigInt(match[1] as string);
      if (blockNumber > 2n ** 63n - 1n) throw new BadCursorError(REFUSED);
      const ints = Object.fromEntries(fields.map((f, i) => [f, Number(match[i + 2])])) as { readonly [P in F]: number };
      return { blockNumber, ...ints, chain: chain as ChainName };
    },
  };
}

/** The history's key: (block number, transaction index, chain). */
export type PageKey = CursorKey<'index'>;

export const historyCursor = cursorCodec('h1', ['index']);

export function encodeCursor(key: PageKey): string {
  return historyCursor.encode(key);
}

export function decodeCursor(cursor: string): PageKey {
  return historyCursor.decode(cursor);
}
