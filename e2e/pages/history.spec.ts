/**
 * The address page's History tab against the devnet, through the explorer's own index (a fresh
 * embedded index per run, written by the explorer process): a transfer the test just sent is
 * listed on both sides, the CSV downloads with it, the JSON API pages and refuses bad parameters,
 * and the network page shows the index per zone. An explorer whose database does not answer keeps
 * every other page working and says so where the history would be.
 */
import { readFileSync } from 'node:fs';
import { test, expect } from '../fixtures';
import { screenshotAll } from '../screenshots';
import { devnetUrl } from '../support/env';
import { QUAI, freshAccount, fundedAccount, sendRaw, signAt, nonceOf, waitForReceipt, type TestAccount } from '../support/chain-actions';

const ZONE = 'cyprus1';
const url = devnetUrl(ZONE);

test.describe.configure({ mode: 'serial' });

let sender: TestAccount;
let recipient: TestAccount;
let hash: string;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  sender = await fundedAccount(url, ZONE, 'history-sender', 5n * QUAI);
  recipient = freshAccount(ZONE, 'history-recipient');
  const raw = await signAt(sender, await nonceOf(url, sender.address), { gas: 21_000n, to: recipient.address, value: 123_456_789n, data: '0x' });
  hash = await sendRaw(url, raw);
  await waitForReceipt(url, hash as `0x${string}`);
});

test('the History tab lists a transaction just sent, on both sides', async ({ page }) => {
  test.setTimeout(90_000);
  // The index follows the tip; reload until the explorer has written the block.
  await expect(async () => {
    await page.goto(`/address/${sender.address}?tab=history`);
    await expect(page.locator(`[data-testid="history-row"][data-hash="${hash}"]`)).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 60_000 });
  const row = page.locator(`[data-testid="history-row"][data-hash="${hash}"]`);
  await expect(row).toContainText('out');
  await expect(row).toContainText('success');
  await expect(row).toContainText('Cyprus 1');
  await expect(page.getByRole('tab', { name: 'History' })).toHaveAttribute('aria-selected', 'true');

  await page.goto(`/address/${recipient.address}?tab=history`);
  const received = page.locator(`[data-testid="history-row"][data-hash="${hash}"]`);
  await expect(received).toContainText('in');
  await screenshotAll(page, 'address-history', { assertFits: true });
});

test('the CSV downloads with the transaction', async ({ page }) => {
  await page.goto(`/address/${sender.address}?tab=history`);
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('history-csv').click()]);
  expect(download.suggestedFilename()).toBe(`${sender.address.toLowerCase()}-transactions.csv`);
  const text = readFileSync(await download.path(), 'utf8');
  const [header, ...lines] = text.trim().split('\n');
  expect(header).toBe('hash,chain,blockNumber,blockHash,index,timestamp,direction,type,status,from,to,contractAddress,otherChain,value');
  const line = lines.find((l) => l.startsWith(hash));
  expect(line).toContain(`,cyprus1,`);
  expect(line).toContain(',out,internal,success,');
  expect(line?.endsWith(',123456789')).toBe(true);
});

test('the JSON API pages newest first and refuses bad parameters with 400', async ({ request }) => {
  const first = await request.get(`/api/v1/address/${sender.address}/transactions?limit=1`);
  expect(first.status()).toBe(200);
  const body = (await first.json()) as { items: { hash: string; value: string; blockNumber: string; direction: string }[]; next: string | null };
  // Two rows: the funding transfer in, the send out (newest first).
  expect(body.items).toHaveLength(1);
  expect(body.items[0]).toMatchObject({ hash, value: '123456789', direction: 'out' });
  expect(typeof body.items[0]?.blockNumber).toBe('string');
  expect(body.next).not.toBeNull();
  const second = await request.get(`/api/v1/address/${sender.address}/transactions?limit=1&cursor=${body.next}`);
  const page2 = (await second.json()) as { items: { direction: string }[]; next: string | null };
  expect(page2.items.map((i) => i.direction)).toEqual(['in']);

  for (const bad of ['?limit=0', '?limit=101', '?limit=abc', '?cursor=%27%3B', '?cursor=bm9wZQ']) {
    const response = await request.get(`/api/v1/address/${sender.address}/transactions${bad}`);
    expect(response.status(), bad).toBe(400);
    expect(((await response.json()) as { error: string }).error.length).toBeGreaterThan(0);
  }
  expect((await request.get('/api/v1/address/0x12/transactions')).status()).toBe(400);

  const etherscan = await request.get(`/api?module=account&action=txlist&address=${sender.address}&sort=desc&page=1&offset=10`);
  const envelope = (await etherscan.json()) as { status: string; message: string; result: { hash: string; value: string }[] };
  expect(envelope.status).toBe('1');
  expect(envelope.result[0]).toMatchObject({ hash, value: '123456789' });
  const refused = await request.get('/api?module=account&action=txlist&address=nope');
  expect(refused.status()).toBe(400);
  expect(await refused.json()).toMatchObject({ status: '0', message: 'NOTOK' });
});

test('the network page and the status API show the index per zone', async ({ page, request }) => {
  const status = await request.get('/api/v1/index/status');
  expect(status.status()).toBe(200);
  const body = (await status.json()) as { chains: { chain: string; indexedHeight: string | null; tip: string | null; lag: string | null }[] };
  expect(body.chains.map((c) => c.chain)).toContain('cyprus1');
  const cyprus1 = body.chains.find((c) => c.chain === 'cyprus1');
  expect(Number(cyprus1?.indexedHeight)).toBeGreaterThan(0);
  await page.goto('/network');
  await expect(page.getByTestId('index-status').locator('tr[data-chain="cyprus1"]')).toBeVisible();
  await screenshotAll(page, 'network-index');
});

test('with a database that does not answer, pages work and the History tab says why', async ({ page, sharedExplorer }) => {
  test.setTimeout(120_000);
  const explorer = await sharedExplorer({ STRATA_INDEX: 'on', DATABASE_URL: 'postgres://strata@127.0.0.1:9/none' });
  const overview = await page.goto(`${explorer.url}/address/${sender.address}`);
  expect(overview?.status()).toBe(200);
  await expect(page.getByTestId('balance')).toBeVisible();
  const history = await page.goto(`${explorer.url}/address/${sender.address}?tab=history`);
  expect(history?.status()).toBe(200);
  await expect(page.getByTestId('history-unavailable')).toContainText('The history index is unavailable');
  const api = await page.request.get(`${explorer.url}/api/v1/address/${sender.address}/transactions`);
  expect(api.status()).toBe(503);
  const network = await page.goto(`${explorer.url}/network`);
  expect(network?.status()).toBe(200);
  await expect(page.getByTestId('index-status-unavailable')).toBeVisible();
});
