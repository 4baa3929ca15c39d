/**
 * Labels in a real browser: the devnet's default labels (STRATA_LABELS, written by the Playwright
 * config) on dev accounts; a label of the reader's own added on the address page shows on a
 * transaction page, survives a reload, and comes back from an exported file after the browser's
 * storage is cleared.
 */
import { readFileSync } from 'node:fs';
import { devAccountsOf } from '../devnet/accounts';
import { expect, test } from './fixtures';
import { screenshotAll } from './screenshots';
import { QUAI, freshAccount, fundFromDev } from './support/chain-actions';
import { devnetUrl } from './support/env';
import { hydrated } from './support/hydration';

const ZONE = 'cyprus1';
const url = devnetUrl(ZONE);

test('the devnet labels its dev accounts for every reader', async ({ page }) => {
  const dev = devAccountsOf(ZONE)[0]!;
  await page.goto(`/address/${dev.address}`);
  const label = page.locator('h1').getByTestId('address-label');
  await expect(label).toHaveText(`Dev account 1 · ${ZONE}`);
  await expect(label).toHaveAttribute('data-source', 'operator');
  await page.goto('/labels');
  await expect(page.getByTestId('operator-labels')).toContainText(`DevProxy → DevToken · ${ZONE}`);
});

test('a label of your own: shown on another page, kept across a reload, restored by export then import', async ({ page }, testInfo) => {
  test.setTimeout(180_000);
  const account = freshAccount(ZONE, 'labels');
  const funding = await fundFromDev(url, ZONE, account.address, QUAI);
  const name = `Savings ${Date.now() % 100_000}`;

  // Add it on the address page.
  await page.goto(`/address/${account.address}`);
  await page.getByTestId('label-input').fill(name);
  await page.getByTestId('label-abi').fill('function transfer(address to, uint256 amount)');
  await page.getByTestId('label-save').click();
  await expect(page.locator('h1').getByTestId('address-label')).toHaveText(name);
  await screenshotAll(page, 'address-own-label', { assertFits: true });

  // Another page: the funding transaction's recipient carries it, and still after a reload.
  await page.goto(`/tx/${funding}`);
  const own = page.locator('[data-testid="address-label"][data-source="own"]');
  await expect(own.first()).toHaveText(name);
  await page.reload();
  await expect(own.first()).toHaveText(name);

  // Export, clear the browser's storage, import: the label is back.
  await page.goto('/labels');
  await expect(page.getByTestId('own-labels')).toContainText(name);
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('labels-export').click()]);
  const file = testInfo.outputPath('strata-labels.json');
  await download.saveAs(file);
  expect(JSON.parse(readFileSync(file, 'utf8'))).toMatchObject({ version: 1, labels: [{ address: account.address, label: name }] });
  await screenshotAll(page, 'labels', { assertFits: true });

  await page.evaluate(() => localStorage.clear());
  await page.goto(`/tx/${funding}`);
  // The reader's labels are drawn in the browser only: absent means absent once React has the
  // recipient's address (its label sits beside the link), not merely before it has run.
  await hydrated(page.locator(`a[href="/address/${account.address}" i]`));
  await expect(own).toHaveCount(0);
  await page.goto('/labels');
  await page.getByTestId('labels-import').setInputFiles(file);
  await expect(page.getByTestId('labels-status')).toHaveText('Imported 1 label from strata-labels.json.');
  await page.goto(`/tx/${funding}`);
  await expect(own.first()).toHaveText(name);

  // A file that is not a label file is refused with the reason.
  await page.goto('/labels');
  await page.getByTestId('labels-import').setInputFiles({ name: 'bad.json', mimeType: 'application/json', buffer: Buffer.from('{"labels":[]}') });
  await expect(page.getByTestId('labels-status')).toContainText('bad.json: Unknown version undefined');
});
