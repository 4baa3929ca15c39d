/**
 * The txpool page against the devnet: a transaction sent with a nonce gap shows as queued, with
 * the missing nonces marked, and the page picks up new pool entries by itself.
 */
import { test, expect } from '../fixtures';
import { screenshotAll } from '../screenshots';
import { devnetUrl } from '../support/env';
import { GWEI, fundedAccount, sendRaw, signAt } from '../support/chain-actions';
import { rpc } from '../support/rpc';

const ZONE = 'cyprus1';
const url = devnetUrl(ZONE);

test('a queued transaction shows with its nonce gap, and new entries appear without a reload', async ({ page }) => {
  test.setTimeout(180_000);
  const sender = await fundedAccount(url, ZONE, 'txpool-gap');
  // The account's nonce is 0: sending nonce 2 leaves nonces 0 and 1 missing, so it stays queued.
  await sendRaw(url, await signAt(sender, 2n, { to: sender.address, value: 1n, gas: 21_000n, data: '0x', gasTipCap: GWEI }));
  const status = await rpc<{ queued: string }>(url, 'txpool_status');
  expect(BigInt(status.queued)).toBeGreaterThan(0n);

  await page.goto(`/txpool/${ZONE}`);
  const group = page.locator(`[data-testid=pool-group][data-sender="${sender.address.toLowerCase()}"]`);
  await expect(group).toBeVisible();
  await expect(group.locator('[data-testid=pool-tx][data-nonce="2"]')).toHaveAttribute('data-status', 'queued');
  await expect(group.getByTestId('nonce-gap').first()).toContainText('nonces 0–1 missing');
  await expect(group).toContainText('2 missing');
  await expect(page.getByTestId('queued-count')).not.toHaveText('0');

  // Another queued transaction (nonce 5) appears by the page's own polling: a second gap, 3–4.
  await sendRaw(url, await signAt(sender, 5n, { to: sender.address, value: 1n, gas: 21_000n, data: '0x', gasTipCap: GWEI }));
  await expect(group.locator('[data-testid=pool-tx][data-nonce="5"]')).toBeVisible({ timeout: 15_000 });
  await expect(group.getByTestId('nonce-gap').nth(1)).toContainText('nonces 3–4 missing');

  await screenshotAll(page, 'txpool');

  // The sender's address page lists its own pooled transactions (txpool_contentFrom).
  await page.goto(`/address/${sender.address}`);
  await expect(page.getByTestId('address-pool')).toContainText('nonce 2');
  await expect(page.getByTestId('address-pool')).toContainText('nonce 5');
  await expect(page.getByTestId('address-pool')).toContainText('queued');
});

test('a region is not a zone: its txpool is a 404 that says why', async ({ page, allowConsoleErrors }) => {
  allowConsoleErrors(/404/);
  const response = await page.goto('/txpool/cyprus');
  expect(response?.status()).toBe(404);
  await expect(page.locator('main')).toContainText('not a zone');
});
