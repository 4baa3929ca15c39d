/**
 * The index's commit version on both drivers (PGlite on its worker thread, a real PostgreSQL this
 * file starts): every committed block window and rollback moves it, a transaction rolled back and
 * the writer's tip bookkeeping do not; on PostgreSQL a reader with its own connections hears the
 * writer's commits, and one whose LISTEN was cut listens again without missing the commit made
 * meanwhile.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Hash } from '@/lib/rpc/domain';
import type { Db, WriterSession } from './drivers/db';
import { openPostgres } from './drivers/postgres-driver';
import type { IndexedBlock } from './engine/indexed-block';
import { commitBlock, migrate, rollbackTo } from './testing/engine-with-derivations';
import { testDrivers } from './testing/test-drivers';
import { watchCommitVersion, type CommitVersion } from './commit-version';

const hash = (n: number): Hash => `0x${(n + 1).toString(16).padStart(64, '0')}` as Hash;

function block(number: number): IndexedBlock {
  return {
    chain: 'cyprus1', number: BigInt(number), hash: hash(number), parentHash: number === 0 ? hash(999) : hash(number - 1),
    numberPrime: 0n, numberRegion: 0n, timestamp: 1_700_000_000n + BigInt(number), transactions: [], mined: [],
  };
}

/** The count part of a version. */
const countOf = (version: string | undefined): number => Number(version?.split('.')[1] ?? NaN);

const drivers = testDrivers();

describe.each(drivers)('the commit version on $name', (driver) => {
  let db: Db;
  let writer: WriterSession;
  let commits: CommitVersion;
  /** The version once it has become `count` (at once on PGlite; when the NOTIFY arrives on PostgreSQL). */
  const versionAt = async (count: number): Promise<string> => {
    await expect.poll(() => countOf(commits.current()), { timeout: 10_000 }).toBe(count);
    return commits.current() as string;
  };

  beforeAll(async () => {
    db = await driver.open();
    await migrate(db);
    writer = (await db.tryBecomeWriter()) as WriterSession;
    commits = watchCommitVersion(db);
    await commits.ready;
  });
  afterAll(async () => {
    await commits?.close();
    await writer?.release();
    await db?.close();
    await driver.cleanup();
  });

  it('behavior: commits and rollbacks move it; a transaction rolled back and the tip bookkeeping do not', async () => {
    const first = commits.current();
    expect(first).toMatch(/^[0-9a-f]{32}\.0$/);
    await commitBlock(writer, block(0));
    if (db.kind === 'pglite') expect(countOf(commits.current()), 'heard before the COMMIT resolved').toBe(1);
    await versionAt(1);
    await commitBlock(writer, block(1));
    await versionAt(2);

    await expect(writer.transaction(async (tx) => {
      await tx.query(`UPDATE index_cursor SET number = 7 WHERE chain = 'cyprus1'`);
      throw new Error('rolled back');
    })).rejects.toThrow('rolled back');
    await writer.query(`UPDATE index_cursor SET tip = 50, rate = 2 WHERE chain = 'cyprus1'`);
    await rollbackTo(writer, 'cyprus1', 0n);
    // Three steps past the last, one per cursor the rollback lowers (the block pass's, the trace
    // pass's and the balance pass's): neither the rolled-back transaction nor the tip counted.
    const after = await versionAt(5);
    expect(after.split('.')[0]).toBe(first?.split('.')[0]);
  });

  it.runIf(driver.name === 'PostgreSQL')('behavior: another process hears the writer, and a LISTEN cut is made again without missing a commit', async () => {
    const url = (await db.query(`SELECT current_setting('port') AS port`))[0]?.port;
    const reader = await openPostgres(`postgres://strata@127.0.0.1:${String(url)}/postgres`);
    const lines: string[] = [];
    const heard = watchCommitVersion(reader, { retryMs: 20, log: (line) => lines.push(line) });
    try {
      await heard.ready;
      const start = countOf(heard.current());
      await commitBlock(writer, block(1));
      await expect.poll(() => countOf(heard.current()), { timeout: 10_000 }).toBe(start + 1);

      await db.query(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE query = 'LISTEN "strata_index_commits"'`);
      await expect.poll(() => lines.some((l) => l.includes('not listening')), { timeout: 10_000 }).toBe(true);
      // Committed while that reader may not be listening: read when it listens again.
      await commitBlock(writer, block(2));
      await expect.poll(() => countOf(heard.current()), { timeout: 10_000 }).toBe(start + 2);
      await expect.poll(() => lines.some((l) => l.includes('listening for the index\'s commits again')), { timeout: 10_000 }).toBe(true);
    } finally {
      await heard.close();
      await reader.close();
    }
  });
});
