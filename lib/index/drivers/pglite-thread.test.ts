/**
 * PGlite on its worker thread (the default) against PGlite on the main thread: the same answers,
 * and a transaction whose writes are pipelined still commits all or nothing — a failed write or
 * a thrown error leaves no row of it, and the failure reaches the caller.
 */
import { rmSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { RETURNS_NO_ROWS, toParams, type Db } from './db';
import { tempIndexDir } from '../testing/index-test-support';
import { openPglite } from './pglite-driver';
import { startPgliteThread } from './pglite-thread';
import { wireText } from './wire-text';

const dirs: string[] = [];
// Each test starts PostgreSQL in WebAssembly (and the first compiles it): about a second idle,
// up to a minute on a machine loaded by the suites running beside it.
const OPENS_PGLITE = 180_000;
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

function tempDir(): string {
  const dir = tempIndexDir();
  dirs.push(dir);
  return dir;
}

it('behavior: the worker thread starts here (so the default driver below is the threaded one, not the fallback)', async () => {
  const thread = await startPgliteThread(tempDir(), toParams);
  expect(thread).not.toBeNull();
  expect(await thread?.query('SELECT 1 + 1 AS two', [])).toEqual([{ two: 2 }]);
  await thread?.close();
}, OPENS_PGLITE);

it('behavior: parameters in text format as a Bind message carries them; what it cannot carry is left to pg.query', () => {
  expect(wireText(['a', 1, true, null, ['x', null, 'say "hi"', 'back\\slash', 'NULL']])).toEqual([
    'a', '1', 'true', null, '{"x",null,"say \\"hi\\"","back\\\\slash","NULL"}',
  ]);
  // Control characters: JSON would write \n, which PostgreSQL reads as n; each element is quoted instead.
  expect(wireText([['a\nb', 2]])).toEqual(['{"a\nb","2"}']);
  expect(wireText([{ a: 1 }])).toBeNull();
  expect(wireText([[['nested']]])).toBeNull();
});

describe.each([{ thread: true }, { thread: false }])('PGlite with %o', (options) => {
  async function open(): Promise<Db> {
    const db = await openPglite(tempDir(), options);
    await db.query('CREATE TABLE x (a integer PRIMARY KEY, b bytea, c bigint)');
    return db;
  }

  it('behavior: a transaction commits all its writes, or none when a write fails or the code throws', async () => {
    const db = await open();
    try {
      await db.transaction(async (tx) => {
        await tx.query('INSERT INTO x (a) VALUES (1)');
        await tx.query('INSERT INTO x (a) SELECT unnest($1::int[])', [[2, 3]]);
        // A read inside the transaction sees the writes posted before it.
        expect(await tx.query('SELECT count(*)::int AS n FROM x')).toEqual([{ n: 3 }]);
      });
      await expect(db.transaction(async (tx) => {
        await tx.query('INSERT INTO x (a) VALUES (4)');
        await tx.query('INSERT INTO x (a) VALUES (1)');
        await tx.query('INSERT INTO x (a) VALUES (5)');
      })).rejects.toThrow(/duplicate key/);
      await expect(db.transaction(async (tx) => {
        await tx.query('INSERT INTO x (a) VALUES (6)');
        throw new Error('changed my mind');
      })).rejects.toThrow('changed my mind');
      // A data-modifying WITH marked as returning no rows is pipelined like a write, and its failure
      // still fails the transaction.
      await expect(db.transaction(async (tx) => {
        await tx.query(`${RETURNS_NO_ROWS}WITH added AS (INSERT INTO x (a) VALUES (8) RETURNING a) UPDATE x SET c = 1 FROM added WHERE x.a = added.a`);
        await tx.query(`${RETURNS_NO_ROWS}WITH added AS (INSERT INTO x (a) VALUES (2) RETURNING a) UPDATE x SET c = 1 FROM added WHERE x.a = added.a`);
      })).rejects.toThrow(/duplicate key/);
      expect(await db.query('SELECT a FROM x ORDER BY a')).toEqual([{ a: 1 }, { a: 2 }, { a: 3 }]);
      // Statements issued while a transaction runs wait for it, then see its result.
      const [, during] = await Promise.all([
        db.transaction(async (tx) => {
          await tx.query('INSERT INTO x (a) VALUES (7)');
          await new Promise((r) => setTimeout(r, 50));
        }),
        db.query('SELECT count(*)::int AS n FROM x'),
      ]);
      expect(during).toEqual([{ n: 4 }]);
    } finally {
      await db.close();
    }
  }, OPENS_PGLITE);

  it('behavior: a write keeps any text as given, arrays included, each time its (prepared) statement runs again', async () => {
    const db = await open();
    const awkward = ['plain', 'say "hi"', 'back\\slash', 'back\\n', 'comma,{brace}', '', 'NULL', 'null', "it's", 'a\nb\tc', 'ünï ✓', null];
    try {
      await db.query('CREATE TABLE texts (run integer, i integer, t text, arr text[])');
      const insert = 'INSERT INTO texts SELECT $1, i, t, $2::text[] FROM unnest($2::text[]) WITH ORDINALITY AS u(t, i)';
      for (const run of [1, 2, 3]) await db.transaction(async (tx) => void (await tx.query(insert, [run, awkward])));
      // After a failed run of the same statement, it still runs.
      await expect(db.transaction(async (tx) => void (await tx.query(insert, ['not a number', awkward])))).rejects.toThrow(/integer/);
      await db.transaction(async (tx) => void (await tx.query(insert, [4, awkward])));
      const rows = await db.query('SELECT run, t, arr FROM texts ORDER BY run, i');
      expect(rows.length).toBe(4 * awkward.length);
      for (const run of [1, 2, 3, 4]) {
        const mine = rows.filter((r) => r.run === run);
        expect(mine.map((r) => r.t)).toEqual(awkward);
        expect(mine[0]?.arr).toEqual(awkward);
      }
    } finally {
      await db.close();
    }
  }, OPENS_PGLITE);

  it('behavior: values come back as the in-thread driver gives them (bytea, int8), and errors carry their SQLSTATE', async () => {
    const db = await open();
    try {
      await db.query(`INSERT INTO x VALUES (1, decode('beef', 'hex'), 9007199254740993)`);
      const [row] = await db.query('SELECT b, c, c::text AS t FROM x');
      expect(Buffer.from(row?.b as Uint8Array).toString('hex')).toBe('beef');
      expect(String(row?.c)).toBe('9007199254740993');
      expect(row?.t).toBe('9007199254740993');
      await expect(db.query('SELECT * FROM nowhere')).rejects.toMatchObject({ code: '42P01' });
    } finally {
      await db.close();
    }
  }, OPENS_PGLITE);
});
