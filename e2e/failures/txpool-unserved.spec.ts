/**
 * A node that serves no txpool_* or debug_* methods (a default go-quai node; the devnet's
 * --no-txpool --no-debug): the txpool page, the address page's pool section and the network
 * page's database viewer explain what is missing instead of failing.
 */
import { test, expect } from '../fixtures';
import { screenshotAll } from '../screenshots';
import { freePort } from '../support/ports';
import { startExplorer, type ExplorerInstance } from '../support/explorer';
import { startSpareDevnet, type SpareDevnet } from '../support/spare-devnet';
import { devAccountsOf } from '../../devnet/accounts';

test.describe.configure({ mode: 'serial' });

let devnet: SpareDevnet | undefined;
let explorer: ExplorerInstance | undefined;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  devnet = await startSpareDevnet(['--no-txpool', '--no-debug'], '--no-txpool --no-debug');
  explorer = await startExplorer(await freePort(), devnet.env);
});

test.afterAll(async () => {
  await explorer?.stop();
  await devnet?.stop();
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
  await expect(page.getByTestId('network-row')).toHaveCount(devnet!.chains.length);
  await expect(page.getByTestId('chaindb-result')).toContainText('debug_chaindbProperty');
  await expect(page.getByTestId('chaindb-result')).toContainText('not available');
  await screenshotAll(page, 'network-unserved');
});
