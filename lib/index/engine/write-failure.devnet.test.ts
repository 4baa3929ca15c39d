/**
 * A writer that cannot write says so. An index of a devnet (PGlite) has the
 * pages of its history primary key (address_transactions_pkey, found with pg_relation_filepath)
 * overwritten on disk after a clean close; reopened by the explorer's index service, the writer's
 * inserts meet "invalid page in block N", and the writer's status, the status API's answer
 * (/api/v1/index/status) and the health answer's index component (/api/health) all turn failing
 * with that error and since when, while the overall health is degraded, not unready. The same
 * damage to a real PostgreSQL server's file (stopped cleanly, damaged, started again) turns its
 * writer failing alike.
 */
import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Devnet } from '@/devnet/index';
import { startDevnetOnFreePorts } from '@/devnet/test-support/free-ports';
import { closeIndexService, startIndexService } from '@/lib/server/index/index-service';
import { indexHealth } from '@/lib/server/index/index-health';
import { loadIndexStatus } from '@/lib/server/history/load-index-status';
import { readiness, withComponents } from '@/lib/server/pipeline/readiness';
import { devnetConfig, devnetEnv, garbleRelation, historyKeyFile, tempIndexDir, waitFor } from '../testing/index-test-support';
import { startIndexWriter } from '../writer';
import { openIndex } from '../open-index';
import { zoneSources } from './sources';
import { startTestPostgres } from '../testing/test-postgres';

/** Blocks indexed before the pages are garbled. */
const H = 12n;

let devnet: Devnet;
const dir = tempIndexDir();
const saved = { ...process.env };

beforeAll(async () => {
  // Traffic, so that every few blocks bring history rows to insert into the garbled index.
  devnet = await startDevnetOnFreePorts({ topology: '1x1', blockTimeMs: 300, traffic: true, trafficRate: 4 });
  await devnet.waitForBlocks('cyprus1', Number(H) + 2, 90_000);
}, 120_000);

afterAll(async () => {
  await closeIndexService();
  process.env = { ...saved };
  await devnet?.stop();
  rmSync(dir, { recursive: true, force: true });
});

describe('a writer whose writes fail', () => {
  it('behavior: garbled pages of the history primary key turn the writer, the status and the health failing with the error', async () => {
    const db = await openIndex({ dataDir: dir });
    let relation: string;
    try {
      await startIndexWriter({ db, sources: zoneSources(devnetConfig(devnet)), from: 0n, concurrency: 8, until: H, progressMs: 0 }).done;
      const history = await historyKeyFile(db);
      expect(history.rows, 'history rows before the damage').toBeGreaterThan(0);
      relation = history.relation;
    } finally {
      await db.close();
    }
    expect(garbleRelation(dir, relation), relation).toBeGreaterThan(0);

    // The explorer's own index service, as instrumentation.ts opens it: writer in this process.
    Object.assign(process.env, devnetEnv(devnet), { STRATA_INDEX: 'on', STRATA_INDEX_DIR: dir });
    const availability = await startIndexService();
    if (availability.state !== 'ready' || !availability.writer) throw new Error(`index not open: ${JSON.stringify(availability)}`);
    const writer = availability.writer;
    const failure = await waitFor('the writer to report failing writes', async () => writer.status().failure, 90_000);
    expect(failure).toMatchObject({ chain: 'cyprus1', error: expect.stringMatching(/invalid page in block \d+/) });
    expect(failure.count).toBeGreaterThanOrEqual(3);
    expect(failure.since).toBeLessThanOrEqual(Date.now());

    const status = await loadIndexStatus();
    expect(status).toMatchObject({ state: 'failing', failure: { chain: 'cyprus1', error: expect.stringMatching(/invalid page/) } });
    const cyprus1 = status.state === 'failing' ? status.chains.find((c) => c.chain === 'cyprus1') : undefined;
    expect(cyprus1?.error).toMatch(/invalid page/);
    expect(cyprus1?.failingSince).toMatch(/^\d{4}-\d\d-\d\dT/);
    // The stored cursor, where the last good commit left it: what the writer holds as committed.
    expect(cyprus1?.indexedHeight).toBeGreaterThanOrEqual(H);
    expect(cyprus1?.indexedHeight).toBe(writer.status().chains.find((c) => c.chain === 'cyprus1')?.indexed);

    const health = withComponents(await readiness(), indexHealth());
    expect(health.ready, 'pages from the node still work: stay in rotation').toBe(true);
    expect(health.status).toBe('degraded');
    expect(health.index).toMatchObject({ state: 'failing', ready: false, error: expect.stringMatching(/invalid page/), since: expect.any(String) });
  }, 180_000);

  it('behavior: on PostgreSQL, garbled pages of the history primary key turn the writer failing with the error', async () => {
    const pg = await startTestPostgres();
    try {
      const sources = zoneSources(devnetConfig(devnet));
      const before = await openIndex({ databaseUrl: pg.url, dataDir: '' });
      let relation: string;
      try {
        await startIndexWriter({ db: before, sources, from: 0n, concurrency: 8, until: H, progressMs: 0 }).done;
        const history = await historyKeyFile(before);
        expect(history.rows, 'history rows before the damage').toBeGreaterThan(0);
        relation = history.relation;
      } finally {
        await before.close();
      }
      // Stopped first: a running server may hold the pages in its shared buffers and never read the damage.
      await pg.restart(() => expect(garbleRelation(pg.dataDir, relation), relation).toBeGreaterThan(0));
      const db = await openIndex({ databaseUrl: pg.url, dataDir: '' });
      const writer = startIndexWriter({ db, sources, from: 0n, concurrency: 8, progressMs: 0 });
      try {
        const failure = await waitFor('the writer to report failing writes', async () => writer.status().failure, 90_000);
        expect(failure).toMatchObject({ chain: 'cyprus1', error: expect.stringMatching(/invalid page in block \d+/) });
        expect(failure.count).toBeGreaterThanOrEqual(3);
      } finally {
        await writer.stop();
        await db.close();
      }
    } finally {
      await pg.stop();
    }
  }, 180_000);
});
