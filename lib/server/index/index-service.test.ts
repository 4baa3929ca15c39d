/**
 * Without an index the history loaders say why instead of failing: STRATA_INDEX=off, a database
 * that does not answer, a bad setting. With one (PGlite in a temporary directory, read mode so no
 * node is needed) they answer from it, keyed by its commit version. A data directory another
 * process holds is opened once that process is gone, without a restart.
 */
import { spawn } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { tempIndexDir } from '@/lib/index/testing/index-test-support';
import { LOCK_FILE, processStarted } from '@/lib/index/drivers/data-dir-lock';
import { indexVersion } from '@/lib/server/index/index-version';
import { closeIndexService, indexAvailability, peekIndexAvailability, whenIndexOpen } from './index-service';
import { loadHistory } from '@/lib/server/history/load-history';
import { loadIndexStatus } from '@/lib/server/history/load-index-status';

const ADDRESS = '0x0a00000000000000000000000000000000000001';
const saved = { ...process.env };

afterEach(async () => {
  await closeIndexService();
  process.env = { ...saved };
});

describe('index service', () => {
  it('behavior: STRATA_INDEX=off answers "off" with the reason, never throws', async () => {
    process.env.STRATA_INDEX = 'off';
    expect(await loadHistory(ADDRESS, { limit: 10, cursor: null })).toMatchObject({ kind: 'unavailable', state: 'off' });
    expect(await loadIndexStatus()).toMatchObject({ state: 'off', reason: expect.stringContaining('STRATA_INDEX=off') });
  });

  it('behavior: an unreachable database answers "unavailable" naming it, never throws', async () => {
    process.env.DATABASE_URL = 'postgres://strata@127.0.0.1:9/none';
    const load = await loadHistory(ADDRESS, { limit: 10, cursor: null });
    expect(load).toMatchObject({ kind: 'unavailable', state: 'unavailable' });
    expect(load.kind === 'unavailable' && load.reason).toContain('127.0.0.1:9');
  });

  it('behavior: a bad setting answers "unavailable" naming the variable', async () => {
    process.env.STRATA_INDEX = 'sometimes';
    expect(await loadIndexStatus()).toMatchObject({ state: 'unavailable', reason: expect.stringContaining('STRATA_INDEX') });
  });

  it('behavior: an open index answers pages, and refuses a cursor it did not give out', async () => {
    const dir = tempIndexDir();
    try {
      process.env.STRATA_INDEX = 'read';
      process.env.STRATA_INDEX_DIR = dir;
      expect(await loadHistory(ADDRESS, { limit: 10, cursor: null })).toEqual({ kind: 'ok', page: { items: [], next: null } });
      expect(await loadHistory(ADDRESS, { limit: 10, cursor: 'bm9wZQ' })).toMatchObject({ kind: 'bad-cursor' });
      // A reader that does not write knows the version too: the database's commit counter.
      expect(indexVersion(await indexAvailability())).toMatch(/^[0-9a-f]{32}\.0$/);
    } finally {
      await closeIndexService();
      rmSync(dir, { recursive: true, force: true });
    }
  }, 180_000);

  it('behavior: a data directory another live process holds is unavailable, then opened once that process is gone', async () => {
    const dir = tempIndexDir();
    const holder = spawn('sleep', ['60'], { stdio: 'ignore' });
    try {
      await new Promise((resolve) => holder.once('spawn', resolve));
      writeFileSync(join(dir, LOCK_FILE), JSON.stringify({ pid: holder.pid, started: processStarted(holder.pid as number) }));
      process.env.STRATA_INDEX = 'read';
      process.env.STRATA_INDEX_DIR = dir;
      const first = await indexAvailability();
      expect(first).toMatchObject({ state: 'unavailable', reason: expect.stringContaining(`open in process ${holder.pid}`) });
      expect(first.state !== 'ready' && first.reason).toContain('trying again');
      const exited = new Promise((resolve) => holder.once('exit', resolve));
      holder.kill('SIGKILL');
      await exited;
      // Opened by a later attempt, without anyone asking again.
      await whenIndexOpen();
      expect(peekIndexAvailability().state).toBe('ready');
      expect(await loadHistory(ADDRESS, { limit: 10, cursor: null })).toEqual({ kind: 'ok', page: { items: [], next: null } });
    } finally {
      holder.kill('SIGKILL');
      await closeIndexService();
      rmSync(dir, { recursive: true, force: true });
    }
  }, 180_000);
});
