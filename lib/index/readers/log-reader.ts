/**
 * Logs of one zone from the logs table (migration 14), in block and log order: a block range,
 * optionally one emitter, and topic conditions joined left to right with `and`/`or` (Etherscan's
 * getLogs: topic0_1_opr and the like). Each with its block's hash and time and its transaction's
 * hash, gas price and gas used.
 */
import type { ChainName } from '@/lib/protocol/chains';
import type { Address, Hash, Hex } from '@/lib/rpc/domain';
import type { Queryable } from '../drivers/db';
import { hexCol, hexParam } from '../drivers/sql';
import { big, integer, optionalBig, optionalText, text } from './paging/row-values';

export interface LogItem {
  readonly address: Address;
  readonly topics: readonly Hash[];
  readonly data: Hex;
  readonly blockNumber: bigint;
  readonly blockHash: Hash;
  readonly timestamp: bigint;
  readonly logIndex: number;
  readonly transactionHash: Hash;
  readonly transactionIndex: number;
  readonly gasPrice: bigint | null;
  readonly gasUsed: bigint | null;
}

export interface LogQuery {
  readonly chain: ChainName;
  readonly fromBlock: bigint;
  readonly toBlock: bigint;
  readonly address?: Address;
  /** Present topics by position (0–3), in order; `joins[i]` joins topics[i] to the condition before it. */
  readonly topics: readonly { readonly position: number; readonly value: Hash }[];
  readonly joins: readonly ('and' | 'or')[];
  readonly offset: number;
  readonly limit: number;
}

export async function logsOf(q: Queryable, query: LogQuery): Promise<LogItem[]> {
  const params: unknown[] = [query.chain, query.fromBlock, query.toBlock, query.limit, query.offset];
  let where = 'l.chain = $1 AND l.block_number >= $2 AND l.block_number <= $3';
  if (query.address !== undefined) {
    params.push(hexParam(query.address));
    where += ` AND l.address = decode($${params.length}, 'hex')`;
  }
  let topics = '';
  query.topics.forEach((t, i) => {
    params.push(hexParam(t.value));
    const condition = `l.topic${t.position} = decode($${params.length}, 'hex')`;
    topics = i === 0 ? condition : `(${topics} ${query.joins[i] === 'or' ? 'OR' : 'AND'} ${condition})`;
  });
  if (topics !== '') where += ` AND ${topics}`;
  const rows = await q.query(
    `SELECT ${hexCol('l.address', 'address')}, ${hexCol('l.topic0', 'topic0')}, ${hexCol('l.topic1', 'topic1')}, ${hexCol('l.topic2', 'topic2')},
            ${hexCol('l.topic3', 'topic3')}, ${hexCol('l.data', 'data')}, l.block_number::text AS block_number, ${hexCol('b.hash', 'block_hash')},
            b.timestamp::text AS timestamp, l.log_index, l.tx_index, ${hexCol('t.hash', 'tx_hash')}, t.gas_price::text AS gas_price,
            t.gas_used::text AS gas_used
       FROM logs l
       JOIN blocks b ON b.chain = l.chain AND b.number = l.block_number
       JOIN transactions t ON t.chain = l.chain AND t.block_number = l.block_number AND t.tx_index = l.tx_index
      WHERE ${where}
      ORDER BY l.block_number, l.log_index LIMIT $4 OFFSET $5`,
    params,
  );
  return rows.map((row) => ({
    address: text(row, 'address') as Address,
    topics: ['topic0', 'topic1', 'topic2', 'topic3'].map((k) => optionalText(row, k)).filter((t): t is string => t !== null) as Hash[],
    data: text(row, 'data') as Hex,
    blockNumber: big(row, 'block_number'),
    blockHash: text(row, 'block_hash') as Hash,
    timestamp: big(row, 'timestamp'),
    logIndex: integer(row, 'log_index'),
    transactionHash: text(row, 'tx_hash') as Hash,
    transactionIndex: integer(row, 'tx_index'),
    gasPrice: optionalBig(row, 'gas_price'),
    gasUsed: optionalBig(row, 'gas_used'),
  }));
}
