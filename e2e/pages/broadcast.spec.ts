/**
 * The broadcast page against the devnet: a signed transaction pasted in is decoded before it is
 * sent (hash, sender, zone), sent to the sender's zone, mined, and linked; with
 * STRATA_BROADCAST=off the page is a 404 that explains itself.
 */
import { keccak256 } from 'viem';
import { test, expect } from '../fixtures';
import { screenshotAll } from '../screenshots';
import { devnetUrl } from '../support/env';
import { FEATURES_OFF } from '../support/shared-explorer';
import { QUAI, fundedAccount, signAt, waitForReceipt } from '../support/chain-actions';
import { devAccountsOf } from '../../devnet/accounts';

const ZONE = 'cyprus2';
const url = devnetUrl(ZONE);

test('a transaction broadcast from the page is decoded first, mined and linked', async ({ page }) => {
  test.setTimeout(180_000);
  const sender = await fundedAccount(url, ZONE, 'broadcast');
  const to = devAccountsOf(ZONE)[0]!.address;
  const raw = await signAt(sender, 0n, { to, value: QUAI / 1000n, gas: 21_000n, data: '0x' });
  const hash = keccak256(raw);

  await page.goto('/broadcast');
  await page.getByTestId('broadcast-raw').fill(raw);
  await expect(page.getByTestId('broadcast-hash')).toHaveText(hash);
  await expect(page.getByTestId('broadcast-sender')).toHaveText(sender.address);
  await expect(page.getByTestId('broadcast-zone')).toHaveText('Cyprus 2');
  await expect(page.getByTestId('broadcast-decoded')).toContainText('1000000000000000 wei');
  await screenshotAll(page, 'broadcast');

  await page.getByTestId('broadcast-send').click();
  await expect(page.getByTestId('broadcast-sent')).toContainText('Sent to Cyprus 2');
  await expect(page.getByTestId('broadcast-sent')).toContainText('The node returned the hash of the bytes sent');
  const link = page.getByTestId('broadcast-link');
  await expect(link).toHaveAttribute('href', `/tx/${hash}`);

  const receipt = await waitForReceipt(url, hash);
  expect(receipt.status).toBe('0x1');
  await link.click();
  await expect(page).toHaveURL(new RegExp(`/tx/${hash}$`));
  // The transaction page (rendered by the tx route) shows it once loaded.
  await expect(page.locator('main')).toContainText(hash.slice(0, 10), { timeout: 30_000 });
  expect((await page.request.get(`/tx/${hash}`)).status()).toBe(200);
});

test('a transaction the node would refuse is explained and not offered for sending', async ({ page }) => {
  const sender = await fundedAccount(url, ZONE, 'broadcast-bad', QUAI);
  // A type 0 transaction to an address of another zone: nodes refuse it.
  const raw = await signAt(sender, 0n, { to: devAccountsOf('hydra3')[0]!.address, value: 1n, gas: 21_000n, data: '0x' });
  await page.goto('/broadcast');
  await page.getByTestId('broadcast-raw').fill(raw);
  await expect(page.getByTestId('broadcast-problem')).toContainText('cannot cross zones');
  await expect(page.getByTestId('broadcast-send')).toBeDisabled();
  await page.getByTestId('broadcast-raw').fill('0xf86c');
  await expect(page.getByTestId('broadcast-decode-error')).toContainText('Legacy');
});

test('with STRATA_BROADCAST=off the page is a 404 that says broadcasting is off', async ({ page, allowConsoleErrors, sharedExplorer }) => {
  test.setTimeout(120_000);
  allowConsoleErrors(/404/);
  const explorer = await sharedExplorer(FEATURES_OFF);
  const response = await page.goto(`${explorer.url}/broadcast`);
  expect(response?.status()).toBe(404);
  await expect(page.getByTestId('broadcast-disabled')).toContainText('STRATA_BROADCAST=off');
  await expect(page.getByRole('navigation', { name: 'Main' })).not.toContainText('Broadcast');
  const api = await page.request.post(`${explorer.url}/api/broadcast`, { data: { raw: '0x00' } });
  expect(api.status()).toBe(404);
});
