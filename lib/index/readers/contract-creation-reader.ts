/** Contract creations by address (derivations/contract-creations.ts): one row per contract a transaction created. */
import type { Address, Hex } from 'viem';
import type { ChainName } from '@/lib/protocol/chains';
import type { Queryable } from '../drivers/db';
import { hexCol, hexParam } from '../drivers/sql';
import { big, chainName, integer, IndexRowError, text } from './paging/row-values';

export interface CreationRow {
  readonly address: Address;
  readonly chain: ChainName;
  readonly blockNumber: bigint;
  readonly txIndex: number;
  readonly creator: Address;
  readonly txHash: Hex;
}

const HEX = /^0x[0-9a-f]*$/;
function hex<T extends `0x${string}`>(value: string, key: string): T {
  if (!HEX.test(value)) throw new IndexRowError(`index row: ${key} is not hex`);
  return value as T;
}

/** The creations of these addresses that the index holds (any order; an address absent was not created by a transaction, or not indexed yet). */
export async function contractCreations(db: Queryable, addresses: readonly Address[]): Promise<CreationRow[]> {
  if (addresses.length === 0) return [];
  const rows = await db.query(
    `SELECT chain, block_number::text AS block_number, tx_index, ${hexCol('address', 'address')}, ${hexCol('creator', 'creator')}, ${hexCol('tx_hash', 'tx_hash')}
       FROM contract_creations WHERE address IN (SELECT decode(a, 'hex') FROM unnest($1::text[]) AS u(a))`,
    [addresses.map((a) => hexParam(a))],
  );
  return rows.map((r) => ({
    address: hex<Address>(text(r, 'address'), 'address'),
    chain: chainName(text(r, 'chain'), 'chain') as ChainName,
    blockNumber: big(r, 'block_number'),
    txIndex: integer(r, 'tx_index'),
    creator: hex<Address>(text(r, 'creator'), 'creator'),
    txHash: hex<Hex>(text(r, 'tx_hash'), 'tx_hash'),
  }));
}
