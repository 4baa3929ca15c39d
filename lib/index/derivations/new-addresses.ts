/**
 * The new-addresses derivation (migration 23): the block each address first appeared in per zone
 * (as a sender, recipient or created contract: the history's parties, addressRoles) in
 * address_first_seen, and how many appeared per hour in hourly_new_addresses (the charts' and
 * Etherscan's dailynewaddress).
 *
 * A write inserts the window's addresses not seen before (`ON CONFLICT DO NOTHING … RETURNING`:
 * exactly the new ones) and adds them to their hours; blocks are written in order, so a rollback
 * above N deletes the addresses first seen above N and subtracts them. Migration 23 filled both
 * tables from the history the index held, so nothing is re-read for it (`rereads: false`): a
 * re-read would write old blocks after newer ones and find their addresses already seen.
 */
import { RETURNS_NO_ROWS } from '../drivers/db';
import { columns, hexParam, text } from '../drivers/sql';
import type { BlockDerivation } from '../engine/derivation';
import { addressRoles } from '../engine/indexed-block';

const ADD = `
  WITH added AS (
    INSERT INTO address_first_seen (chain, address, block_number, hour)
    SELECT $1, decode(address, 'hex'), block_number::bigint, hour::integer
      FROM unnest($2::text[], $3::text[], $4::text[]) AS u(address, block_number, hour)
    ON CONFLICT (chain, address) DO NOTHING
    RETURNING hour)
  INSERT INTO hourly_new_addresses AS h (chain, hour, addresses)
  SELECT $1, hour, count(*) FROM added GROUP BY hour
  ON CONFLICT (chain, hour) DO UPDATE SET addresses = h.addresses + EXCLUDED.addresses`;

const REMOVE = `
  WITH gone AS (DELETE FROM address_first_seen WHERE chain = $1 AND block_number > $2 RETURNING hour)
  UPDATE hourly_new_addresses h SET addresses = h.addresses - c.n
    FROM (SELECT hour, count(*) AS n FROM gone GROUP BY hour) c
   WHERE h.chain = $1 AND h.hour = c.hour`;

export const newAddressesDerivation: BlockDerivation = {
  name: 'new-addresses',
  since: 23,
  rereads: false,
  tables: [{ name: 'address_first_seen', rows: 'totals' }, { name: 'hourly_new_addresses', rows: 'totals' }],

  async write(tx, blocks) {
    const first = blocks[0];
    if (!first) return;
    // The first block of the window each address appears in (blocks come in order).
    const seen = new Map<string, [string | null, string | null, string | null]>();
    for (const b of blocks) {
      for (const t of b.transactions) {
        for (const address of addressRoles(t).keys()) {
          if (!seen.has(address)) seen.set(address, [hexParam(address), text(b.number), text(b.timestamp / 3600n)]);
        }
      }
    }
    if (seen.size === 0) return;
    await tx.query(RETURNS_NO_ROWS + ADD, [first.chain, ...columns([...seen.values()], 3)]);
  },

  async rollback(tx, chain, number) {
    await tx.query(REMOVE, [chain, number]);
    await tx.query('DELETE FROM hourly_new_addresses WHERE chain = $1 AND addresses = 0', [chain]);
  },
};
