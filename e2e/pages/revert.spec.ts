/**
 * Why a transaction failed, in a real browser against the e2e devnet (whose nodes trace and serve
 * the lastPcTracer), with contracts of this spec's own (devnet/contracts/RevertLab.sol, its errors
 * in LabErrors.sol): a RevertLab and a RevertRelay deployed from a fresh account and verified
 * through the API, as hardhat-verify does (standard JSON, two files), then failed in each way:
 *
 *   the overview's status row says why — a reason, a panic and its meaning, a custom error with its
 *   arguments (decoded with the verified ABI, and saying so), out of gas — with the frame it
 *   started in and the verified source line, linking to it highlighted in the Contract tab;
 *   a revert caught inside a success ("1 internal call reverted") and the History tab's mark;
 *   a revert two calls deep: the lab's line and each relay line that called down, on the overview
 *   and in the Trace tab;
 *   `/address/<lab>#code` opens the Contract tab, the contract's own file first and every file open;
 *   /broadcast's Check: a dry run of a failing and of a succeeding signed transaction, neither sent
 *   (the nonce unchanged), the first with its reason and line.
 * The status row and the Trace tab are shot at 360 px in both themes, and must fit.
 */
import type { Page } from '@playwright/test';
import { encodeFunctionData, type Address, type Hex } from 'viem';
import { REVERT_CONTRACTS, RevertLabAbi, RevertRelayAbi } from '../../devnet/contracts';
import { expect, test } from '../fixtures';
import { screenshotAll } from '../screenshots';
import { deployContractTx, fundedAccount, nonceOf, QUAI, sendRaw, signAt, waitForReceipt, type TestAccount } from '../support/chain-actions';
import { devnetUrl } from '../support/env';
import { devnetSource, verifyDevnetContract } from '../support/verify-api';

const ZONE = 'cyprus1';
const url = devnetUrl(ZONE);
const FILES = ['RevertLab.sol', 'LabErrors.sol'];
const lineOf = (file: string, needle: string) => devnetSource(file).split('\n').findIndex((l) => l.includes(needle)) + 1;
const REQUIRE_LINE = `RevertLab.sol:${lineOf('RevertLab.sol', 'require(x < 10')}`;

test.describe.configure({ mode: 'serial' });

let sender: TestAccount;
let lab: Address;
let relay: Address;
const sent: Record<'reason' | 'panic' | 'custom' | 'oog' | 'inner' | 'deep', Hex> = { reason: '0x', panic: '0x', custom: '0x', oog: '0x', inner: '0x', deep: '0x' };

/**
 * A transaction's page once its node has answered the trace. On a loaded machine the devnet can
 * take longer than the explorer's budget for a trace; the page then says so (never kept), and a
 * reader loads it again.
 */
async function openTraced(page: Page, path: string): Promise<void> {
  await expect(async () => {
    await page.goto(path);
    await expect(page.getByText(/did not answer within/)).toHaveCount(0, { timeout: 1_000 });
  }).toPass({ timeout: 90_000 });
}

const labCall = (functionName: 'requireBelow' | 'panic' | 'withdraw' | 'burn', args: readonly bigint[] = []) =>
  encodeFunctionData({ abi: RevertLabAbi, functionName, args } as never);

test.beforeAll(async () => {
  test.setTimeout(420_000);
  sender = await fundedAccount(url, ZONE, 'revert-spec', 5n * QUAI);
  lab = (await deployContractTx(url, ZONE, sender, REVERT_CONTRACTS.lab)).address;
  relay = (await deployContractTx(url, ZONE, sender, REVERT_CONTRACTS.relay)).address;
  await Promise.all([verifyDevnetContract(lab, 'RevertLab.sol:RevertLab', FILES), verifyDevnetContract(relay, 'RevertLab.sol:RevertRelay', FILES)]);
  // Every failure at once, one nonce after another.
  const start = await nonceOf(url, sender.address);
  const calls: [keyof typeof sent, Address, Hex, bigint][] = [
    ['reason', lab, labCall('requireBelow', [42n]), 200_000n],
    ['panic', lab, labCall('panic', [0x11n]), 200_000n],
    ['custom', lab, labCall('withdraw', [5n]), 200_000n],
    ['oog', lab, labCall('burn'), 120_000n],
    ['inner', relay, encodeFunctionData({ abi: RevertRelayAbi, functionName: 'attempt', args: [lab, 42n] }), 300_000n],
    ['deep', relay, encodeFunctionData({ abi: RevertRelayAbi, functionName: 'relayVia', args: [relay, lab, 42n] }), 300_000n],
  ];
  for (const [i, [name, to, data, gas]] of calls.entries()) sent[name] = await sendRaw(url, await signAt(sender, start + BigInt(i), { to, value: 0n, gas, data }));
  const receipts = await Promise.all(calls.map(([name]) => waitForReceipt(url, sent[name], 90_000)));
  expect(receipts.map((r) => r.status)).toEqual(['0x0', '0x0', '0x0', '0x0', '0x1', '0x0']);
});

test('each kind of failure on the overview: why, where it started, and the verified line', async ({ page }) => {
  test.setTimeout(180_000);
  const cases: [keyof typeof sent, string, RegExp, string][] = [
    ['reason', 'reason', /^Fail with error “RevertLab: x must be below 10”$/, REQUIRE_LINE],
    ['panic', 'panic', /^Panic 0x11: arithmetic overflow or underflow$/, `RevertLab.sol:${lineOf('RevertLab.sol', 'return count - code')}`],
    ['custom', 'custom', /^Shortfall\(who=0x[0-9a-fA-F]{40}, have=0, want=5\)$/, `LabErrors.sol:${lineOf('LabErrors.sol', 'revert Shortfall')}`],
    ['oog', 'evm', /^Out of gas$/, `RevertLab.sol:${lineOf('RevertLab.sol', 'while (true)')}`],
  ];
  for (const [name, kind, text, line] of cases) {
    await openTraced(page, `/tx/${sent[name]}`);
    const status = page.getByTestId('failure');
    await expect(status.getByTestId('failure-why'), name).toHaveAttribute('data-kind', kind);
    await expect(status.getByTestId('failure-why').locator('span').first()).toHaveText(text);
    await expect(status.getByTestId('failure-frame')).toHaveAttribute('href', `/tx/${sent[name]}?tab=trace#frame-root`);
    await expect(status.getByTestId('failure-line')).toHaveAttribute('data-line', line);
  }
  // The custom error says which ABI named it; out of gas says what it means.
  await openTraced(page, `/tx/${sent.custom}`);
  await expect(page.getByTestId('failure-source')).toHaveText("custom error, decoded with the contract's verified ABI");
  await expect(page.getByTestId('failure-site')).toContainText('RevertLab.withdraw()');
  await openTraced(page, `/tx/${sent.oog}`);
  await expect(page.getByTestId('failure-source')).toContainText('used all the gas it was given');
  await openTraced(page, `/tx/${sent.reason}`);
  await screenshotAll(page, 'revert-status', { assertFits: true });
});

test('a revert caught inside a success: "1 internal call reverted", its reason, frame and line; marked in the History tab', async ({ page }) => {
  test.setTimeout(180_000);
  await openTraced(page, `/tx/${sent.inner}`);
  await expect(page.getByTestId('tx-status')).toContainText('success');
  const inner = page.getByTestId('inner-reverts');
  await expect(inner).toHaveAttribute('data-count', '1');
  await expect(inner.locator('summary')).toContainText('1 internal call reverted');
  await expect(inner.locator('summary')).toContainText('RevertLab: x must be below 10');
  await expect(inner.getByTestId('failure-frame')).toHaveAttribute('href', `/tx/${sent.inner}?tab=trace#frame-0`);
  await expect(inner.getByTestId('failure-line')).toHaveAttribute('data-line', REQUIRE_LINE);
  await expect(inner.getByTestId('failure-caller-line')).toHaveAttribute('data-line', `RevertLab.sol:${lineOf('RevertLab.sol', 'try lab.requireBelow(x)')}`);
  await screenshotAll(page, 'revert-inner', { assertFits: true });
  // The index reads the same call trees: the sender's History tab marks the transaction.
  const row = page.locator(`[data-testid="history-row"][data-hash="${sent.inner}"]`);
  await expect(async () => {
    await page.goto(`/address/${sender.address}?tab=history`);
    await expect(row.getByTestId('history-inner-reverts')).toHaveAttribute('data-count', '1', { timeout: 1_000 });
  }).toPass({ timeout: 120_000 });
});

test('a revert two calls deep: the lab’s line and each relay line that called down, on the overview and in the Trace tab', async ({ page }) => {
  test.setTimeout(180_000);
  await openTraced(page, `/tx/${sent.deep}`);
  const site = page.getByTestId('failure-site');
  await expect(site).toHaveAttribute('data-path', '0_0');
  await expect(site.getByTestId('failure-line')).toHaveAttribute('data-line', REQUIRE_LINE);
  // The nearest caller first: relay.relay's call, then relayVia's.
  await expect(site.getByTestId('failure-caller-line')).toHaveCount(2);
  await expect(site.getByTestId('failure-caller-line').nth(0)).toHaveAttribute('data-line', `RevertLab.sol:${lineOf('RevertLab.sol', 'lab.requireBelow(x);')}`);
  await expect(site.getByTestId('failure-caller-line').nth(1)).toHaveAttribute('data-line', `RevertLab.sol:${lineOf('RevertLab.sol', 'next.relay(lab, x);')}`);

  await openTraced(page, `/tx/${sent.deep}?tab=trace`);
  const origin = page.locator('[data-testid="trace-frame"][data-path="0_0"]');
  await expect(origin).toHaveAttribute('data-revert-origin', 'true');
  await expect(origin.getByTestId('frame-stopped-at').first()).toHaveAttribute('data-line', REQUIRE_LINE);
  await expect(origin.getByTestId('frame-called-from').first()).toHaveAttribute('data-line', `RevertLab.sol:${lineOf('RevertLab.sol', 'lab.requireBelow(x);')}`);
  await expect(page.getByTestId('revert-origin').getByTestId('failure-line')).toHaveAttribute('data-line', REQUIRE_LINE);
  await screenshotAll(page, 'revert-trace', { assertFits: true });

  // The line's link: the lab's Contract tab, RevertLab.sol first and open, the line highlighted.
  await openTraced(page, `/tx/${sent.deep}`);
  await site.getByTestId('failure-line').getByRole('link').click();
  await expect(page).toHaveURL(new RegExp(`/address/${lab}\\?tab=contract#src-0-L${REQUIRE_LINE.split(':')[1]}$`, 'i'));
  const mark = page.locator('[data-source-index="0"] [data-testid="source-line-mark"]');
  await expect(mark).toBeVisible();
  await expect(mark).toHaveAttribute('data-line', REQUIRE_LINE.split(':')[1]!);
  await expect(mark).toBeInViewport();
});

test('`/address/<a>#code`, as hardhat-verify prints it, opens the Contract tab: the contract’s file first and open, the other open after it', async ({ page }) => {
  await page.goto(`/address/${lab}#code`);
  await expect(page).toHaveURL(new RegExp(`/address/${lab}\\?tab=contract#code$`, 'i'));
  const files = page.getByTestId('source-file');
  await expect(files).toHaveCount(2);
  await expect(files.nth(0)).toHaveAttribute('data-path', 'RevertLab.sol');
  await expect(files.nth(0)).toHaveAttribute('data-main', 'true');
  await expect(files.nth(1)).toHaveAttribute('data-path', 'LabErrors.sol');
  for (const i of [0, 1]) await expect(files.nth(i)).toHaveAttribute('open', '');
});

test('/broadcast checks a signed transaction before sending it: a failure with its reason and line, a success; nothing sent', async ({ page }) => {
  test.setTimeout(120_000);
  const nonce = await nonceOf(url, sender.address);
  const failing = await signAt(sender, nonce, { to: lab, value: 0n, gas: 200_000n, data: labCall('requireBelow', [99n]) });
  const passing = await signAt(sender, nonce, { to: lab, value: 0n, gas: 200_000n, data: labCall('requireBelow', [3n]) });

  await page.goto('/broadcast');
  await page.getByTestId('broadcast-raw').fill(failing);
  await page.getByTestId('broadcast-check').click();
  const outcome = page.getByTestId('simulation');
  await expect(outcome).toHaveAttribute('data-status', 'reverted');
  await expect(page.getByTestId('simulation-reason')).toHaveText('RevertLab: x must be below 10');
  await expect(page.getByTestId('simulation-line')).toContainText(REQUIRE_LINE);
  await expect(page.getByTestId('broadcast-sent')).toHaveCount(0);
  await screenshotAll(page, 'broadcast-check', { assertFits: true });

  await page.getByTestId('broadcast-raw').fill(passing);
  await expect(outcome).toHaveCount(0); // an edit hides the outcome of other bytes
  await page.getByTestId('broadcast-check').click();
  await expect(outcome).toHaveAttribute('data-status', 'success');
  await expect(page.getByTestId('simulation-changes')).toContainText('1 storage slot');
  expect(await nonceOf(url, sender.address)).toBe(nonce);
  expect(await nonceOf(url, sender.address, 'latest')).toBe(nonce);

  // The API answers the same, and bad input is a 400 that says what.
  const api = await page.request.post('/api/v1/simulate', { data: { raw: failing } });
  expect(api.status()).toBe(200);
  expect(await api.json()).toMatchObject({ status: 'reverted', revertReason: 'RevertLab: x must be below 10', failure: { line: { path: 'RevertLab.sol' } } });
  const bad = await page.request.post('/api/v1/simulate', { data: { from: sender.address, to: lab, gas: 'lots' } });
  expect([bad.status(), (await bad.json()) as unknown]).toEqual([400, { error: 'gas must be a whole number (decimal, or 0x hex)' }]);
});
