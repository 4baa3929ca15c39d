/**
 * Migrations 15 and 16 on PGlite and a real PostgreSQL: an index that kept each block's miner in
 * mined_blocks (migration 14) ends with it in the block's own row, the uncles alone left in
 * mined_blocks, and getminedblocks' reader answering as before for blocks and uncles.
 */
import { afterAll, describe, expect, it } from 'vitest';
import type { Address } from '@/lib/rpc/domain';
import { minedBlocksOf } from '../readers/mined-block-reader';
import { migrate } from '../testing/engine-with-derivations';
import { testDrivers } from '../testing/test-drivers';
import { MIGRATIONS } from './index';

const MINER = '0x1a000000000000000000000000000000000000aa' as Address;
const OTHER = '0x1a000000000000000000000000000000000000bb' as Address;
const hex = (a: Address): string => a.slice(2);

describe.each(testDrivers())('the miner moved into blocks on $name', (driver) => {
  afterAll(() => driver.cleanup());

  it('behavior: blocks keep their miner, mined_blocks its uncles, and getminedblocks reads both as before', async () => {
    const db = await driver.open();
    try {
      await migrate(db, MIGRATIONS.filter((m) => m.id <= 14));
      // Blocks 1-3 of cyprus1 and block 2 of cyprus2, as migration 14's writer stored them; block 3
      // includes an uncle of MINER's.
      const blocks: Array<[string, number, Address]> = [['cyprus1', 1, MINER], ['cyprus1', 2, OTHER], ['cyprus1', 3, MINER], ['cyprus2', 2, MINER]];
      for (const [chain, number, miner] of blocks) {
        await db.query(
          `INSERT INTO blocks (chain, number, hash, parent_hash, number_prime, number_region, timestamp, tx_count)
           VALUES ($1, $2, decode(lpad(to_hex($2::bigint), 64, '0'), 'hex'), '\\x00', 0, 0, 1700000000 + $2::bigint, 0)`,
          [chain, number],
        );
        await db.query(`INSERT INTO mined_blocks (chain, block_number, uncle, miner) VALUES ($1, $2, -1, decode($3, 'hex'))`, [chain, number, hex(miner)]);
      }
      await db.query(`INSERT INTO mined_blocks (chain, block_number, uncle, miner) VALUES ('cyprus1', 3, 0, decode($1, 'hex'))`, [hex(MINER)]);

      expect(await migrate(db, MIGRATIONS.filter((m) => m.id <= 16))).toEqual([15, 16]);
      const stored = await db.query(`SELECT chain, number::text AS number, encode(miner, 'hex') AS miner FROM blocks ORDER BY chain, number`);
      expect(stored).toEqual(blocks.map(([chain, number, miner]) => ({ chain, number: String(number), miner: hex(miner) })));
      expect(await db.query(`SELECT chain, block_number::text AS block_number, uncle FROM mined_blocks`)).toEqual([
        { chain: 'cyprus1', block_number: '3', uncle: 0 },
      ]);

      const mined = await minedBlocksOf(db, MINER, { uncles: false, offset: 0, limit: 10 });
      // Newest first, then by chain: block 3 of cyprus1, block 2 of cyprus2, block 1 of cyprus1.
      expect(mined.map((m) => `${m.chain} ${m.blockNumber} ${m.uncle}`)).toEqual(['cyprus1 3 null', 'cyprus2 2 null', 'cyprus1 1 null']);
      const uncles = await minedBlocksOf(db, MINER, { uncles: true, offset: 0, limit: 10 });
      expect(uncles).toEqual([{ chain: 'cyprus1', blockNumber: 3n, timestamp: 1_700_000_003n, uncle: 0 }]);
    } finally {
      await db.close();
    }
  });
});
