/**
 * Parser for blocks (spec §2.4): the header plus `order` (a JSON integer on real nodes),
 * `totalEntropy`, `size`, transactions (hashes or objects, per the `full` flag asked),
 * extTransactions, uncles (full uncle headers) and subManifest.
 */
import type { Block, TransactionDetail } from '../domain';
import { array, blockOrder, field, hash, object, quantity, type Reader } from './fields';
import { parseHeader } from './header';
import { parseUncle } from './header';
import { parseTransaction } from './transaction';

export interface BlockParseOptions<TDetail extends TransactionDetail> {
  /** What the request asked for: `full = true` → 'full'. */
  readonly detail: TDetail;
  /** Whether this is the `pending` block (null hash/nonce/miner allowed). */
  readonly pending?: boolean;
}

export function parseBlock<TDetail extends TransactionDetail>(
  value: unknown,
  path: string,
  options: BlockParseOptions<TDetail> & { pending: true },
): Block<TDetail, true> | Block<TDetail, false>;
export function parseBlock<TDetail extends TransactionDetail>(
  value: unknown,
  path: string,
  options: BlockParseOptions<TDetail> & { pending?: false },
): Block<TDetail, false>;
export function parseBlock<TDetail extends TransactionDetail>(
  value: unknown,
  path: string,
  options: BlockParseOptions<TDetail>,
): Block<TDetail, boolean>;
export function parseBlock<TDetail extends TransactionDetail>(
  value: unknown,
  path: string,
  options: BlockParseOptions<TDetail>,
): Block<TDetail, boolean> {
  const r = object(value, path);
  const header = options.pending ? parseHeader(r, path, { pending: true }) : parseHeader(r, path);
  const entry: Reader<unknown> = options.detail === 'full' ? parseTransaction : hash;
  const list = (key: string) => field(r, path, key, (v, p) => array(v, p, entry));
  const block = {
    ...header,
    order: field(r, path, 'order', blockOrder),
    totalEntropy: field(r, path, 'totalEntropy', quantity),
    size: field(r, path, 'size', quantity),
    transactions: list('transactions'),
    extTransactions: list('extTransactions'),
    uncles: field(r, path, 'uncles', (v, p) => array(v, p, parseUncle)),
    subManifest: field(r, path, 'subManifest', (v, p) => array(v, p, hash)),
  };
  return block as Block<TDetail, boolean>;
}
