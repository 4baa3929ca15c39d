/**
 * The engine against both drivers: PGlite on a temporary data directory and a real PostgreSQL
 * server this file starts (initdb + pg_ctl). Same tests, same SQL; nothing mocks the database.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Address, Hash } from '@/lib/rpc/domain';
import { commitBlock, rollbackTo, migrate } from '../testing/engine-with-derivations';
import { CursorMismatchError, readCursor } from './block-store';
import type { Db } from '../drivers/db';
import { historyPage, historyRows } from '../readers/history-reader';
import type { IndexedBlock, IndexedTx } from './indexed-block';
import { splitStatements } from '../migrations/migrate';
import { MIGRATIONS } from '../migrations/index';
import { BadCursorError } from '../readers/paging/page-cursor';
import { openPostgres } from '../drivers/postgres-driver';
import { testDrivers } from '../testing/test-drivers';
import { startTestPostgres, type TestPostgres } from '../testing/test-postgres';
import type { CallFrame } from '@/lib/rpc/trace-types';
import { INTERNAL_TRANSFERS, internalTransferDerivation } from '../derivations/internal-transfers';
import type { BlockTraces } from '../derivations/trace-read';
import { addressInternalTransfers } from '../readers/internal-transfer-reader';
import { commitTraced, commitUntraced, readStoredBlocks, readTraceCursor, TraceCursorMismatchError } from './trace-pass/trace-store';
import { untracedBlocks, untracedMark } from '../readers/untraced-reader';

const hash = (n: number, salt = 0): Hash => `0x${(n * 1000 + salt).toString(16).padStart(64, '0')}` as Hash;
const ALICE = '0x0a00000000000000000000000000000000000001' as Address;
const BOB = '0x0b00000000000000000000000000000000000002' as Address;
const FAR = '0x9900000000000000000000000000000000000003' as Address;

function tx(index: number, from: Address, to: Address | null, overrides: Partial<IndexedTx> = {}): IndexedTx {
  return {
    index, hash: hash(index + 1, 7), type: 0, from, to, contractAddress: null, value: 10n ** 20n, nonce: BigInt(index), gas: 21000n,
    gasUsed: 21000n, gasPrice: 10n ** 9n, status: 'success', method: null, otherChain: null, tokenTransfers: [], etxs: [], logs: [], ...overrides,
  };
}

function block(number: number, txs: readonly IndexedTx[], salt = 0): IndexedBlock {
  return {
    chain: 'cyprus1', number: BigInt(number), hash: hash(number, salt), parentHash: number === 0 ? hash(0, 999) : hash(number - 1, salt),
    numberPrime: 0n, numberRegion: 0n, timestamp: 1_700_000_000n + BigInt(number),
    mined: [],
    transactions: txs.map((t) => ({ ...t, hash: hash(number * 100 + t.index, 1 + salt) })),
  };
}

function frame(from: Address, calls: readonly CallFrame[] = []): CallFrame {
  return {
    type: 'CALL', from, to: from === ALICE ? BOB : ALICE, value: 5n, gas: 30_000n, gasUsed: 21_000n, input: '0x', output: '0x', error: null,
    revertReason: null, calls, logs: [],
  };
}

const drivers = testDrivers();

it('behavior: a migration splits into statements at the semicolons outside dollar-quoted bodies', () => {
  expect(splitStatements(`CREATE TABLE a (x int);
CREATE FUNCTION f() RETURNS void LANGUAGE plpgsql AS $$ BEGIN PERFORM 1; PERFORM 2; END $$;
CREATE INDEX a_x ON a (x);`)).toEqual([
    'CREATE TABLE a (x int)',
    'CREATE FUNCTION f() RETURNS void LANGUAGE plpgsql AS $$ BEGIN PERFORM 1; PERFORM 2; END $$',
    'CREATE INDEX a_x ON a (x)',
  ]);
});

describe.each(drivers)('index engine on $name', (driver) => {
  let db: Db;
  beforeAll(async () => {
    db = await driver.open();
  });
  afterAll(async () => {
    await db?.close();
    await driver.cleanup();
  });

  it('behavior: migrations apply once', async () => {
    expect(await migrate(db)).toEqual(MIGRATIONS.map((m) => m.id));
    expect(await migrate(db)).toEqual([]);
    const rows = await db.query('SELECT id, name FROM index_migrations ORDER BY id');
    expect(rows).toEqual(MIGRATIONS.map((m) => ({ id: m.id, name: m.name })));
  });

  it('behavior: a block and its cursor are written together; a block that does not extend the cursor is refused', async () => {
    await commitBlock(db, block(0, []));
    await commitBlock(db, block(1, [tx(0, ALICE, BOB), tx(1, BOB, null, { contractAddress: FAR })]));
    expect(await readCursor(db, 'cyprus1')).toEqual({ number: 1n, hash: hash(1) });
    await expect(commitBlock(db, block(3, []))).rejects.toBeInstanceOf(CursorMismatchError);
    await expect(commitBlock(db, { ...block(2, []), parentHash: hash(1, 5) })).rejects.toBeInstanceOf(CursorMismatchError);
    // Nothing of a refused block stays, and the cursor has not moved (the check and the move are one call).
    expect(await db.query('SELECT count(*)::int AS n FROM blocks')).toEqual([{ n: 2 }]);
    expect(await readCursor(db, 'cyprus1')).toEqual({ number: 1n, hash: hash(1) });
  });

  it('behavior: history reads sender, recipient and created contract, with roles as directions', async () => {
    await commitBlock(db, block(2, [tx(0, ALICE, ALICE, { value: 2n ** 70n })]));
    const alice = await historyPage(db, ALICE, { limit: 10 });
    expect(alice.items.map((i) => [i.blockNumber, i.index, i.direction, i.type])).toEqual([
      [2n, 0, 'self', 'internal'],
      [1n, 0, 'out', 'internal'],
    ]);
    expect(alice.items[0]?.value).toBe(2n ** 70n);
    expect(alice.items[1]).toMatchObject({ from: ALICE, to: BOB, chain: 'cyprus1', blockHash: hash(1), timestamp: 1_700_000_001n, status: 'success' });
    const bob = await historyPage(db, BOB, { limit: 10 });
    expect(bob.items.map((i) => [i.index, i.direction, i.type])).toEqual([[1, 'out', 'contract-creation'], [0, 'in', 'internal']]);
    const created = await historyPage(db, FAR, { limit: 10 });
    expect(created.items.map((i) => [i.direction, i.contractAddress])).toEqual([['in', FAR]]);
    // Addresses match whatever their case.
    expect((await historyPage(db, ALICE.toUpperCase().replace('0X', '0x') as Address, { limit: 10 })).items).toHaveLength(2);
  });

  it('behavior: keyset pages walk the whole history once, newest first', async () => {
    for (let n = 3; n < 30; n++) await commitBlock(db, block(n, [tx(0, ALICE, BOB), tx(1, BOB, ALICE)]));
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page: Awaited<ReturnType<typeof historyPage>> = await historyPage(db, ALICE, { limit: 7, cursor });
      seen.push(...page.items.map((i) => `${i.blockNumber}:${i.index}`));
      cursor = page.next;
      pages++;
    } while (cursor);
    const expected = [...Array.from({ length: 27 }, (_, k) => 29 - k).flatMap((n) => [`${n}:1`, `${n}:0`]), '2:0', '1:0'];
    expect(seen).toEqual(expected);
    expect(pages).toBe(Math.ceil(expected.length / 7));
    const streamed: string[] = [];
    for await (const item of historyRows(db, ALICE, { batch: 5 })) streamed.push(`${item.blockNumber}:${item.index}`);
    expect(streamed).toEqual(expected);
  });

  it('args: cursor that the API did not give out is refused', async () => {
    await expect(historyPage(db, ALICE, { limit: 5, cursor: 'bm9wZQ' })).rejects.toBeInstanceOf(BadCursorError);
    await expect(historyPage(db, ALICE, { limit: 5, cursor: "'; DROP TABLE blocks" })).rejects.toBeInstanceOf(BadCursorError);
  });

  it('behavior: a rollback removes the blocks above the ancestor and everything derived from them', async () => {
    await rollbackTo(db, 'cyprus1', 2n);
    expect(await readCursor(db, 'cyprus1')).toEqual({ number: 2n, hash: hash(2) });
    const alice = await historyPage(db, ALICE, { limit: 100 });
    expect(alice.items.map((i) => i.blockNumber)).toEqual([2n, 1n]);
    expect(await db.query('SELECT count(*)::int AS n FROM transactions WHERE block_number > 2')).toEqual([{ n: 0 }]);
    // The other fork continues from the ancestor.
    await commitBlock(db, { ...block(3, [tx(0, BOB, ALICE)], 50), parentHash: hash(2) });
    expect((await historyPage(db, ALICE, { limit: 1 })).items[0]).toMatchObject({ blockNumber: 3n, blockHash: hash(3, 50), direction: 'in' });
  });

  it('behavior: the trace pass writes stored blocks behind the block cursor; a window that does not follow its cursor, or whose blocks were replaced, is refused; a rollback lowers it with its rows', async () => {
    const traced = (n: number): BlockTraces => ({
      chain: 'cyprus1', blockNumber: BigInt(n), blockHash: hash(n), traces: new Map([[0, { hash: hash(n * 100, 1), frame: frame(ALICE, [frame(BOB)]) }]]),
    });
    const internalOf = async (): Promise<string[]> =>
      (await db.query(`SELECT block_number::text AS n FROM internal_transfers WHERE chain = 'cyprus1' ORDER BY block_number`)).map((r) => String(r.n));
    const stored = (from: number, to: number) => readStoredBlocks(db, 'cyprus1', BigInt(from), BigInt(to));
    for (let n = 4; n < 12; n++) await commitBlock(db, block(n, [tx(0, BOB, ALICE)], 50));
    const commit = async (from: number, to: number): Promise<void> => {
      const blocks = await stored(from, to);
      await commitTraced(db, blocks, [internalTransferDerivation], { [INTERNAL_TRANSFERS]: blocks.map((b) => traced(Number(b.number))) }, 1);
    };
    // Nothing traced yet: the pass starts at the first stored block (0), not anywhere else.
    expect(await readTraceCursor(db, 'cyprus1')).toEqual({ number: null, stalled: null });
    await expect(commit(1, 2)).rejects.toBeInstanceOf(TraceCursorMismatchError);
    await commit(0, 4);
    expect(await readTraceCursor(db, 'cyprus1')).toEqual({ number: 4n, stalled: null });
    await expect(commit(6, 6)).rejects.toBeInstanceOf(TraceCursorMismatchError);
    // A window traced from blocks a rollback has since replaced is refused whole.
    const old = await stored(5, 6);
    await expect(
      commitTraced(db, [...old.slice(0, 1), { ...old[1]!, hash: hash(6, 77) }], [internalTransferDerivation], { [INTERNAL_TRANSFERS]: [traced(5)] }, 1),
    ).rejects.toBeInstanceOf(TraceCursorMismatchError);
    expect(await internalOf()).toEqual(['0', '1', '2', '3', '4']);
    await commit(5, 8);
    // Block 0 holds no transaction for the list to join.
    expect((await addressInternalTransfers(db, BOB, { limit: 100 })).items.map((i) => i.blockNumber)).toEqual([8n, 7n, 6n, 5n, 4n, 3n, 2n, 1n]);
    await commit(9, 11);
    // Never ahead of the block pass: a block not stored cannot be traced.
    expect(await readCursor(db, 'cyprus1')).toMatchObject({ number: 11n });
    await expect(commitTraced(db, [{ ...old[0]!, number: 12n }], [internalTransferDerivation], {}, 1)).rejects.toBeInstanceOf(TraceCursorMismatchError);
    // A rollback below the trace cursor lowers it and takes the trace rows above with it; one above it leaves it.
    await rollbackTo(db, 'cyprus1', 6n);
    expect(await readTraceCursor(db, 'cyprus1')).toEqual({ number: 6n, stalled: null });
    expect(await internalOf()).toEqual(['0', '1', '2', '3', '4', '5', '6']);
    expect(await db.query(`SELECT count(*)::int AS n FROM address_internal_transfers WHERE block_number > 6`)).toEqual([{ n: 0 }]);
    // The block pass stores the new branch; the trace pass traces it; a rollback at or above the trace cursor leaves it.
    await commitBlock(db, { ...block(7, [tx(0, BOB, ALICE)], 60), parentHash: hash(6, 50) });
    for (const n of [8, 9]) await commitBlock(db, block(n, [tx(0, BOB, ALICE)], 60));
    await commit(7, 8);
    await rollbackTo(db, 'cyprus1', 8n);
    expect(await readTraceCursor(db, 'cyprus1')).toEqual({ number: 8n, stalled: null });
    // Rolled back below the first block: no block, no trace cursor.
    await rollbackTo(db, 'cyprus1', -1n);
    expect(await readTraceCursor(db, 'cyprus1')).toEqual({ number: null, stalled: null });
    expect(await internalOf()).toEqual([]);
  });

  it('behavior: a block the node cannot trace is marked untraced as the trace cursor moves over it, in one transaction; out of order it is refused; a rollback below it takes the mark', async () => {
    for (let n = 0; n < 6; n++) await commitBlock(db, block(n, [tx(0, BOB, ALICE)], 70));
    const stored = (n: number) => readStoredBlocks(db, 'cyprus1', BigInt(n), BigInt(n)).then(([b]) => b!);
    const reason = 'the node did not trace it within 10000 ms (asked 3 times)';
    await commitTraced(db, [await stored(0), await stored(1)], [internalTransferDerivation], {}, 1);
    // Not the block after the trace cursor: refused, nothing marked.
    await expect(commitUntraced(db, await stored(3), { reason, attempts: 3 }, 1)).rejects.toBeInstanceOf(TraceCursorMismatchError);
    expect(await untracedMark(db, 'cyprus1', 3n)).toBeNull();
    await commitUntraced(db, await stored(2), { reason, attempts: 3 }, 1);
    expect(await readTraceCursor(db, 'cyprus1')).toEqual({ number: 2n, stalled: null });
    expect(await untracedMark(db, 'cyprus1', 2n)).toEqual({ chain: 'cyprus1', number: 2n, hash: hash(2, 70), reason, attempts: 3 });
    // Of another hash (a block a rollback replaced): not this block's mark.
    expect(await untracedMark(db, 'cyprus1', 2n, hash(2, 71))).toBeNull();
    // The pass goes on after it.
    await commitTraced(db, [await stored(3), await stored(4)], [internalTransferDerivation], {}, 1);
    expect(await readTraceCursor(db, 'cyprus1')).toEqual({ number: 4n, stalled: null });
    expect((await untracedBlocks(db)).get('cyprus1')).toEqual({ count: 1, newest: [{ chain: 'cyprus1', number: 2n, hash: hash(2, 70), reason, attempts: 3 }] });
    // A rollback at or above it keeps the mark; below it, the mark goes with the block.
    await rollbackTo(db, 'cyprus1', 2n);
    expect(await untracedMark(db, 'cyprus1', 2n)).not.toBeNull();
    await rollbackTo(db, 'cyprus1', 1n);
    expect(await untracedMark(db, 'cyprus1', 2n)).toBeNull();
    expect(await readTraceCursor(db, 'cyprus1')).toEqual({ number: 1n, stalled: null });
    await rollbackTo(db, 'cyprus1', -1n);
  });
});

describe('index engine on PostgreSQL with several processes', () => {
  let pg: TestPostgres;
  beforeAll(async () => {
    pg = await startTestPostgres();
  });
  afterAll(async () => {
    await pg?.stop();
  });

  it('behavior: two processes migrating together apply each migration once', async () => {
    const [a, b] = await Promise.all([openPostgres(pg.url), openPostgres(pg.url)]);
    const results = await Promise.all([migrate(a), migrate(b)]);
    expect(results.flat()).toEqual(MIGRATIONS.map((m) => m.id));
    await Promise.all([a.close(), b.close()]);
  });

  it('behavior: one writer at a time; when it goes, another takes over', async () => {
    const [a, b] = await Promise.all([openPostgres(pg.url), openPostgres(pg.url)]);
    const first = await a.tryBecomeWriter();
    expect(first).not.toBeNull();
    expect(await b.tryBecomeWriter()).toBeNull();
    await first?.release();
    const second = await b.tryBecomeWriter();
    expect(second).not.toBeNull();
    expect(await a.tryBecomeWriter()).toBeNull();
    await second?.release();
    await Promise.all([a.close(), b.close()]);
  });
});
