/**
 * The opaque cursor of a browse list (blocks, uncles, reorgs, transactions, tokens, verified
 * contracts): the sort key of the last row served, each part typed, base64url-encoded behind the
 * list's own prefix, so no list takes another's token (nor the history's, ../paging/page-cursor.ts), and
 * a part that is not what its list stores is refused before any query.
 *
 * Parts: `int` a non-negative integer below 2^63 (a height, an index, a count), `hex` bytes as
 * 0x hex (a hash, an address), `chain` a chain name.
 */
import { isChainName, type ChainName } from '@/lib/protocol/chains';
import { BadCursorError } from '../paging/page-cursor';

export type PartKind = 'int' | 'hex' | 'chain';

type PartValue<K extends PartKind> = K extends 'int' ? bigint : K extends 'chain' ? ChainName : `0x${string}`;

export type ListKey<S extends Readonly<Record<string, PartKind>>> = { readonly [P in keyof S]: PartValue<S[P]> };

export interface ListCursor<S extends Readonly<Record<string, PartKind>>> {
  encode(key: ListKey<S>): string;
  /** The key, or a BadCursorError for anything this list did not give out. */
  decode(cursor: string): ListKey<S>;
}

const REFUSED = 'cursor is not a token this list gave out';
const MAX_INT = 2n ** 63n - 1n;

const PART: Readonly<Record<PartKind, RegExp>> = {
  int: /^\d{1,19}$/,
  hex: /^0x[0-9a-f]{2,64}$/,
  chain: /^[a-z0-9]{1,20}$/,
};

/** A cursor whose key has the parts `shape` names, in its order (an object literal keeps it). */
export function listCursor<const S extends Readonly<Record<string, PartKind>>>(prefix: string, shape: S): ListCursor<S> {
  const names = Object.keys(shape) as (keyof S & string)[];
  return {
    encode(key) {
      const parts = names.map((n) => String(key[n]).toLowerCase());
      return Buffer.from([prefix, ...parts].join(':'), 'utf8').toString('base64url');
    },
    decode(cursor) {
      if (!/^[A-Za-z0-9_-]{1,200}$/.test(cursor)) throw new BadCursorError(REFUSED);
      const [head, ...parts] = Buffer.from(cursor, 'base64url').toString('utf8').split(':');
      if (head !== prefix || parts.length !== names.length) throw new BadCursorError(REFUSED);
      const key: Record<string, unknown> = {};
      names.forEach((name, i) => {
        const kind = shape[name] as PartKind;
        const part = parts[i] as string;
        if (!PART[kind].test(part)) throw new BadCursorError(REFUSED);
        if (kind === 'int') {
          const value = BigInt(part);
          if (value > MAX_INT) throw new BadCursorError(REFUSED);
          key[name] = value;
        } else if (kind === 'chain') {
          if (!isChainName(part)) throw new BadCursorError(REFUSED);
          key[name] = part;
        } else {
          if (part.length % 2 !== 0) throw new BadCursorError(REFUSED);
          key[name] = part;
        }
      });
      return key as ListKey<S>;
    },
  };
}
