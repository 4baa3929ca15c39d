/**
 * Reads an address's history, newest first, a page at a time. The WHERE and ORDER BY follow
 * address_transactions' primary key (address, block_number, tx_index, chain) backwards, so every
 * page is one index seek plus `limit` rows, whatever its depth.
 */
import type { ChainName } from '@/lib/protocol/chains';
import type { Address, Hash, Hex } from '@/lib/rpc/domain';
import type { Queryable, Row } from '../drivers/db';
import { big, chainName, integer, optionalBig, optionalText, text } from './paging/row-values';
import { ROLE_CREATED, ROLE_RECIPIENT, ROLE_SENDER } from '../engine/indexed-block';
import { historyCursor } from './paging/page-cursor';
import { clampLimit, keyset, MAX_PAGE } from './paging/keyset';
import { blockRangeFilter, hexCol, hexParam } from '../drivers/sql';
import { filteredPage, hasFilter, type ListFilter, type ListShape } from './paging/list-filter';

export type Direction = 'out' | 'in' | 'self';
export type HistoryKind = 'internal' | 'contract-creation' | 'etx-sent' | 'etx-received';

export interface HistoryItem {
  readonly hash: Hash;
  readonly chain: ChainName;
  readonly blockNumber: bigint;
  readonly blockHash: Hash;
  readonly index: number;
  readonly from: Address;
  readonly to: Address | null;
  readonly contractAddress: Address | null;
  readonly value: bigint;
  readonly direction: Direction;
  readonly type: HistoryKind;
  readonly status: 'success' | 'reverted' | null;
  /** Calls inside a successful transaction that reverted and were caught (0 when none, or not traced yet). */
  readonly innerReverts: number;
  readonly timestamp: bigint;
  /** ETXs: the zone at the other end. */
  readonly otherChain: ChainName | null;
  readonly nonce: bigint;
  readonly gas: bigint;
  readonly gasUsed: bigint | null;
  readonly gasPrice: bigint | null;
  readonly method: Hex | null;
}

export interface HistoryPage {
  readonly items: readonly HistoryItem[];
  /** The cursor of the next page, null on the last. */
  readonly next: string | null;
}

/** address_transactions' key: (block_number, tx_index, chain). */
const KEYS = keyset(historyCursor, { index: 'tx_index' });

function kindOf(type: number, to: string | null): HistoryKind {
  if (type === 2) return 'etx-sent';
  if (type === 1) return 'etx-received';
  return to === null ? 'contract-creation' : 'internal';
}

function directionOf(role: number): Direction {
  const sent = (role & ROLE_SENDER) !== 0;
  const received = (role & (ROLE_RECIPIENT | ROLE_CREATED)) !== 0;
  return sent && received ? 'self' : sent ? 'out' : 'in';
}

const COLUMNS = `
  a.role, a.chain, a.block_number::text AS block_number, a.tx_index,
         ${hexCol('t.hash', 'hash')}, ${hexCol('b.hash', 'block_hash')}, ${hexCol('t.sender', 'sender')},
         ${hexCol('t.recipient', 'recipient')}, ${hexCol('t.contract_address', 'contract_address')},
         t.value::text AS value, t.type, t.status, b.timestamp::text AS timestamp, t.other_chain,
         t.nonce::text AS nonce, t.gas::text AS gas, t.gas_used::text AS gas_used, t.gas_price::text AS gas_price,
         ${hexCol('t.method', 'method')}, r.reverted AS inner_reverts`;
const JOINS = `
    JOIN transactions t ON t.chain = a.chain AND t.block_number = a.block_number AND t.tx_index = a.tx_index
    JOIN blocks b ON b.chain = a.chain AND b.number = a.block_number
    LEFT JOIN inner_reverts r ON r.chain = a.chain AND r.block_number = a.block_number AND r.tx_index = a.tx_index`;
const SELECT = `SELECT ${COLUMNS} FROM address_transactions a ${JOINS}`;

/** What the filter tests on a history row (./paging/list-filter.ts). */
const FILTER_SHAPE: ListShape = {
  addressTable: 'address_transactions',
  joins: [
    { alias: 't', table: 'transactions', on: 't.chain = a.chain AND t.block_number = a.block_number AND t.tx_index = a.tx_index' },
    { alias: 'b', table: 'blocks', on: 'b.chain = a.chain AND b.number = a.block_number' },
    { alias: 'r', table: 'inner_reverts', on: 'r.chain = a.chain AND r.block_number = a.block_number AND r.tx_index = a.tx_index', left: true },
  ],
  senderRole: ROLE_SENDER,
  recipientRoles: ROLE_RECIPIENT | ROLE_CREATED,
  method: 't.method',
  token: (p) => `EXISTS (SELECT 1 FROM token_transfers k WHERE k.chain = a.chain AND k.block_number = a.block_number AND k.tx_index = a.tx_index AND k.token = ${p})`,
  parties: ['t.sender', 't.recipient', 't.contract_address'],
};

function toItem(row: Row): HistoryItem {
  const to = optionalText(row, 'recipient');
  const type = integer(row, 'type');
  const status = row.status === null ? null : integer(row, 'status') === 1 ? 'success' : 'reverted';
  const chain = chainName(text(row, 'chain'), 'chain') as ChainName;
  return {
    hash: text(row, 'hash') as Hash,
    chain,
    blockNumber: big(row, 'block_number'),
    blockHash: text(row, 'block_hash') as Hash,
    index: integer(row, 'tx_index'),
    from: text(row, 'sender') as Address,
    to: to as Address | null,
    contractAddress: optionalText(row, 'contract_address') as Address | null,
    value: big(row, 'value'),
    direction: directionOf(integer(row, 'role')),
    type: kindOf(type, to),
    status,
    innerReverts: row.inner_reverts === null || row.inner_reverts === undefined ? 0 : integer(row, 'inner_reverts'),
    timestamp: big(row, 'timestamp'),
    otherChain: chainName(optionalText(row, 'other_chain'), 'other_chain'),
    nonce: big(row, 'nonce'),
    gas: big(row, 'gas'),
    gasUsed: optionalBig(row, 'gas_used'),
    gasPrice: optionalBig(row, 'gas_price'),
    method: optionalText(row, 'method') as Hex | null,
  };
}

/**
 * One page of `address`'s history, newest first. `cursor` is the `next` of the previous page
 * (a BadCursorError when it is not one); `limit` 1..MAX_PAGE.
 */
export async function historyPage(q: Queryable, address: Address, options: { limit: number; cursor?: string | null; filter?: ListFilter }): Promise<HistoryPage> {
  if (hasFilter(options.filter)) return filteredPage(q, { shape: FILTER_SHAPE, keys: KEYS, select: COLUMNS, toItem }, address, options.filter, options);
  const limit = clampLimit(options.limit);
  const params: unknown[] = [hexParam(address), limit + 1];
  const where = `a.address = decode($1, 'hex')${KEYS.olderThan('a', options.cursor, params)}`;
  const rows = await q.query(`${SELECT} WHERE ${where} ORDER BY ${KEYS.order('a')} LIMIT $2`, params);
  return KEYS.page(rows, limit, toItem);
}

/** Every history row of `address` (that passes `filter`), newest first, in pages of `batch` (for the CSV stream). */
export async function* historyRows(q: Queryable, address: Address, options: { filter?: ListFilter; batch?: number } = {}): AsyncGenerator<HistoryItem> {
  const { filter, batch = MAX_PAGE } = options;
  let cursor: string | null = null;
  do {
    const page: HistoryPage = await historyPage(q, address, { limit: batch, cursor, filter });
    yield* page.items;
    cursor = page.next;
  } while (cursor);
}

/**
 * A slice by position, for the Etherscan-compatible API (page × offset): OFFSET costs the rows it
 * skips, so its callers cap the depth (Etherscan's own limit is page × offset ≤ 10,000).
 */
export async function historySlice(
  q: Queryable,
  address: Address,
  options: { offset: number; limit: number; ascending: boolean; startBlock?: bigint; endBlock?: bigint },
): Promise<HistoryItem[]> {
  const dir = options.ascending ? 'ASC' : 'DESC';
  const params: unknown[] = [hexParam(address), options.limit, options.offset];
  const where = `a.address = decode($1, 'hex')` + blockRangeFilter(params, 'a.block_number', options);
  const rows = await q.query(
    `${SELECT} WHERE ${where} ORDER BY ${KEYS.order('a', dir)} LIMIT $2 OFFSET $3`,
    params,
  );
  return rows.map(toItem);
}
