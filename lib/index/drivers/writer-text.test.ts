/**
 * The PostgreSQL writer's statements send their column arrays as ready-made text (wire-text.ts,
 * the same serializer PGlite's worker uses, tested in pglite-thread.test.ts): whatever a chain puts in a token's name or a label (quotes, backslashes, braces, commas,
 * control characters, the word NULL) comes back as it was written, and a SQL NULL stays NULL.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { testDrivers } from '../testing/test-drivers';
import { byteaParam } from './sql';

const drivers = testDrivers().filter((d) => d.name === 'PostgreSQL');
afterAll(async () => {
  for (const d of drivers) await d.cleanup();
});

const AWKWARD = ['plain', 'say "hi"', 'back\\slash', 'back\\n', '\\"', 'comma,{brace}', ' padded ', '', 'NULL', 'null', "it's", 'a\nb\tc\r', '\u0001', 'ünï ✓ 🧱', '\u2028', null];

describe.each(drivers)('the writer session on $name', (driver) => {
  it('behavior: text and numeric column arrays written through unnest come back as given', async () => {
    const db = await driver.open();
    const writer = await db.tryBecomeWriter();
    if (!writer) throw new Error('no writer session');
    try {
      await writer.query('CREATE TABLE awkward (i bigint, t text, n numeric, flag boolean)');
      const numbers = AWKWARD.map((_, i) => (i % 3 === 0 ? null : i * 1.5));
      const flags = AWKWARD.map((_, i) => i % 2 === 0);
      await writer.transaction(async (tx) => {
        await tx.query(
          'INSERT INTO awkward SELECT i, t, n, f FROM unnest($1::text[], $2::numeric[], $3::boolean[]) WITH ORDINALITY AS u(t, n, f, i)',
          [AWKWARD, numbers, flags],
        );
      });
      const rows = await db.query('SELECT t, n::text AS n, flag FROM awkward ORDER BY i');
      expect(rows.map((r) => r.t)).toEqual(AWKWARD);
      expect(rows.map((r) => (r.n === null ? null : Number(r.n)))).toEqual(numbers);
      expect(rows.map((r) => r.flag)).toEqual(flags);

      // Typed arrays as the index's inserts send them: integers as numbers, bytea in its \x input (either case).
      await writer.query('CREATE TABLE typed (i integer, b bigint, h bytea)');
      const hexes = ['0x00ff', '0xABcd', null, '0x'];
      await writer.transaction(async (tx) => {
        await tx.query('INSERT INTO typed SELECT * FROM unnest($1::integer[], $2::bigint[], $3::bytea[])', [
          [1, null, -3, 2 ** 31 - 1], ['9007199254740993', '0', null, '-1'], hexes.map(byteaParam),
        ]);
      });
      expect(await db.query(`SELECT i, b::text AS b, '0x' || encode(h, 'hex') AS h FROM typed ORDER BY b NULLS LAST`)).toEqual([
        { i: 2 ** 31 - 1, b: '-1', h: '0x' },
        { i: null, b: '0', h: '0xabcd' },
        { i: 1, b: '9007199254740993', h: '0x00ff' },
        { i: -3, b: null, h: null },
      ]);
    } finally {
      await writer.release();
      await db.close();
    }
  });
});
