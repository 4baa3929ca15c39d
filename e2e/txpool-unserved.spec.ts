/**
 * A node that serves no txpool_* or debug_* methods (a default go-quai node; the devnet's
 * --no-txpool --no-debug): the txpool page, the address page's pool section and the network
 * page's database viewer explain what is missing instead of failing.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { test, expect } from './fixtures';
import { screenshotAll } from './screenshots';
import { rpcEnvFor } from './support/env';
import { devnetOffset, freePort } from './support/ports';
import { startExplorer, type ExplorerInstance } from './support/explorer';
import { rpc } from './support/rpc';
import { CHAINS } from '../lib/chains';
import { devAccountsOf } from '../devnet/accounts';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
// A port offset of our own, away from the main e2e devnet and other suites' ranges.
const OFFSET = devnetOffset();
const TOPOLOGY = CHAINS.filter((c) => ['prime', 'cyprus', 'cyprus1'].includes(c.name));

test.describe.configure({ mode: 'serial' });

let devnet: ChildProcess | undefined;
let explorer: ExplorerInstance | undefined;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  devnet = spawn(join(ROOT, 'node_modules', '.bin', 'tsx'), ['devnet/main.ts', '--port-offset', String(OFFSET), '--topology', '1x1', '--no-txpool', '--no-debug', '--no-traffic'], {
    cwd: ROOT,
    stdio: 'ignore',
  });
  const zoneUrl = `http://127.0.0.1:${8610 + OFFSET}`;
  const deadline = Date.now() + 90_000;
  for (;;) {
    try {
      if (BigInt(await rpc<string>(zoneUrl, 'quai_blockNumber')) > 0n) break;
    } catch {
      /* not up yet */
    }
    if (Date.now() > deadline) throw new Error('the --no-txpool --no-debug devnet did not start');
    await new Promise((r) => setTimeout(r, 500));
  }
  explorer = await startExplorer(await freePort(), rpcEnvFor(OFFSET, TOPOLOGY));
});

test.afterAll(async () => {
  await explorer?.stop();
  if (devnet && devnet.exitCode === null) {
    const exited = new Promise((r) => devnet?.once('exit', r));
    devnet.kill('SIGTERM');
    await exited;
  }
});

test('the txpool page explains that the node does not serve txpool methods', async ({ page }) => {
  const response = await page.goto(`${explorer!.url}/txpool/cyprus1`);
  expect(response?.status()).toBe(200);
  const main = page.locator('main');
  await expect(main).toContainText('not available');
  await expect(main).toContainText('txpool_status, txpool_content or txpool_inspect');
  await expect(main).toContainText('method not found');
  await screenshotAll(page, 'txpool-unserved');
});

test('the address page still verifies its proof and explains the missing pool section', async ({ page }) => {
  const dev = devAccountsOf('cyprus1')[0]!;
  const response = await page.goto(`${explorer!.url}/address/${dev.address}`);
  expect(response?.status()).toBe(200);
  await expect(page.getByTestId('account-proof')).toHaveAttribute('data-verdict', 'verified');
  await expect(page.locator('main')).toContainText('txpool_contentFrom');
  await expect(page.locator('main')).toContainText('not available');
});

test('the network page lists the chains and explains the missing debug methods', async ({ page }) => {
  const response = await page.goto(`${explorer!.url}/network?db=cyprus1&property=leveldb.stats`);
  expect(response?.status()).toBe(200);
  await expect(page.getByTestId('network-row')).toHaveCount(TOPOLOGY.length);
  await expect(page.getByTestId('chaindb-result')).toContainText('debug_chaindbProperty');
  await expect(page.getByTestId('chaindb-result')).toContainText('not available');
  await screenshotAll(page, 'network-unserved');
});
