/**
 * ETX journeys from the index: the origin (zone, emitting transaction, block) from etx_origins and
 * the destination (zone block that included it) from the type 1 transaction of the same hash.
 */
import type { ChainName } from '@/lib/protocol/chains';
import type { Hash } from '@/lib/rpc/domain';
import type { Queryable, Row } from '../drivers/db';
import { big, chainName, optionalText, text } from './paging/row-values';
import { hexCol, hexParam } from '../drivers/sql';

export interface EtxJourney {
  readonly hash: Hash;
  readonly status: 'pending' | 'delivered';
  readonly origin: {
    readonly chain: ChainName;
    readonly txHash: Hash;
    readonly blockNumber: bigint;
    readonly blockHash: Hash;
    readonly timestamp: bigint;
    /** The origin block's [Prime, Region, Zone] numbers, as its header carried them. */
    readonly numbers: readonly [bigint, bigint, bigint];
  };
  readonly destination: {
    readonly chain: ChainName;
    readonly blockNumber: bigint;
    readonly blockHash: Hash;
    readonly timestamp: bigint;
    /** The destination block's [Prime, Region, Zone] numbers. */
    readonly numbers: readonly [bigint, bigint, bigint];
  } | null;
  /** Seconds from the origin block to the destination block; null while pending. */
  readonly seconds: bigint | null;
}

const SELECT = `
  SELECT ${hexCol('o.hash', 'hash')}, o.chain, o.destination, o.block_number::text AS block_number, ${hexCol('x.hash', 'tx_hash')},
         ${hexCol('b.hash', 'block_hash')}, b.timestamp::text AS timestamp,
         b.number_prime::text AS number_prime, b.number_region::text AS number_region,
         d.chain AS d_chain, d.block_number::text AS d_number, ${hexCol('db.hash', 'd_block_hash')}, db.timestamp::text AS d_timestamp,
         db.number_prime::text AS d_number_prime, db.number_region::text AS d_number_region
    FROM etx_origins o
    JOIN transactions x ON x.chain = o.chain AND x.block_number = o.block_number AND x.tx_index = o.tx_index
    JOIN blocks b ON b.chain = o.chain AND b.number = o.block_number
    LEFT JOIN transactions d ON d.hash = o.hash AND d.type = 1 AND d.chain = o.destination
    LEFT JOIN blocks db ON db.chain = d.chain AND db.number = d.block_number`;

function toJourney(row: Row): EtxJourney {
  const origin = {
    chain: chainName(text(row, 'chain'), 'chain') as ChainName,
    txHash: text(row, 'tx_hash') as Hash,
    blockNumber: big(row, 'block_number'),
    blockHash: text(row, 'block_hash') as Hash,
    timestamp: big(row, 'timestamp'),
    numbers: [big(row, 'number_prime'), big(row, 'number_region'), big(row, 'block_number')] as const,
  };
  const arrived = optionalText(row, 'd_chain');
  const destination = arrived === null ? null : {
    chain: chainName(arrived, 'd_chain') as ChainName,
    blockNumber: big(row, 'd_number'),
    blockHash: text(row, 'd_block_hash') as Hash,
    timestamp: big(row, 'd_timestamp'),
    numbers: [big(row, 'd_number_prime'), big(row, 'd_number_region'), big(row, 'd_number')] as const,
  };
  return {
    hash: text(row, 'hash') as Hash,
    status: destination ? 'delivered' : 'pending',
    origin,
    destination,
    seconds: destination ? destination.timestamp - origin.timestamp : null,
  };
}

/** The journey of the ETX `hash`, or null when the index holds no origin for it. */
export async function etxJourney(q: Queryable, hash: Hash): Promise<EtxJourney | null> {
  const [row] = await q.query(`${SELECT} WHERE o.hash = decode($1, 'hex') LIMIT 1`, [hexParam(hash)]);
  return row ? toJourney(row) : null;
}

/** The journeys of the ETXs the transaction `txHash` emitted, in emission order. */
export async function etxJourneysOfTx(q: Queryable, txHash: Hash): Promise<EtxJourney[]> {
  const rows = await q.query(`${SELECT} WHERE x.hash = decode($1, 'hex') ORDER BY o.etx_index`, [hexParam(txHash)]);
  return rows.map(toJourney);
}
