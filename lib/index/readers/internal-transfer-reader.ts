/**
 * Internal transfers from the index (migration 8), newest first: an address's page (through
 * address_internal_transfers' primary key, one seek plus `limit` rows whatever the depth), a
 * transaction's (by hash, through transactions' hash index), and a slice by position for the
 * Etherscan-compatible `txlistinternal`. The cursor is the row's key with its own `i1:` prefix,
 * so a history or token-transfer cursor is refused.
 */
import type { ChainName } from '@/lib/protocol/chains';
import type { Address, Hash } from '@/lib/rpc/domain';
import { CALL_TYPES, type CallType } from '@/lib/rpc/trace-types';
import type { Queryable, Row } from '../drivers/db';
import { blockRangeFilter, hexCol, hexParam } from '../drivers/sql';
import { ROLE_INTERNAL_RECIPIENT, ROLE_INTERNAL_SENDER } from '../derivations/internal-transfers';
import { clampLimit, keyset, MAX_PAGE } from './paging/keyset';
import { filteredPage, hasFilter, type ListFilter, type ListShape } from './paging/list-filter';
import { cursorCodec } from './paging/page-cursor';
import { big, integer, IndexRowError, optionalText, placeOf, text } from './paging/row-values';

export interface InternalTransferItem {
  readonly chain: ChainName;
  readonly blockNumber: bigint;
  readonly blockHash: Hash;
  readonly timestamp: bigint;
  readonly txHash: Hash;
  readonly txIndex: number;
  /** The transfer's position among its transaction's, in the order they ran. */
  readonly seq: number;
  /** The frame's path in the call tree ("0_1"), Etherscan's traceId. */
  readonly traceId: string;
  readonly type: CallType;
  readonly from: Address;
  readonly to: Address;
  readonly contractAddress: Address | null;
  readonly value: bigint;
  readonly gas: bigint;
  readonly gasUsed: bigint;
  /** Its own error or a failed ancestor's: then no value moved. */
  readonly error: string | null;
  /** Seen from the address asked for; null on a transaction's list. */
  readonly direction: 'out' | 'in' | 'self' | null;
  /** The transaction it ran in: its sender, recipient (null for a creation) and value (Etherscan's ParentTx… columns). */
  readonly parent: { readonly from: Address; readonly to: Address | null; readonly value: bigint };
}

export interface InternalTransferPage {
  readonly items: readonly InternalTransferItem[];
  readonly next: string | null;
}

/** The key of address_internal_transfers and internal_transfers, with its own `i1` cursor. */
const KEYS = keyset(cursorCodec('i1', ['txIndex', 'seq']), { txIndex: 'tx_index', seq: 'seq' });

const COLUMNS = `
  t.chain, t.block_number::text AS block_number, t.tx_index, t.seq, t.trace_id, t.type,
  ${hexCol('t.sender', 'sender')}, ${hexCol('t.recipient', 'recipient')}, ${hexCol('t.contract_address', 'contract_address')},
  t.value::text AS value, t.gas::text AS gas, t.gas_used::text AS gas_used, t.error,
  ${hexCol('x.hash', 'tx_hash')}, ${hexCol('b.hash', 'block_hash')}, b.timestamp::text AS timestamp,
  ${hexCol('x.sender', 'parent_from')}, ${hexCol('x.recipient', 'parent_to')}, x.value::text AS parent_value`;

const JOINS = `
  JOIN transactions x ON x.chain = t.chain AND x.block_number = t.block_number AND x.tx_index = t.tx_index
  JOIN blocks b ON b.chain = t.chain AND b.number = t.block_number`;

const BY_ADDRESS = `FROM address_internal_transfers a
       JOIN internal_transfers t ON t.chain = a.chain AND t.block_number = a.block_number AND t.tx_index = a.tx_index AND t.seq = a.seq`;

/** What the filter tests on an internal transfer (./paging/list-filter.ts): the method and the token are its transaction's. */
const FILTER_SHAPE: ListShape = {
  addressTable: 'address_internal_transfers',
  joins: [
    { alias: 't', table: 'internal_transfers', on: 't.chain = a.chain AND t.block_number = a.block_number AND t.tx_index = a.tx_index AND t.seq = a.seq' },
    { alias: 'x', table: 'transactions', on: 'x.chain = t.chain AND x.block_number = t.block_number AND x.tx_index = t.tx_index' },
    { alias: 'b', table: 'blocks', on: 'b.chain = t.chain AND b.number = t.block_number' },
  ],
  senderRole: ROLE_INTERNAL_SENDER,
  recipientRoles: ROLE_INTERNAL_RECIPIENT,
  method: 'x.method',
  token: (p) => `EXISTS (SELECT 1 FROM token_transfers k WHERE k.chain = a.chain AND k.block_number = a.block_number AND k.tx_index = a.tx_index AND k.token = ${p})`,
  parties: ['t.sender', 't.recipient', 't.contract_address'],
};

function callType(row: Row): CallType {
  const type = text(row, 'type');
  if (!(CALL_TYPES as readonly string[]).includes(type)) throw new IndexRowError(`index row: type ${type} is not a call type`);
  return type as CallType;
}

function toItem(row: Row): InternalTransferItem {
  const role = row.role === undefined ? null : integer(row, 'role');
  return {
    ...placeOf(row),
    txIndex: integer(row, 'tx_index'),
    seq: integer(row, 'seq'),
    traceId: text(row, 'trace_id'),
    type: callType(row),
    from: text(row, 'sender') as Address,
    to: text(row, 'recipient') as Address,
    contractAddress: optionalText(row, 'contract_address') as Address | null,
    value: big(row, 'value'),
    gas: big(row, 'gas'),
    gasUsed: big(row, 'gas_used'),
    error: optionalText(row, 'error'),
    direction: role === null ? null : role === (ROLE_INTERNAL_SENDER | ROLE_INTERNAL_RECIPIENT) ? 'self' : role === ROLE_INTERNAL_SENDER ? 'out' : 'in',
    parent: { from: text(row, 'parent_from') as Address, to: optionalText(row, 'parent_to') as Address | null, value: big(row, 'parent_value') },
  };
}

/** One page of the internal transfers `address` sent or received, newest first (BadCursorError for a foreign cursor). */
export async function addressInternalTransfers(
  q: Queryable,
  address: Address,
  options: { limit: number; cursor?: string | null; filter?: ListFilter },
): Promise<InternalTransferPage> {
  if (hasFilter(options.filter)) {
    return filteredPage(q, { shape: FILTER_SHAPE, keys: KEYS, select: `a.role, ${COLUMNS}`, toItem }, address, options.filter, options);
  }
  const limit = clampLimit(options.limit);
  const params: unknown[] = [hexParam(address), limit + 1];
  const where = `a.address = decode($1, 'hex')${KEYS.olderThan('a', options.cursor, params)}`;
  const rows = await q.query(`SELECT a.role, ${COLUMNS} ${BY_ADDRESS} ${JOINS} WHERE ${where} ORDER BY ${KEYS.order('a')} LIMIT $2`, params);
  return KEYS.page(rows, limit, toItem);
}

/** Every internal transfer of `address` (that passes `filter`), newest first, a page at a time (for the CSV export). */
export async function* addressInternalTransferRows(q: Queryable, address: Address, filter?: ListFilter): AsyncGenerator<InternalTransferItem> {
  let cursor: string | null = null;
  do {
    const page: InternalTransferPage = await addressInternalTransfers(q, address, { limit: MAX_PAGE, cursor, filter });
    yield* page.items;
    cursor = page.next;
  } while (cursor);
}

/** Every internal transfer of one transaction (by hash), in the order they ran. */
export async function internalTransfersOfTx(q: Queryable, hash: Hash): Promise<InternalTransferItem[]> {
  const rows = await q.query(
    `SELECT ${COLUMNS} FROM transactions x
       JOIN internal_transfers t ON t.chain = x.chain AND t.block_number = x.block_number AND t.tx_index = x.tx_index
       JOIN blocks b ON b.chain = t.chain AND b.number = t.block_number
      WHERE x.hash = decode($1, 'hex') ORDER BY t.chain, t.block_number, t.tx_index, t.seq LIMIT 10000`,
    [hexParam(hash)],
  );
  return rows.map(toItem);
}

/** A slice by position of `address`'s internal transfers, for `txlistinternal` (page × offset, depth capped by the caller). */
export async function addressInternalTransferSlice(
  q: Queryable,
  address: Address,
  options: { offset: number; limit: number; ascending: boolean; startBlock?: bigint; endBlock?: bigint },
): Promise<InternalTransferItem[]> {
  const dir: 'ASC' | 'DESC' = options.ascending ? 'ASC' : 'DESC';
  const params: unknown[] = [hexParam(address), options.limit, options.offset];
  const where = `a.address = decode($1, 'hex')` + blockRangeFilter(params, 'a.block_number', options);
  const rows = await q.query(`SELECT a.role, ${COLUMNS} ${BY_ADDRESS} ${JOINS} WHERE ${where} ORDER BY ${KEYS.order('a', dir)} LIMIT $2 OFFSET $3`, params);
  return rows.map(toItem);
}
