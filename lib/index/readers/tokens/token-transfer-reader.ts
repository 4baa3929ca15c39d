/**
 * Token transfers from the index, newest first, a page at a time: an address's (through
 * address_token_transfers' primary key) or a token's (through token_transfers_by_token). Either
 * way the WHERE and ORDER BY follow the index backwards, so a page is one seek plus `limit` rows.
 *
 * Holders are summed from the transfers (received minus sent), which is what the index knows; the
 * token page checks the top ones against the node's balanceOf.
 */
import type { ChainName } from '@/lib/protocol/chains';
import type { TokenStandard } from '@/lib/decode/token-transfers';
import type { Address, Hash } from '@/lib/rpc/domain';
import type { Queryable, Row } from '../../drivers/db';
import { big, integer, IndexRowError, optionalText, placeOf, text } from '../paging/row-values';
import { blockRangeFilter, hexCol, hexParam } from '../../drivers/sql';
import { ROLE_TOKEN_RECIPIENT, ROLE_TOKEN_SENDER, STANDARD_CODE } from '../../derivations/tokens/token-transfers';
import { clampLimit, keyset, MAX_PAGE } from '../paging/keyset';
import { filteredPage, hasFilter, type ListFilter, type ListShape } from '../paging/list-filter';
import { transferCursor } from '../paging/transfer-cursor';

export interface TokenTransferItem {
  readonly chain: ChainName;
  readonly blockNumber: bigint;
  readonly blockHash: Hash;
  readonly timestamp: bigint;
  readonly txHash: Hash;
  readonly index: number;
  /** The log's position in its receipt, and the row's within an ERC-1155 batch. */
  readonly logIndex: number;
  readonly item: number;
  readonly standard: TokenStandard;
  readonly token: Address;
  readonly from: Address;
  readonly to: Address;
  readonly amount: bigint;
  readonly tokenId: bigint | null;
  /** Seen from the address asked for; null on a token's list. */
  readonly direction: 'out' | 'in' | 'self' | null;
  /** The token's facts as the index stored them (tokens table); null when it holds none yet. */
  readonly facts: StoredTokenFacts | null;
}

/** A tokens row: what the contract answered at `blockNumber`, the block of its first transfer. */
export interface StoredTokenFacts {
  readonly name: string | null;
  readonly symbol: string | null;
  readonly decimals: number | null;
  /** False when it answered none of name, symbol, decimals. */
  readonly answered: boolean;
  readonly blockNumber: bigint;
}

export interface TokenTransferPage {
  readonly items: readonly TokenTransferItem[];
  readonly next: string | null;
}

const STANDARDS: Readonly<Record<number, TokenStandard>> = { 20: 'ERC-20', 721: 'ERC-721', 1155: 'ERC-1155' };

const COLUMNS = `
  t.chain, t.block_number::text AS block_number, t.tx_index, t.log_index, t.item, t.standard, ${hexCol('t.token', 'token')},
  ${hexCol('t.sender', 'sender')}, ${hexCol('t.recipient', 'recipient')}, t.amount::text AS amount, t.token_id::text AS token_id,
  ${hexCol('x.hash', 'tx_hash')}, ${hexCol('b.hash', 'block_hash')}, b.timestamp::text AS timestamp,
  k.name AS token_name, k.symbol AS token_symbol, k.decimals AS token_decimals, k.answered AS token_answered,
  k.block_number::text AS token_block`;

const JOINS = `
  JOIN transactions x ON x.chain = t.chain AND x.block_number = t.block_number AND x.tx_index = t.tx_index
  JOIN blocks b ON b.chain = t.chain AND b.number = t.block_number
  LEFT JOIN tokens k ON k.chain = t.chain AND k.token = t.token`;

function factsOf(row: Row, prefix: string): StoredTokenFacts | null {
  if (row[`${prefix}block`] === null || row[`${prefix}block`] === undefined) return null;
  const answered = row[`${prefix}answered`];
  if (typeof answered !== 'boolean') throw new IndexRowError(`index row: ${prefix}answered is not a boolean`);
  return {
    name: optionalText(row, `${prefix}name`),
    symbol: optionalText(row, `${prefix}symbol`),
    decimals: row[`${prefix}decimals`] === null ? null : integer(row, `${prefix}decimals`),
    answered,
    blockNumber: big(row, `${prefix}block`),
  };
}

function toItem(row: Row): TokenTransferItem {
  const standard = STANDARDS[integer(row, 'standard')];
  if (!standard) throw new IndexRowError(`index row: standard ${String(row.standard)} is not a token standard`);
  const tokenId = optionalText(row, 'token_id');
  const role = row.role === undefined ? null : integer(row, 'role');
  return {
    ...placeOf(row),
    index: integer(row, 'tx_index'),
    logIndex: integer(row, 'log_index'),
    item: integer(row, 'item'),
    standard,
    token: text(row, 'token') as Address,
    from: text(row, 'sender') as Address,
    to: text(row, 'recipient') as Address,
    amount: big(row, 'amount'),
    tokenId: tokenId === null ? null : BigInt(tokenId),
    direction: role === null ? null : role === (ROLE_TOKEN_SENDER | ROLE_TOKEN_RECIPIENT) ? 'self' : role === ROLE_TOKEN_SENDER ? 'out' : 'in',
    facts: factsOf(row, 'token_'),
  };
}

/** An address's transfer rows (alias `a`, its role) joined to the transfers themselves (alias `t`). */
const BY_ADDRESS = `FROM address_token_transfers a
       JOIN token_transfers t ON t.chain = a.chain AND t.block_number = a.block_number AND t.tx_index = a.tx_index
                             AND t.log_index = a.log_index AND t.item = a.item`;

/** The transfer key's columns: newest first is the keyset order of every page. */
const KEYS = keyset(transferCursor, { index: 'tx_index', logIndex: 'log_index', item: 'item' });

/** What the filter tests on an address's transfer (../paging/list-filter.ts): the token is the transfer's, the method its transaction's. */
const FILTER_SHAPE: ListShape = {
  addressTable: 'address_token_transfers',
  joins: [
    { alias: 't', table: 'token_transfers', on: 't.chain = a.chain AND t.block_number = a.block_number AND t.tx_index = a.tx_index AND t.log_index = a.log_index AND t.item = a.item' },
    { alias: 'x', table: 'transactions', on: 'x.chain = t.chain AND x.block_number = t.block_number AND x.tx_index = t.tx_index' },
    { alias: 'b', table: 'blocks', on: 'b.chain = t.chain AND b.number = t.block_number' },
    { alias: 'k', table: 'tokens', on: 'k.chain = t.chain AND k.token = t.token', left: true },
  ],
  senderRole: ROLE_TOKEN_SENDER,
  recipientRoles: ROLE_TOKEN_RECIPIENT,
  method: 'x.method',
  token: (p) => `t.token = ${p}`,
  parties: ['t.sender', 't.recipient'],
};

/** One page of the transfers `address` sent or received, newest first (a BadCursorError for a foreign cursor). */
export async function addressTokenTransfers(
  q: Queryable,
  address: Address,
  options: { limit: number; cursor?: string | null; filter?: ListFilter },
): Promise<TokenTransferPage> {
  if (hasFilter(options.filter)) {
    return filteredPage(q, { shape: FILTER_SHAPE, keys: KEYS, select: `a.role, ${COLUMNS}`, toItem }, address, options.filter, options);
  }
  const limit = clampLimit(options.limit);
  const params: unknown[] = [hexParam(address), limit + 1];
  const rows = await q.query(
    `SELECT a.role, ${COLUMNS}
       ${BY_ADDRESS}
       ${JOINS}
      WHERE a.address = decode($1, 'hex')${KEYS.olderThan('a', options.cursor, params)}
      ORDER BY ${KEYS.order('a')} LIMIT $2`,
    params,
  );
  return KEYS.page(rows, limit, toItem);
}

/** Every transfer of `address` (that passes `filter`), newest first, a page at a time (for the CSV export). */
export async function* addressTokenTransferRows(q: Queryable, address: Address, filter?: ListFilter): AsyncGenerator<TokenTransferItem> {
  let cursor: string | null = null;
  do {
    const page: TokenTransferPage = await addressTokenTransfers(q, address, { limit: MAX_PAGE, cursor, filter });
    yield* page.items;
    cursor = page.next;
  } while (cursor);
}

/** One page of the transfers of `token` (the contract), newest first. */
export async function tokenTransfersOfToken(
  q: Queryable,
  token: Address,
  options: { limit: number; cursor?: string | null },
): Promise<TokenTransferPage> {
  const limit = clampLimit(options.limit);
  const params: unknown[] = [hexParam(token), limit + 1];
  const rows = await q.query(
    `SELECT ${COLUMNS} FROM token_transfers t ${JOINS}
      WHERE t.token = decode($1, 'hex')${KEYS.olderThan('t', options.cursor, params)}
      ORDER BY ${KEYS.order('t')} LIMIT $2`,
    params,
  );
  return KEYS.page(rows, limit, toItem);
}

/**
 * A slice by position of `address`'s transfers, for the Etherscan-compatible tokentx (page ×
 * offset; OFFSET costs the rows it skips, so its caller caps the depth as txlist's does).
 */
export async function addressTokenTransferSlice(
  q: Queryable,
  address: Address,
  options: { offset: number; limit: number; ascending: boolean; startBlock?: bigint; endBlock?: bigint; token?: Address; standard?: TokenStandard },
): Promise<TokenTransferItem[]> {
  const dir: 'ASC' | 'DESC' = options.ascending ? 'ASC' : 'DESC';
  const params: unknown[] = [hexParam(address), options.limit, options.offset];
  let where = `a.address = decode($1, 'hex')` + blockRangeFilter(params, 'a.block_number', options);
  if (options.token !== undefined) {
    params.push(hexParam(options.token));
    where += ` AND t.token = decode($${params.length}, 'hex')`;
  }
  if (options.standard !== undefined) {
    params.push(STANDARD_CODE[options.standard]);
    where += ` AND t.standard = $${params.length}`;
  }
  const rows = await q.query(
    `SELECT a.role, ${COLUMNS}
       ${BY_ADDRESS}
       ${JOINS}
      WHERE ${where}
      ORDER BY ${KEYS.order('a', dir)} LIMIT $2 OFFSET $3`,
    params,
  );
  return rows.map(toItem);
}

export interface Holder {
  readonly address: Address;
  /** Received minus sent, in the token's smallest unit (all ids together for ERC-721/1155). */
  readonly balance: bigint;
}

/** The `limit` largest holders of `token` by the index's sums; the zero address (mints, burns) left out. */
export async function tokenHolders(q: Queryable, token: Address, limit: number): Promise<Holder[]> {
  const rows = await q.query(
    `SELECT ${hexCol('address', 'address')}, sum(delta)::text AS balance FROM (
        SELECT recipient AS address, amount AS delta FROM token_transfers WHERE token = decode($1, 'hex')
        UNION ALL
        SELECT sender AS address, -amount AS delta FROM token_transfers WHERE token = decode($1, 'hex')
      ) moves
      WHERE address <> decode($3, 'hex')
      GROUP BY address HAVING sum(delta) > 0
      ORDER BY sum(delta) DESC, address LIMIT $2`,
    [hexParam(token), clampLimit(limit), '00'.repeat(20)],
  );
  return rows.map((row) => ({ address: text(row, 'address') as Address, balance: big(row, 'balance') }));
}

/** The stored facts of `token` on `chain` (null when the index has not met it in a transfer). */
export async function storedTokenFacts(q: Queryable, chain: ChainName, token: Address): Promise<StoredTokenFacts | null> {
  const [row] = await q.query(
    `SELECT name AS token_name, symbol AS token_symbol, decimals AS token_decimals, answered AS token_answered,
            block_number::text AS token_block
       FROM tokens WHERE chain = $1 AND token = decode($2, 'hex')`,
    [chain, hexParam(token)],
  );
  return row ? factsOf(row, 'token_') : null;
}
