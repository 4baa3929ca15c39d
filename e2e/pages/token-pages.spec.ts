/**
 * The token and ETX-journey pages, in a real browser against the devnet and the explorer's own
 * index: the token page shows SDT and its holders (each balance equal to the node's balanceOf);
 * the address page's Token transfers tab lists a transfer the test just made and the holding; a
 * cross-zone transaction's journey card reaches "delivered"; the ETX's own page links back to the
 * transaction that emitted it. Screenshots of each, light and dark, 1280 and 360 px.
 */
import { encodeFunctionData, type Address, type Hex } from 'viem';
import { DevTokenAbi } from '../../devnet/contracts';
import { balanceOfCall } from '../../lib/decode/token-metadata';
import { expect, test } from '../fixtures';
import { screenshotAll } from '../screenshots';
import { DEVNET_OFFSET, devnetUrl, rpcEnvFor } from '../support/env';
import { startExplorer } from '../support/explorer';
import { freePort } from '../support/ports';
import { FEATURES_OFF } from '../support/shared-explorer';
import { startTamperProxy } from '../support/tamper-proxy';
import { CHAINS } from '../../lib/protocol/chains';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { rpc } from '../support/rpc';
import { QUAI, deployToken, freshAccount, fundedAccount, nonceOf, sendCrossZone, sendRaw, signAt, waitForReceipt, type TestAccount } from '../support/chain-actions';

const ZONE = 'cyprus1';
const url = devnetUrl(ZONE);

test.describe.configure({ mode: 'serial' });

let token: Address;
let holder: TestAccount;
let recipient: TestAccount;
let transferHash: Hex;

async function nodeBalance(owner: string): Promise<bigint> {
  return BigInt(await rpc<string>(url, 'quai_call', [{ to: token, data: balanceOfCall(owner as Hex) }, 'latest']));
}

test('the token page shows SDT, its supply and its holders, each balance equal to balanceOf', async ({ page, request }) => {
  test.setTimeout(240_000);
  holder = await fundedAccount(url, ZONE, 'token-page-holder', 2n * QUAI);
  recipient = freshAccount(ZONE, 'token-page-recipient');
  token = await deployToken(url, ZONE, holder, 1_000_000n * QUAI);
  const data = encodeFunctionData({ abi: DevTokenAbi, functionName: 'transfer', args: [recipient.address, 1_234_500_000_000_000_000_000n] });
  transferHash = await sendRaw(url, await signAt(holder, await nonceOf(url, holder.address), { to: token, value: 0n, gas: 100_000n, data }));
  await waitForReceipt(url, transferHash);
  // The index has the transfer once the recipient's token transfers list it.
  await expect
    .poll(async () => {
      const response = await request.get(`/api/v1/address/${recipient.address}/token-transfers?limit=5`);
      return response.status() === 200 && ((await response.json()) as { items: { hash: string }[] }).items.some((i) => i.hash === transferHash);
    }, { timeout: 90_000, intervals: [1_000] })
    .toBe(true);

  await page.goto(`/token/${token}`);
  await expect(page.getByTestId('token-symbol')).toHaveText('SDT');
  await expect(page.getByTestId('token-decimals')).toHaveText('18');
  await expect(page.getByTestId('token-total-supply')).toContainText('1,000,000 SDT');
  const rows = page.getByTestId('holder-row');
  await expect(rows).toHaveCount(2);
  for (const account of [holder, recipient]) {
    const row = page.locator(`[data-testid="holder-row"][data-address="${account.address.toLowerCase()}"]`);
    await expect(row).toHaveAttribute('data-status', 'matches');
    const raw = await row.getByTestId('holder-balance').getAttribute('data-raw');
    expect(BigInt(raw ?? '-1')).toBe(await nodeBalance(account.address));
  }
  await expect(page.locator(`[data-testid="holder-row"][data-address="${recipient.address.toLowerCase()}"]`)).toContainText('1,234.5 SDT');
  await expect(page.getByTestId('holders-summary')).toContainText('match balanceOf');
  // The transfer the test made, and the mint before it.
  await expect(page.locator(`[data-testid="token-transfer-row"][data-hash="${transferHash}"]`)).toContainText('1,234.5');
  await screenshotAll(page, 'token-page', { assertFits: true });
});

test('a malformed token address is a 404 saying why; an account is not a token', async ({ page, allowConsoleErrors }) => {
  allowConsoleErrors(/Failed to load resource.*404/);
  const bad = await page.goto('/token/0x12');
  expect(bad?.status()).toBe(404);
  await expect(page.locator('body')).toContainText('is not an address');
  await page.goto(`/token/${recipient.address}`);
  await expect(page.getByTestId('not-a-token')).toContainText('This address is not a contract');
});

test('the address page\'s Token transfers tab lists the transfer and the holding, linking to the token page', async ({ page }) => {
  await page.goto(`/address/${recipient.address}?tab=tokens`);
  await expect(page.getByRole('tab', { name: 'Token transfers' })).toHaveAttribute('aria-selected', 'true');
  const row = page.locator(`[data-testid="token-transfer-row"][data-hash="${transferHash}"]`);
  await expect(row).toContainText('in');
  await expect(row).toContainText('1,234.5');
  await expect(row.getByTestId('token-page-link')).toHaveAttribute('href', `/token/${token}`);
  const holding = page.locator(`[data-testid="holding-row"][data-token="${token.toLowerCase()}"]`);
  await expect(holding.getByTestId('holding-balance')).toHaveText('1,234.5 SDT');
  await screenshotAll(page, 'address-tokens', { assertFits: true });

  // The sender sees the same transfer going out; the token contract's own page links to the token page.
  await page.goto(`/address/${holder.address}?tab=tokens`);
  await expect(page.locator(`[data-testid="token-transfer-row"][data-hash="${transferHash}"]`)).toContainText('out');
  await page.goto(`/address/${token}`);
  await expect(page.getByTestId('token-facts').getByTestId('token-page-link')).toHaveAttribute('href', `/token/${token}`);
});

test('a cross-zone transaction\'s journey card reaches "delivered"; the ETX\'s page links back to its origin', async ({ page, allowConsoleErrors }) => {
  test.setTimeout(240_000);
  // Until the index reaches the origin block the card's poll is answered 404 (the browser logs it).
  allowConsoleErrors(/Failed to load resource.*404/);
  const sender = await fundedAccount(url, ZONE, 'journey-page-sender', 2n * QUAI);
  const to = freshAccount('cyprus2', 'journey-page-recipient').address;
  const { hash, blockNumber, etx } = await sendCrossZone(url, sender, to);

  await page.goto(`/tx/${hash}`);
  const card = page.locator(`[data-testid="etx-journey"][data-etx="${etx}"]`);
  await expect(card).toBeVisible();
  // The pending state is usually on screen for a few seconds: keep a picture of it when it is.
  await expect(card.getByTestId('etx-journey-status')).toHaveText(/pending|delivered/, { timeout: 120_000 });
  if ((await card.getByTestId('etx-journey-status').textContent()) === 'pending') await screenshotAll(page, 'etx-journey-pending', { fullPage: false });
  await expect(card.getByTestId('etx-journey-status')).toHaveText('delivered', { timeout: 180_000 });
  await expect(card).toContainText(`#${BigInt(blockNumber).toString()}`);
  const credited = await rpc<{ blockHash: string }>(devnetUrl('cyprus2'), 'quai_getTransactionByHash', [etx]);
  await expect(card.getByTestId('etx-destination-block')).toHaveAttribute('href', `/chain/cyprus2/block/${credited.blockHash}`);
  await expect(card.getByTestId('etx-destination-numbers')).toHaveText(/^\[Prime \d[\d,]*, Region \d[\d,]*, Zone \d[\d,]*\]$/);
  await expect(card.getByTestId('etx-journey-took')).toBeVisible();
  await screenshotAll(page, 'etx-journey', { assertFits: true });

  await page.goto(`/tx/${etx}`);
  const origin = page.getByTestId('etx-origin');
  await expect(origin.getByTestId('etx-origin-tx').getByRole('link')).toHaveAttribute('href', `/tx/${hash}`);
  await expect(origin.getByTestId('etx-origin-block')).toHaveText(`#${BigInt(blockNumber).toString()}`);
});

test('with the index off, the token page, the Token transfers and Contract tabs say so and show what the node answers', async ({ page, sharedExplorer }) => {
  test.setTimeout(120_000);
  const explorer = await sharedExplorer(FEATURES_OFF);
  const tab = await page.goto(`${explorer.url}/address/${recipient.address}?tab=tokens`);
  expect(tab?.status()).toBe(200);
  await expect(page.getByTestId('holdings-unavailable')).toContainText('The history index is off');
  await expect(page.getByTestId('token-transfers-unavailable')).toContainText('STRATA_INDEX=off');
  const tokenPage = await page.goto(`${explorer.url}/token/${token}`);
  expect(tokenPage?.status()).toBe(200);
  await expect(page.getByTestId('token-symbol')).toHaveText('SDT');
  await expect(page.getByTestId('holders-unavailable')).toContainText('The history index is off');
  // Without the store, whether the token is verified is not known, and the Contract tab says only that.
  const contract = await page.goto(`${explorer.url}/address/${token}?tab=contract`);
  expect(contract?.status()).toBe(200);
  await expect(page.getByTestId('contract-verification-unknown')).toContainText('cannot be said now');
  await expect(page.getByTestId('contract-verification-unknown')).toContainText('STRATA_INDEX=off');
  await expect(page.getByTestId('contract-unverified')).toHaveCount(0);
});

test('a holder whose balanceOf differs from the index\'s sum is shown with the difference', async ({ page, request }) => {
  test.setTimeout(180_000);
  // A node whose balanceOf answer for the recipient is one raw unit more than the truth: the token page must say so, not hide it.
  const selector = balanceOfCall(recipient.address).slice(0, 74).toLowerCase();
  const proxy = await startTamperProxy({
    target: url,
    rules: [{
      method: 'call',
      answer: (result, params) => {
        const call = params[0] as { data?: string; input?: string } | undefined;
        const data = (call?.data ?? call?.input ?? '').toLowerCase();
        if (typeof result !== 'string' || !data.startsWith(selector)) return undefined;
        return { result: `0x${(BigInt(result) + 1n).toString(16).padStart(64, '0')}` };
      },
    }],
  });
  // Its own index of cyprus1 alone, from the token's first block, so it does not backfill every zone of the shared devnet.
  const transfers = (await (await request.get(`/api/v1/address/${holder.address}/token-transfers?limit=10`)).json()) as { items: { token: string; blockNumber: string }[] };
  const from = transfers.items.filter((i) => i.token === token.toLowerCase()).map((i) => BigInt(i.blockNumber)).reduce((a, b) => (a < b ? a : b));
  const cyprus1 = CHAINS.filter((c) => c.name === ZONE);
  const explorer = await startExplorer(await freePort(), {
    ...rpcEnvFor(DEVNET_OFFSET, cyprus1),
    STRATA_RPC_CYPRUS1: proxy.url,
    STRATA_INDEX: 'on',
    STRATA_INDEX_DIR: mkdtempSync(join(tmpdir(), 'strata-e2e-token-index-')),
    STRATA_INDEX_FROM: from.toString(),
  });
  try {
    const row = page.locator(`[data-testid="holder-row"][data-address="${recipient.address.toLowerCase()}"]`);
    await expect(async () => {
      await page.goto(`${explorer.url}/token/${token}`);
      await expect(row).toHaveAttribute('data-status', 'differs', { timeout: 2_000 });
    }).toPass({ timeout: 120_000, intervals: [2_000] });
    await expect(row.getByTestId('holder-check')).toContainText('✗ balanceOf says');
    await expect(row.getByTestId('holder-check')).toContainText('(+1 raw unit)');
    await expect(page.locator(`[data-testid="holder-row"][data-address="${holder.address.toLowerCase()}"]`)).toHaveAttribute('data-status', 'matches');
    await expect(page.getByTestId('holders-summary')).toContainText('1 of the top 2 holders differs from balanceOf');
    expect(proxy.tamperedBy('call')).toBeGreaterThan(0);
    await screenshotAll(page, 'token-holders-differ', { assertFits: true });
  } finally {
    await page.goto('about:blank');
    await explorer.stop();
    await proxy.stop();
  }
});
