/**
 * The pages' index reads use their index, on PGlite and on PostgreSQL: each reader's own SQL
 * (caught as it is sent) explained in a transaction where sequential scans and sorts cost the
 * planner so much that it picks an index path wherever one exists. A plan that still scans a
 * table or sorts the rows (for a read that pages by the index's order) means no index serves it.
 * The plans are printed (docs/performance.md quotes them).
 *
 * Tables are empty: the question is which paths exist, not what the planner picks for a given
 * size (with few rows it rightly prefers a scan).
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Db, Queryable, Row } from '../drivers/db';
import { migrate } from '../migrations/migrate';
import { MIGRATIONS } from '../migrations/index';
import { testDrivers } from '../testing/test-drivers';
import { historyPage, historySlice } from './history-reader';
import { tokenTransfersOfToken } from './token-transfer-reader';
import { tokenHoldersAt } from './token-holdings-reader';
import { minedBlocksOf } from './mined-block-reader';
import { encodeCursor } from './page-cursor';

const ADDRESS = '0x1a00000000000000000000000000000000000001';
const TOKEN = '0x1a00000000000000000000000000000000000002';

/** Runs `read` against a Queryable that explains each statement instead of running it. */
async function plansOf(db: Db, read: (q: Queryable) => Promise<unknown>): Promise<string[]> {
  const plans: string[] = [];
  await db.transaction(async (tx) => {
    await tx.query('SET LOCAL enable_seqscan = off');
    await tx.query('SET LOCAL enable_sort = off');
    const explaining: Queryable = {
      async query(sql, params): Promise<readonly Row[]> {
        const rows = await tx.query(`EXPLAIN ${sql}`, params);
        plans.push(rows.map((r) => String(r['QUERY PLAN'])).join('\n'));
        return [];
      },
    };
    await read(explaining);
  });
  return plans;
}

for (const driver of testDrivers()) {
  describe(`query plans on ${driver.name}`, () => {
    let db: Db | undefined;
    // Opened once for the file, outside any one test's time: starting PGlite (PostgreSQL in
    // WebAssembly) and migrating takes up to a minute or more on a loaded machine.
    beforeAll(async () => {
      db = await driver.open();
      await migrate(db, MIGRATIONS, []);
    }, 180_000);
    const open = async () => {
      if (!db) throw new Error('the index did not open');
      return db;
    };
    afterAll(async () => {
      await db?.close();
      await driver.cleanup();
    });

    const paged: Array<[string, (q: Queryable) => Promise<unknown>]> = [
      ['history page (the History tab, /api/v1/address/<a>/transactions)', (q) => historyPage(q, ADDRESS, { limit: 25 })],
      ['history page after a cursor', (q) => historyPage(q, ADDRESS, { limit: 25, cursor: encodeCursor({ blockNumber: 123n, index: 4, chain: 'cyprus1' }) })],
      ['txlist slice, newest first', (q) => historySlice(q, ADDRESS, { offset: 0, limit: 100, ascending: false })],
      ['txlist slice, oldest first', (q) => historySlice(q, ADDRESS, { offset: 0, limit: 100, ascending: true })],
      ['a token’s transfers (the token page)', (q) => tokenTransfersOfToken(q, TOKEN, { limit: 25 })],
      ['blocks an address mined (getminedblocks)', (q) => minedBlocksOf(q, ADDRESS, { uncles: false, offset: 0, limit: 100 })],
    ];
    for (const [what, read] of paged) {
      test(`${what}: an index scan in the page's order, no table scan, no sort`, async () => {
        const plans = await plansOf(await open(), read);
        console.log(`${driver.name}: ${what}\n${plans.join('\n---\n')}`);
        expect(plans.length).toBeGreaterThan(0);
        for (const plan of plans) {
          expect(plan).not.toMatch(/Seq Scan on (address_transactions|token_transfers|blocks)/);
          expect(plan).not.toMatch(/\bSort\b/);
          expect(plan).toMatch(/Index (Only )?Scan/);
        }
      });
    }

    test('a token’s holders: the token index, no table scan (the sum itself grows with the token’s transfers)', async () => {
      const plans = await plansOf(await open(), (q) => tokenHoldersAt(q, TOKEN, 'cyprus1', 100n, 25));
      console.log(`${driver.name}: token holders\n${plans.join('\n---\n')}`);
      for (const plan of plans) {
        expect(plan).not.toMatch(/Seq Scan on token_transfers/);
        expect(plan).toMatch(/token_transfers_by_token/);
      }
    });
  });
}
