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
import { tokenTransfersOfToken } from './tokens/token-transfer-reader';
import { tokenHoldersAt } from './tokens/token-holdings-reader';
import { minedBlocksOf } from './mined-block-reader';
import { encodeCursor } from './paging/page-cursor';
import { byHash, contractsByName, tokensByName } from './search-reader';
import { senderTransactionsByNonce } from './nonce-reader';
import { blockBoundsOf } from './paging/time-bounds';
import { blocksPage, reorgsPage, unclesPage } from './lists/block-list-reader';
import { txsPage } from './lists/tx-list-reader';
import { tokensPage } from './lists/token-list-reader';
import { contractsPage } from './lists/contract-list-reader';

const b64 = (text: string) => Buffer.from(text).toString('base64url');

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
      ['a zone’s blocks (/blocks)', (q) => blocksPage(q, 'cyprus1', { limit: 25, cursor: b64('b1:500') })],
      ['a region’s blocks', (q) => blocksPage(q, 'cyprus', { limit: 25, cursor: b64('b1:500') })],
      ['prime’s blocks', (q) => blocksPage(q, 'prime', { limit: 25, cursor: b64('b1:500') })],
      ['a zone’s uncles', (q) => unclesPage(q, 'cyprus1', { limit: 25, cursor: b64('u1:500:0') })],
      ['a zone’s transactions (/txs)', (q) => txsPage(q, 'cyprus1', {}, { limit: 25, cursor: b64('x1:500:3') })],
      ['failed transactions', (q) => txsPage(q, 'cyprus1', { status: 'failed' }, { limit: 25, cursor: b64('x1:500:3') })],
      ['ETXs sent', (q) => txsPage(q, 'cyprus1', { kind: 'etx-sent' }, { limit: 25, cursor: b64('x1:500:3') })],
      ['contract creations', (q) => txsPage(q, 'cyprus1', { kind: 'contract-creation' }, { limit: 25, cursor: b64('x1:500:3') })],
      ['transactions of a method', (q) => txsPage(q, 'cyprus1', { methods: ['0xa9059cbb'] }, { limit: 25, cursor: b64('x1:500:3') })],
      ['tokens by holders (/tokens)', (q) => tokensPage(q, {}, 'holders', { limit: 25, cursor: b64(`kh:7:cyprus1:${TOKEN}`), now: 1_700_000_000n })],
      ['tokens by transfers', (q) => tokensPage(q, {}, 'transfers', { limit: 25, cursor: b64(`kt:7:cyprus1:${TOKEN}`), now: 1_700_000_000n })],
      ['verified contracts (/contracts)', (q) => contractsPage(q, {}, { limit: 25, cursor: b64(`v1:1700000000000000:${TOKEN}`) })],
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

    const filtered: Array<[string, (q: Queryable) => Promise<unknown>]> = [
      ['transactions of a method name two selectors share', (q) => txsPage(q, 'cyprus1', { methods: ['0xa9059cbb', '0x23b872dd'] }, { limit: 25 })],
      ['tokens by a name or symbol prefix', (q) => tokensPage(q, { q: 'dev' }, 'holders', { limit: 25, now: 1_700_000_000n })],
      ['verified contracts by a name prefix', (q) => contractsPage(q, { q: 'dev' }, { limit: 25 })],
      ['a chain’s reorgs', (q) => reorgsPage(q, 'cyprus1', { limit: 25 })],
    ];
    for (const [what, read] of filtered) {
      test(`${what}: read through indexes, no table scan (what the filter keeps is sorted)`, async () => {
        const plans = await plansOf(await open(), read);
        console.log(`${driver.name}: ${what}\n${plans.join('\n---\n')}`);
        for (const plan of plans) {
          expect(plan).not.toMatch(/Seq Scan on (transactions|tokens|token_stats|verified_contracts|blocks)/);
          expect(plan).toMatch(/Index (Only )?Scan|Bitmap Index Scan/);
        }
      });
    }

    const indexed: Array<[string, RegExp, (q: Queryable) => Promise<unknown>]> = [
      ['tokens by name (prefix, then anywhere)', /tokens_(symbol_prefix|name_prefix|names_trgm)/, (q) => tokensByName(q, 'devtok')],
      ['verified contracts by name', /verified_contracts_(by_name|name_trgm)/, (q) => contractsByName(q, 'vault')],
      ['verified contracts by a 2-character prefix (the list’s name key)', /verified_contracts_by_name/, (q) => contractsByName(q, 'va')],
      ['a hash as a block or a transaction', /blocks_by_hash|transactions_by_hash/, (q) => byHash(q, `0x${'ab'.repeat(32)}`)],
      ['a sender’s transactions by nonce', /transactions_by_sender_nonce/, (q) => senderTransactionsByNonce(q, ADDRESS, [4n, 6n])],
      ['a date range’s blocks', /blocks_by_time/, (q) => blockBoundsOf(q, { from: 1_700_000_000n, to: 1_700_086_400n })],
      ['a filtered history page: the address’s key, then one lookup per row', /address_transactions_pkey/, (q) => historyPage(q, ADDRESS, { limit: 25, filter: { direction: 'out', lo: 10n, hi: 99n } })],
    ];
    for (const [what, index, read] of indexed) {
      test(`${what}: its index, no table scan`, async () => {
        const plans = await plansOf(await open(), read);
        console.log(`${driver.name}: ${what}\n${plans.join('\n---\n')}`);
        expect(plans.length).toBeGreaterThan(0);
        for (const plan of plans) expect(plan).not.toMatch(/Seq Scan on (tokens|verified_contracts|blocks|transactions|address_transactions)\b/);
        expect(plans.join('\n')).toMatch(index);
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
