/**
 * "Check in this browser": on a transaction, a block and an address page, the button loads the
 * verifier in a Web Worker, which fetches the page's evidence bundle and checks every claim —
 * "Checked in this browser" with each check holding (or saying why it cannot be checked), each
 * header's difficulty recomputed, and first of all whether a checkpoint anchors it. Through an
 * explorer that tampers with the bundle (a test-only proxy, e2e/support/bundle-tamper-proxy.ts)
 * the same page says "Failed in this browser", naming the check. On the transaction page the
 * control sits beside the title; its bundle is also offered as a download. A header pinned from
 * the explorer is said to prove only consistency with it; with the reader's own node the data
 * comes from the node instead, and a header pinned from it anchors the next check.
 */
import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { devAccountsOf } from '../../devnet/accounts';
import { startContractAddresses } from '../../devnet/contracts';
import { expect, test } from '../fixtures';
import { freshAccount, fundFromDev, QUAI } from '../support/chain-actions';
import { BASE_URL, devnetUrl } from '../support/env';
import { startBundleTamperProxy, type BundleTamperProxy } from '../support/bundle-tamper-proxy';
import { rpc } from '../support/rpc';
import { axeEveryWidthAndTheme, expectNoSidewaysScroll, WIDTHS } from '../support/axe';

const ZONE = 'cyprus1';
const url = devnetUrl(ZONE);

// Each test gathers one or two bundles (a few hundred node calls each) and verifies them in the browser.
test.describe.configure({ mode: 'serial', timeout: 120_000 });

let tx: string;
let block: string;
let proxy: BundleTamperProxy;

test.beforeAll(async () => {
  tx = await fundFromDev(url, ZONE, freshAccount(ZONE, 'evidence').address, QUAI);
  block = (await rpc<{ blockHash: string }>(url, 'quai_getTransactionByHash', [tx])).blockHash;
  // The lying explorer: the receipt of the page's transaction says it reverted.
  proxy = await startBundleTamperProxy(BASE_URL, (bundle) => {
    const body = bundle.body as { receipts: { transactionHash: string; status: string }[] };
    for (const receipt of body.receipts) if (receipt.transactionHash === tx) receipt.status = '0x0';
  });
});

test.afterAll(async () => {
  await proxy?.stop();
});

/** Presses the button and waits for the verdict; returns the checks by status. */
async function check(page: Page): Promise<{ verdict: string; failed: string[]; passed: string[] }> {
  await page.getByTestId('check-in-browser').click();
  const verdict = page.getByTestId('evidence-verdict');
  await expect(verdict).toBeVisible({ timeout: 30_000 });
  const names = (status: string) => page.locator(`[data-testid=evidence-check][data-status=${status}]`).evaluateAll((els) => els.map((e) => e.getAttribute('data-name') ?? ''));
  return { verdict: (await verdict.textContent()) ?? '', failed: await names('fail'), passed: await names('pass') };
}

test('a transaction page checks itself in the browser and offers its proof of payment', async ({ page }) => {
  await page.goto(`/tx/${tx}`);
  // The control sits beside the title, the facts below it.
  const title = page.locator('header', { has: page.getByRole('heading', { level: 1, name: /Transaction/ }) });
  await expect(title.getByTestId('check-in-browser')).toBeVisible();
  await title.getByText('What is checked?').click();
  await expect(title.getByTestId('evidence-about')).toContainText('difficulty the protocol gives it');
  await title.getByText('What is checked?').click();
  const result = await check(page);
  expect(result.verdict).toBe('Checked in this browser');
  expect(result.failed).toEqual([]);
  expect(result.passed).toEqual(
    expect.arrayContaining([
      'network', 'header hash', 'seal', 'parent links', 'difficulty', 'timestamps', 'work', 'transaction in transactions root', "sender's signature",
      'receipt in receipts root', 'account proof: sender', 'account proof: recipient',
    ]),
  );
  // No checkpoint pinned yet: said first, and in the checks, with why.
  await expect(page.getByTestId('evidence-anchor')).toHaveAttribute('data-anchored', 'false');
  await expect(page.getByTestId('evidence-anchor')).toContainText('Not anchored: No checkpoint was given');
  await expect(page.locator('[data-testid=evidence-check][data-name=checkpoint]')).toHaveAttribute('data-status', 'unchecked');
  // The header this explorer offers to pin is said to prove only consistency with it.
  await expect(page.getByTestId('evidence-pin-choices')).toContainText('only proves that later bundles agree with this explorer');
  // The open panel, its checks and the explanation beside the title: no axe violation, either width or theme.
  await page.getByText(/^Each check \(\d+\)$/).click();
  await title.getByText('What is checked?').click();
  expect(await axeEveryWidthAndTheme(page, 'the transaction page with its check open')).toEqual([]);
  await title.getByText('What is checked?').click();
  // The verdict's line names the transaction by its hash: on a phone it wraps, the page does not scroll sideways.
  await page.setViewportSize(WIDTHS[360]);
  await expectNoSidewaysScroll(page);
  await page.setViewportSize(WIDTHS[1280]);

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('evidence-download').click()]);
  expect(download.suggestedFilename()).toBe(`strata-evidence-tx-${tx}.json`);
  const bundle = JSON.parse(readFileSync((await download.path())!, 'utf8')) as { format: string; kind: string; subject: { transaction: string } };
  expect(bundle).toMatchObject({ format: 'strata-evidence', kind: 'tx', subject: { transaction: tx } });
});

test('a block page and an address page (with a storage slot) check themselves', async ({ page }) => {
  await page.goto(`/chain/${ZONE}/block/${block}`);
  const onBlock = await check(page);
  expect(onBlock.verdict).toBe('Checked in this browser');
  expect(onBlock.passed).toEqual(expect.arrayContaining(['header hash', 'seal', 'transactions root', "senders' signatures", 'receipts root']));

  const token = startContractAddresses(devAccountsOf(ZONE)[0]!.address, ZONE).token.address;
  await page.goto(`/address/${token}?slot=0`);
  const onAddress = await check(page);
  expect(onAddress.verdict).toBe('Checked in this browser');
  expect(onAddress.passed).toEqual(expect.arrayContaining(['header hash', 'seal', 'account proof', 'storage proofs']));
});

test('a bundle tampered with by the explorer fails in the browser, naming the check', async ({ page }) => {
  await page.goto(`${proxy.url}/tx/${tx}`);
  const result = await check(page);
  expect(proxy.tampered()).toBe(1);
  expect(result.verdict).toBe('Failed in this browser: receipt in receipts root');
  expect(result.failed).toEqual(['receipt in receipts root']);
});

test("with the reader's own node, and a header pinned as the checkpoint", async ({ page }) => {
  await page.goto(`/tx/${tx}`);
  await check(page);
  await page.getByText('Your own node and checkpoint', { exact: true }).click();
  await page.getByTestId('evidence-node').fill(url);
  await page.getByTestId('evidence-save').click();
  await expect(page.getByTestId('evidence-verdict')).toHaveText('Checked in this browser', { timeout: 30_000 });
  await expect(page.getByTestId('evidence-panel')).toContainText('from your node');

  await expect(page.getByTestId('evidence-pin')).toHaveText(/^Pin header #\d+ from your node$/);
  await page.getByTestId('evidence-pin').click();
  await expect(page.locator('[data-testid=evidence-check][data-name=checkpoint]')).toHaveAttribute('data-status', 'pass', { timeout: 30_000 });
  await expect(page.getByTestId('evidence-anchor')).toHaveAttribute('data-anchored', 'true');
  // Kept in this browser for the next page of the chain.
  expect(await page.evaluate((zone) => localStorage.getItem(`strata-evidence-checkpoint-${zone}`), ZONE)).toMatch(/^0x[0-9a-f]{64}$/);
});
