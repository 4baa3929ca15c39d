/**
 * Daily counts and the ETX flow on PGlite and a real PostgreSQL, with hand-built blocks: totals
 * per UTC day, a rollback that undoes exactly what the dropped blocks added (the tables then equal
 * an index that never saw them), a window written in one commit equal to blocks one by one, and
 * migration 5's backfill from the rows an older index already holds.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChainName } from '@/lib/protocol/chains';
import type { Address, Hash } from '@/lib/rpc/domain';
import { commitBlock, commitBlocks, rollbackTo, migrate } from '../testing/engine-with-derivations';
import type { Db, Queryable } from '../drivers/db';
import type { IndexedBlock, IndexedTx } from '../engine/indexed-block';
import { dailyCounts, etxFlow } from '../readers/stats-reader';
import { dumpIndex, recomputedDailyStats, recomputedEtxFlow } from '../testing/index-test-support';
import { testDrivers } from '../testing/test-drivers';

const hash = (n: number, salt = 0): Hash => `0x${(n * 1000 + salt).toString(16).padStart(64, '0')}` as Hash;
const ALICE = '0x0a00000000000000000000000000000000000001' as Address;
const BOB = '0x0a00000000000000000000000000000000000002' as Address;
const CAROL = '0x1a00000000000000000000000000000000000004' as Address;
const DAY = 86_400n;
const D0 = 20_000n * DAY; // 2024-10-04 00:00 UTC

function tx(index: number, overrides: Partial<IndexedTx>): IndexedTx {
  return {
    index, hash: hash(index + 1, 7), type: 0, from: ALICE, to: BOB, contractAddress: null, value: 1n, nonce: 0n, gas: 21_000n,
    gasUsed: 21_000n, gasPrice: 1n, status: 'success', method: null, otherChain: null, tokenTransfers: [], etxs: [], logs: [], ...overrides,
  };
}

function block(chain: ChainName, number: number, txs: readonly IndexedTx[], timestamp: bigint, branch = 0): IndexedBlock {
  const salt = (chain === 'cyprus1' ? 0 : 500) + branch;
  const parentSalt = number <= 3 ? salt - branch : salt; // branches fork above block 3
  return {
    chain, number: BigInt(number), hash: hash(number, salt), parentHash: number === 0 ? hash(0, 999) : hash(number - 1, parentSalt),
    numberPrime: 0n, numberRegion: 0n, timestamp, transactions: txs, mined: [],
  };
}

const ETX = hash(90, 1);
const ETX2 = hash(90, 2);
/** cyprus1: blocks 0–5 over two days; block 4 and 5 are the ones a rollback drops. */
const cyprus1 = [
  block('cyprus1', 0, [], D0 + 10n),
  block('cyprus1', 1, [tx(0, {}), tx(1, { from: BOB, to: ALICE, hash: hash(11) })], D0 + 20n),
  block('cyprus1', 2, [tx(0, { hash: hash(12), type: 2, to: CAROL, otherChain: 'cyprus2', etxs: [{ hash: ETX, destination: 'cyprus2' }] })], D0 + 30n),
  block('cyprus1', 3, [tx(0, { hash: hash(13), from: BOB, to: null, contractAddress: '0x0a000000000000000000000000000000000000cc' as Address })], D0 + DAY + 5n),
  block('cyprus1', 4, [tx(0, { hash: hash(14), from: '0x0a00000000000000000000000000000000000009' as Address })], D0 + DAY + 15n),
  block('cyprus1', 5, [tx(0, { hash: hash(15), type: 2, to: CAROL, otherChain: 'cyprus2', etxs: [{ hash: ETX2, destination: 'cyprus2' }] }), tx(1, { hash: hash(16) })], D0 + DAY + 25n),
];
const cyprus2 = [
  block('cyprus2', 0, [], D0 + 5n),
  block('cyprus2', 1, [tx(0, { hash: ETX, type: 1, from: ALICE, to: CAROL, otherChain: 'cyprus1' })], D0 + 40n),
];

async function dump(q: Queryable): Promise<unknown[]> {
  const all = await dumpIndex(q);
  return [all.daily_stats, all.daily_addresses, all.etx_flow_hourly];
}

/** The running totals equal a count over the rows stored now. */
async function expectTotalsOfStoredRows(q: Queryable): Promise<void> {
  const all = await dumpIndex(q);
  expect(all.daily_stats).toEqual(await recomputedDailyStats(q));
  expect(all.etx_flow_hourly).toEqual(await recomputedEtxFlow(q));
}

const drivers = testDrivers();

describe.each(drivers)('daily counts and ETX flow on $name', (driver) => {
  let db: Db;
  /** The tables with cyprus1 up to block 3 only, written before blocks 4 and 5. */
  let upTo3: unknown[];
  beforeAll(async () => {
    db = await driver.open();
    await migrate(db);
    for (const b of [...cyprus1.slice(0, 4), ...cyprus2]) await commitBlock(db, b);
    upTo3 = await dump(db);
    for (const b of cyprus1.slice(4)) await commitBlock(db, b);
  });
  afterAll(async () => {
    await db?.close();
    await driver.cleanup();
  });

  it('behavior: counts transactions, ETXs sent and received and distinct active addresses per zone and UTC day', async () => {
    const days = await dailyCounts(db, 'cyprus1', 3, D0 + DAY + 100n);
    expect(days).toEqual([
      { day: '2024-10-03', blocks: 0, transactions: 0n, etxSent: 0n, etxReceived: 0n, activeAddresses: 0n },
      // day 0: alice and bob both ways, alice's send to cyprus2 (its recipient lives there)
      { day: '2024-10-04', blocks: 3, transactions: 3n, etxSent: 1n, etxReceived: 0n, activeAddresses: 2n },
      // day 1: bob creates a contract (bob, contract), 0x…09 pays bob, alice sends an ETX and pays bob
      { day: '2024-10-05', blocks: 3, transactions: 4n, etxSent: 1n, etxReceived: 0n, activeAddresses: 4n },
    ]);
    expect(await dailyCounts(db, 'cyprus2', 1, D0 + 1n)).toEqual([
      { day: '2024-10-04', blocks: 2, transactions: 1n, etxSent: 0n, etxReceived: 1n, activeAddresses: 2n },
    ]);
  });

  it('behavior: the ETX flow puts each ETX of the period in its origin × destination cell, delivered or pending', async () => {
    const all = await etxFlow(db, D0, D0 + 2n * DAY);
    expect(all.zones).toHaveLength(9);
    const [c1, c2] = [all.zones.indexOf('cyprus1'), all.zones.indexOf('cyprus2')];
    expect(all.sent[c1]![c2]).toBe(2);
    expect(all.delivered[c1]![c2]).toBe(1);
    expect(all.sent.flat().reduce((a, b) => a + b, 0)).toBe(2);
    const firstDay = await etxFlow(db, D0, D0 + DAY);
    expect([firstDay.sent[c1]![c2], firstDay.delivered[c1]![c2]]).toEqual([1, 1]);
  });

  it('behavior: an ETX is counted delivered whichever end is written second, and undone by a rollback of either end', async () => {
    const cell = async () => {
      const flow = await etxFlow(db, D0, D0 + 2n * DAY);
      const [c1, c2] = [flow.zones.indexOf('cyprus1'), flow.zones.indexOf('cyprus2')];
      return [flow.sent[c1]![c2], flow.delivered[c1]![c2]];
    };
    expect(await cell()).toEqual([2, 1]);
    // Destination rolled back: pending again.
    await rollbackTo(db, 'cyprus2', 0n);
    expect(await cell()).toEqual([2, 0]);
    await expectTotalsOfStoredRows(db);
    // Origin rolled back too, then the destination written first and the origin second.
    const upper = cyprus1.slice(2);
    await rollbackTo(db, 'cyprus1', 1n);
    expect(await cell()).toEqual([0, 0]);
    expect(await db.query('SELECT count(*)::int AS n FROM etx_flow_hourly')).toEqual([{ n: 0 }]);
    await commitBlock(db, cyprus2[1]!);
    await commitBlocks(db, upper);
    expect(await cell()).toEqual([2, 1]);
    await expectTotalsOfStoredRows(db);
  });

  it('behavior: a rollback undoes exactly what the dropped blocks added; the tables equal the index before them', async () => {
    const all = await dump(db);
    await rollbackTo(db, 'cyprus1', 3n);
    expect(await dump(db)).toEqual(upTo3);
    // A rollback to before the second day removes that day's row entirely.
    await rollbackTo(db, 'cyprus1', 2n);
    expect((await dailyCounts(db, 'cyprus1', 1, D0 + DAY))[0]).toMatchObject({ blocks: 0, transactions: 0n, activeAddresses: 0n });
    expect(await db.query('SELECT count(*)::int AS n FROM daily_stats WHERE chain = $1 AND day = $2', ['cyprus1', Number(D0 / DAY) + 1]))
      .toEqual([{ n: 0 }]);
    // The same blocks again, as one window this time: the same tables as written one by one.
    await commitBlocks(db, cyprus1.slice(3));
    expect(await dump(db)).toEqual(all);
    await expectTotalsOfStoredRows(db);
  });

  it('behavior: a competing branch replaces the dropped blocks\' counts with its own', async () => {
    await rollbackTo(db, 'cyprus1', 2n);
    await commitBlocks(db, [
      block('cyprus1', 3, [tx(0, { hash: hash(23), from: CAROL, to: ALICE })], D0 + DAY + 7n, 1),
      block('cyprus1', 4, [tx(0, { hash: hash(24) })], D0 + DAY + 8n, 1),
    ]);
    await expectTotalsOfStoredRows(db);
    expect((await dailyCounts(db, 'cyprus1', 1, D0 + DAY))[0]).toMatchObject({ blocks: 2, transactions: 2n, etxSent: 0n, activeAddresses: 3n });
    const flow = await etxFlow(db, D0, D0 + 2n * DAY);
    expect(flow.sent.flat().reduce((a, b) => a + b, 0)).toBe(1);
  });

  it('behavior: migration 5 fills the tables from the rows an older index holds, equal to writing them block by block', async () => {
    const written = await dump(db);
    // Back to the schema of migrations 1–3, with every block already stored.
    await db.query('DROP TABLE daily_stats');
    await db.query('DROP TABLE daily_addresses');
    await db.query('DROP TABLE etx_flow_hourly');
    await db.query('DELETE FROM index_migrations WHERE id = 5');
    expect(await migrate(db)).toEqual([5]);
    expect(await dump(db)).toEqual(written);
    expect(written[0]).not.toEqual([]);
  });
});
