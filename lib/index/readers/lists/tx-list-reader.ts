/**
 * A zone's mined transactions, newest first, a page at a time, optionally filtered by status,
 * kind and method selector. Each filter is served by an index in the list's own order (the
 * primary key, or one of migration 21's partial indexes: failed, ETXs by type, contract creations,
 * by method), so a filtered page is one seek plus its rows as an unfiltered one is; the filters
 * that keep most rows (success, plain transfers and calls) read the primary key and skip the few
 * others. Several selectors (a method name several signatures share) are one ordered read each,
 * merged.
 */
import type { ChainName } from '@/lib/protocol/chains';
import type { Address, Hash, Hex } from '@/lib/rpc/domain';
import type { Queryable, Row } from '../../drivers/db';
import { hexCol, hexParam } from '../../drivers/sql';
import type { HistoryKind } from '../history-reader';
import { clampLimit } from '../paging/keyset';
import { big, chainName, integer, optionalBig, optionalText, text } from '../paging/row-values';
import type { ListPage } from './block-list-reader';
import { listCursor } from './list-cursor';

export interface ListedTx {
  readonly hash: Hash;
  readonly chain: ChainName;
  readonly blockNumber: bigint;
  readonly index: number;
  readonly timestamp: bigint;
  /** The Quai transaction type: 0 internal, 1 external (an ETX received), 2 internal-to-external (an ETX sent). */
  readonly type: 0 | 1 | 2;
  readonly kind: HistoryKind;
  /** The originating account (an ETX's sender). */
  readonly from: Address;
  readonly to: Address | null;
  readonly contractAddress: Address | null;
  readonly value: bigint;
  readonly nonce: bigint;
  readonly gasUsed: bigint | null;
  readonly gasPrice: bigint | null;
  readonly status: 'success' | 'reverted' | null;
  /** The input's first four bytes, null when shorter. */
  readonly method: Hex | null;
  /** An ETX's other zone. */
  readonly otherChain: ChainName | null;
}

export interface TxFilters {
  readonly status?: 'success' | 'failed';
  readonly kind?: HistoryKind;
  /** Method selectors (0x and 8 hex digits); a transaction matches any of them. */
  readonly methods?: readonly Hex[];
}

export const txCursor = listCursor('x1', { block: 'int', index: 'int' });

/** Each filter as a condition on alias `t`; written so the partial indexes' predicates follow from them. */
function conditions(filters: TxFilters): string[] {
  const out: string[] = [];
  if (filters.status === 'failed') out.push('t.status = 0');
  if (filters.status === 'success') out.push('t.status = 1');
  switch (filters.kind) {
    case 'etx-sent':
      out.push('t.type = 2');
      break;
    case 'etx-received':
      out.push('t.type = 1');
      break;
    case 'contract-creation':
      out.push('t.contract_address IS NOT NULL');
      break;
    case 'internal':
      out.push('t.type = 0', 't.recipient IS NOT NULL');
      break;
    default:
      break;
  }
  return out;
}

const COLUMNS = `t.chain, t.block_number, t.tx_index, t.hash, t.type, t.sender, t.recipient, t.contract_address, t.value, t.nonce,
                 t.gas_used, t.gas_price, t.status, t.method, t.other_chain`;

/** As the history names them (history-reader.ts): a type 0 without a recipient creates a contract. */
function kindOf(type: number, to: string | null): HistoryKind {
  if (type === 2) return 'etx-sent';
  if (type === 1) return 'etx-received';
  return to === null ? 'contract-creation' : 'internal';
}

function toItem(row: Row): ListedTx {
  const type = integer(row, 'type');
  const to = optionalText(row, 'recipient');
  return {
    hash: text(row, 'hash') as Hash,
    chain: chainName(text(row, 'chain'), 'chain') as ChainName,
    blockNumber: big(row, 'block_number'),
    index: integer(row, 'tx_index'),
    timestamp: big(row, 'timestamp'),
    type: (type === 1 || type === 2 ? type : 0) as 0 | 1 | 2,
    kind: kindOf(type, to),
    from: text(row, 'sender') as Address,
    to: to as Address | null,
    contractAddress: optionalText(row, 'contract_address') as Address | null,
    value: big(row, 'value'),
    nonce: big(row, 'nonce'),
    gasUsed: optionalBig(row, 'gas_used'),
    gasPrice: optionalBig(row, 'gas_price'),
    status: row.status === null ? null : integer(row, 'status') === 1 ? 'success' : 'reverted',
    method: optionalText(row, 'method') as Hex | null,
    otherChain: chainName(optionalText(row, 'other_chain'), 'other_chain'),
  };
}

/** One page of `zone`'s transactions matching `filters`, newest first. */
export async function txsPage(
  q: Queryable,
  zone: ChainName,
  filters: TxFilters,
  options: { limit: number; cursor?: string | null },
): Promise<ListPage<ListedTx>> {
  const limit = clampLimit(options.limit);
  const params: unknown[] = [zone, limit + 1];
  const where = ['t.chain = $1', ...conditions(filters)];
  if (options.cursor) {
    const after = txCursor.decode(options.cursor);
    params.push(after.block, after.index);
    where.push('(t.block_number, t.tx_index) < ($3, $4)');
  }
  const ordered = 'ORDER BY t.block_number DESC, t.tx_index DESC LIMIT $2';
  const methods = filters.methods ?? [];
  let source: string;
  if (methods.length === 0) {
    source = `SELECT ${COLUMNS} FROM transactions t WHERE ${where.join(' AND ')} ${ordered}`;
  } else {
    // One read of the by-method index per selector, each already in order, merged.
    const branches = methods.map((selector) => {
      params.push(hexParam(selector));
      return `(SELECT ${COLUMNS} FROM transactions t WHERE ${[...where, `t.method = decode($${params.length}, 'hex')`].join(' AND ')} ${ordered})`;
    });
    source = `SELECT * FROM (${branches.join(' UNION ALL ')}) m ORDER BY m.block_number DESC, m.tx_index DESC LIMIT $2`;
  }
  const rows = await q.query(
    `SELECT s.chain, s.block_number::text AS block_number, s.tx_index, ${hexCol('s.hash', 'hash')}, s.type, ${hexCol('s.sender', 'sender')},
            ${hexCol('s.recipient', 'recipient')}, ${hexCol('s.contract_address', 'contract_address')}, s.value::text AS value,
            s.nonce::text AS nonce, s.gas_used::text AS gas_used, s.gas_price::text AS gas_price, s.status, ${hexCol('s.method', 'method')},
            s.other_chain, b.timestamp::text AS timestamp
       FROM (${source}) s JOIN blocks b ON b.chain = s.chain AND b.number = s.block_number
      ORDER BY s.block_number DESC, s.tx_index DESC`,
    params,
  );
  const items = rows.slice(0, limit).map(toItem);
  const last = items[items.length - 1];
  return { items, next: rows.length > limit && last ? txCursor.encode({ block: last.blockNumber, index: BigInt(last.index) }) : null };
}
