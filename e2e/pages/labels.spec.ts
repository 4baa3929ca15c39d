/**
 * Labels in a real browser: the devnet's default labels (STRATA_LABELS, written by the Playwright
 * config) on dev accounts; a label of the reader's own added on the address page shows on a
 * transaction page, survives a reload, and comes back from an exported file after the browser's
 * storage is cleared.
 */
import { readFileSync } from 'node:fs';
import { devAccountsOf } from '../../devnet/accounts';
import { expect, test } from '../fixtures';
import { screenshotAll } from '../screenshots';
import { QUAI, freshAccount, fundFromDev } from '../support/chain-actions';
import { devnetUrl } from '../support/env';
import { serializeLabelFile } from '../../lib/search/labels/label-entry';
import { labelLookupRequest, MAX_LOOKUP, readLabelLookup } from '../../lib/search/labels/label-lookup';
import { OWN_LABELS_KEY } from '../../lib/search/labels/own-labels';
import { bigAbi } from '../support/big-abi';
import { hydrated } from '../support/hydration';

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

test('a live list labels the rows that arrive after the page was sent, asking /api/labels', async ({ page }) => {
  // The home page's feeds start with the labels the server found in them; a poll's new rows
  // (the devnet's traffic is sent by its labelled dev accounts) are asked of /api/labels.
  const labelled = page.waitForResponse(
    async (response) =>
      new URL(response.url()).pathname === '/api/labels' && response.request().method() === 'POST' && Object.keys(readLabelLookup(await response.json())).length > 0,
    { timeout: 45_000 },
  );
  await page.goto('/');
  const labels = readLabelLookup(await (await labelled).json());
  const [address, label] = Object.entries(labels)[0]!;
  // The tag sits beside the address's link, in the span LiveAddress draws.
  const link = page.locator(`[data-testid="tx-feed"] a[href="/address/${address}" i], [data-testid="block-feed"] a[href="/address/${address}" i]`);
  await expect(link.first().locator('xpath=..').getByTestId('address-label')).toHaveText(label);

  // As many addresses as the client asks at once (MAX_LOOKUP): more than a query's 2,048 characters hold.
  const addresses = [address, ...Array.from({ length: MAX_LOOKUP - 1 }, (_, i) => `0x${(i + 1).toString(16).padStart(40, '0')}`)];
  const asked = labelLookupRequest(addresses);
  const answer = await page.request.post('/api/labels', { headers: asked.headers as Record<string, string>, data: asked.body as string });
  expect(answer.status()).toBe(200);
  expect(readLabelLookup(await answer.json())).toEqual({ [address.toLowerCase()]: label });
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

test('a file too big for the browser’s storage is refused whole, saying how much fits', async ({ page }) => {
  test.setTimeout(120_000);
  const kept = serializeLabelFile([{ address: `0x${'77'.repeat(20)}`, label: 'Kept across the refusal' }]);
  await page.goto('/labels');
  await page.evaluate(([key, text]) => localStorage.setItem(key, text), [OWN_LABELS_KEY, kept] as const);
  await page.reload();
  await expect(page.getByTestId('own-labels')).toContainText('Kept across the refusal');

  // Twelve labels with a 1 MB ABI each: more than local storage holds for one site (about 5 MB in Chromium).
  const heavy = serializeLabelFile(
    Array.from({ length: 12 }, (_, i) => ({ address: `0x${(i + 1).toString(16).padStart(2, '0').repeat(20)}` as const, label: `Heavy ${i + 1}`, abi: bigAbi(1_000_000) })),
  );
  await page.getByTestId('labels-import').setInputFiles({ name: 'heavy.json', mimeType: 'application/json', buffer: Buffer.from(heavy) });
  await expect(page.getByTestId('labels-status')).toHaveText(
    /^Your labels with heavy\.json need 1\d\.\d MB of browser storage; about \d+\.\d MB fits\. Nothing was imported\.$/,
  );
  expect(await page.evaluate((key) => localStorage.getItem(key), OWN_LABELS_KEY)).toBe(kept);
  await expect(page.getByTestId('own-labels').locator('li')).toHaveCount(1);
});
