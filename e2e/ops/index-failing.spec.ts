/**
 * Over HTTP: an explorer whose index writes fail says so. The standalone server
 * indexes a devnet of its own (with traffic, so blocks bring history rows), is stopped cleanly, the
 * pages of the history primary key (address_transactions_pkey) are overwritten on disk, and it is
 * started again on the same directory: /api/v1/index/status turns "failing" with the error,
 * /api/health stays ready (200: pages from the node still work) with `status: degraded` and the
 * index component failing, and the network page shows the error.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startDevnet, type Devnet } from '../../devnet/index';
import { getChain, type ChainName } from '../../lib/protocol/chains';
import { garbleRelation, historyKeyFile } from '../../lib/index/testing/index-test-support';
import { openIndex } from '../../lib/index/open-index';
import { expect, test } from '../fixtures';
import { rpcEnvFor } from '../support/env';
import { devnetOffset, freePort } from '../support/ports';
import { startStandalone, type StandaloneServer } from '../support/standalone';

const CHAINS = (['prime', 'cyprus', 'cyprus1'] as ChainName[]).map((n) => getChain(n));

interface StatusBody {
  readonly state: string;
  readonly error?: string;
  readonly since?: string;
  readonly chains: readonly { chain: string; indexedHeight: string | null; error: string | null }[];
}

async function indexStatus(url: string): Promise<StatusBody | null> {
  const response = await fetch(`${url}/api/v1/index/status`);
  return response.ok ? ((await response.json()) as StatusBody) : null;
}

test.describe('an explorer whose index cannot be written', () => {
  let devnet: Devnet | undefined;
  let server: StandaloneServer | undefined;
  // Made in the test: the module is loaded by the runner too, which would leave a directory behind.
  let dir: string | undefined;

  test.afterAll(async () => {
    await server?.stop();
    await devnet?.stop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  test('status, health and the network page report the failing writes with the error', async ({ page }) => {
    test.setTimeout(240_000);
    const offset = devnetOffset();
    const dataDir = mkdtempSync(join(tmpdir(), 'strata-e2e-failing-'));
    dir = dataDir;
    devnet = await startDevnet({ topology: '1x1', portOffset: offset, blockTimeMs: 300, traffic: true, trafficRate: 4 });
    await devnet.waitForBlocks('cyprus1', 12, 90_000);
    const env = { ...rpcEnvFor(offset, CHAINS), STRATA_INDEX: 'on', STRATA_INDEX_DIR: dataDir, STRATA_LOG: 'off' };

    // A healthy index first, closed cleanly (SIGTERM flushes it: e2e/ops/index-stop.spec.ts).
    server = await startStandalone(await freePort(), env);
    const first = server.url;
    await expect.poll(async () => Number((await indexStatus(first))?.chains[0]?.indexedHeight ?? -1), { timeout: 90_000 }).toBeGreaterThanOrEqual(10);
    await server.stop(60_000);
    const db = await openIndex({ dataDir });
    let relation: string;
    try {
      const history = await historyKeyFile(db);
      expect(history.rows, 'history rows before the damage').toBeGreaterThan(0);
      relation = history.relation;
    } finally {
      await db.close();
    }
    expect(garbleRelation(dataDir, relation), relation).toBeGreaterThan(0);

    server = await startStandalone(await freePort(), env);
    const url = server.url;
    await expect.poll(async () => (await indexStatus(url))?.state, { timeout: 90_000, message: 'the status turns failing' }).toBe('failing');
    const status = (await indexStatus(url)) as StatusBody;
    expect(status.error).toMatch(/invalid page in block \d+/);
    expect(Date.parse(status.since ?? '')).toBeLessThanOrEqual(Date.now());
    expect(status.chains.find((c) => c.chain === 'cyprus1')?.error).toMatch(/invalid page/);

    const health = await fetch(`${url}/api/health`);
    expect(health.status).toBe(200);
    const body = (await health.json()) as { ready: boolean; status: string; index: { state: string; ready: boolean; error?: string } };
    expect(body).toMatchObject({ ready: true, status: 'degraded', index: { state: 'failing', ready: false } });
    expect(body.index.error).toMatch(/invalid page/);

    await page.goto(`${url}/network`);
    await expect(page.getByTestId('index-status-failing')).toContainText('invalid page');
    await expect(page.getByTestId('index-status').locator('tr[data-chain="cyprus1"]').getByTestId('index-chain-error')).toContainText('invalid page');
  });
});
