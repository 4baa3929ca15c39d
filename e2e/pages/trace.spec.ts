/**
 * Inside a transaction, against the e2e devnet, whose nodes trace: the Trace tab's
 * call tree of a transaction that moves value from contract to contract, of one that reverts one
 * call down with a reason (and where it started), of a CREATE from a contract, of a token
 * transfer decoded by the signature table; the State changes tab (balances, nonces, EIP-1967
 * slots named); the overview's internal transfers; the recipient's History tab listing the
 * transfer as internal; the tabs stored once deep. Then a devnet started with --no-trace: no
 * tabs, and a line saying why; its index stores the blocks and says through which block internal
 * transfers go and why (status, API, txlistinternal, History tab). The transactions go through the devnet's trace contracts
 * (DevForwarder at start; Reverter and DevFactory deployed here, docs/devnet.md).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Address, Hex } from 'viem';
import { devAccountsOf } from '../../devnet/accounts';
import { DevFactoryAbi, DevForwarderAbi, DevTokenAbi, devProxyDeployData, startContractAddresses, TRACE_CONTRACTS } from '../../devnet/contracts';
import { expect, test } from '../fixtures';
import { screenshotAll } from '../screenshots';
import { deployContract, deployContractTx, deployToken, freshAccount, fundedAccount, fundFromDev, QUAI, waitFor, waitForReceipt, type TestAccount } from '../support/chain-actions';
import { sendCall } from '../support/contract-calls';
import { DEVNET_OFFSET, devnetUrl, rpcEnvFor } from '../support/env';
import { startExplorer, type ExplorerInstance } from '../support/explorer';
import { startSpareDevnet, type SpareDevnet } from '../support/spare-devnet';
import { startTamperProxy, type TamperProxy } from '../support/tamper-proxy';
import { freePort } from '../support/ports';
import { rpc } from '../support/rpc';

const ZONE = 'cyprus1';
const url = devnetUrl(ZONE);
const SENT = 3n * 10n ** 15n;

test.describe('a node that traces', () => {
  test.describe.configure({ mode: 'serial' });
  let sender: TestAccount;
  let forwarder: Address;
  let recipient: Address;
  let forwarded: Hex;
  let reverted: Hex;
  let spawned: Hex;
  let transferred: Hex;

  test.beforeAll(async () => {
    test.setTimeout(300_000);
    forwarder = startContractAddresses(devAccountsOf(ZONE)[0]!.address, ZONE).forwarder.address;
    await waitFor('the start forwarder', async () => (await rpc<string>(url, 'quai_getCode', [forwarder, 'latest'])) !== '0x');
    sender = await fundedAccount(url, ZONE, 'trace-sender', 2n * QUAI);
    recipient = freshAccount(ZONE, 'trace-recipient').address;
    const reverter = await deployContract(url, ZONE, sender, TRACE_CONTRACTS.reverter);
    const factory = await deployContract(url, ZONE, sender, TRACE_CONTRACTS.factory);
    const token = await deployToken(url, ZONE, sender, 1_000n);
    // forwarder.forwardVia(forwarder, to): root → 0 (forward, with the value) → 0_0 (to the recipient).
    const forward = await sendCall(url, sender, forwarder, { abi: DevForwarderAbi, functionName: 'forwardVia', args: [forwarder, recipient] }, SENT);
    // The same towards the Reverter, which takes no value: 0_0 fails, 0 reverts with its reason, the root passes it on.
    const refuse = await sendCall(url, sender, forwarder, { abi: DevForwarderAbi, functionName: 'forwardVia', args: [forwarder, reverter] }, 1000n);
    const create = await sendCall(url, sender, factory, { abi: DevFactoryAbi, functionName: 'create' }, 777n);
    const transfer = await sendCall(url, sender, token, { abi: DevTokenAbi, functionName: 'transfer', args: [recipient, 5n] });
    expect([forward.status, refuse.status, create.status, transfer.status]).toEqual(['0x1', '0x0', '0x1', '0x1']);
    [forwarded, reverted, spawned, transferred] = [forward.hash, refuse.hash, create.hash, transfer.hash];
  });

  test('the Trace tab draws the call tree of value passed from contract to contract, checked against the transaction', async ({ page }) => {
    const response = await page.goto(`/tx/${forwarded}?tab=trace`);
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('tab', { name: 'Trace', exact: true })).toHaveAttribute('aria-selected', 'true');
    const frames = page.getByTestId('trace-frame');
    await expect(frames).toHaveCount(3);
    await expect(frames.nth(0)).toHaveAttribute('data-path', 'root');
    await expect(page.locator('[data-testid="trace-frame"][data-path="0"]')).toHaveAttribute('data-type', 'CALL');
    const pay = page.locator('[data-testid="trace-frame"][data-path="0_0"]');
    await expect(pay).toHaveAttribute('data-type', 'CALL');
    await expect(pay.locator('summary').first()).toContainText('0.003 QUAI');
    await expect(page.getByTestId('trace-checks')).toHaveAttribute('data-status', 'match');
    await expect(page.getByTestId('answer-banner')).toHaveCount(0);
    await screenshotAll(page, 'trace-tree');
  });

  test('a frame’s call and return values are decoded with the signature table', async ({ page }) => {
    await page.goto(`/tx/${transferred}?tab=trace`);
    const root = page.locator('[data-testid="trace-frame"][data-path="root"]');
    await expect(root.getByTestId('frame-call').first()).toContainText('transfer(address,uint256)');
    await expect(root.getByTestId('frame-call').first()).toContainText('from the signature table');
    await expect(root.getByTestId('frame-io').first()).toContainText('Returned');
    await expect(root.getByTestId('frame-io').first()).toContainText('true');
  });

  test('the overview lists the internal transfers, each linking to its frame', async ({ page }) => {
    await page.goto(`/tx/${forwarded}`);
    const transfers = page.getByTestId('internal-transfer');
    await expect(transfers).toHaveCount(2);
    await expect(transfers.nth(0)).toHaveAttribute('data-trace-id', '0');
    await expect(transfers.nth(1)).toHaveAttribute('data-trace-id', '0_0');
    await expect(transfers.nth(1)).toContainText('0.003 QUAI');
    await expect(transfers.nth(1).getByRole('link', { name: '0_0' })).toHaveAttribute('href', `/tx/${forwarded}?tab=trace#frame-0_0`);
  });

  test('a revert one call down: the reason, and the frame where the failure started', async ({ page }) => {
    await page.goto(`/tx/${reverted}?tab=trace`);
    const origin = page.getByTestId('revert-origin');
    await expect(origin).toHaveAttribute('data-path', '0');
    await expect(origin).toContainText('DevForwarder: recipient refused');
    await expect(page.locator('[data-testid="trace-frame"][data-path="0"]')).toHaveAttribute('data-revert-origin', 'true');
    await expect(page.locator('[data-testid="trace-frame"][data-path="0_0"]')).toHaveAttribute('data-failed', 'true');
    await expect(page.locator('[data-testid="trace-frame"][data-path="root"]')).toHaveAttribute('data-failed', 'true');
    await expect(page.getByTestId('revert-reason').first()).toContainText('DevForwarder: recipient refused');
    await expect(page.getByTestId('trace-checks')).toHaveAttribute('data-status', 'match');
    // Nothing moved: the transfers inside the failed calls are shown as not moved.
    await page.goto(`/tx/${reverted}`);
    await expect(page.locator('[data-testid="internal-transfer"][data-failed="false"]')).toHaveCount(0);
    await expect(page.locator('[data-testid="internal-transfer"][data-failed="true"]')).not.toHaveCount(0);
    await screenshotAll(page, 'trace-revert');
  });

  test('a CREATE from a contract, with the value it was given', async ({ page }) => {
    await page.goto(`/tx/${spawned}?tab=trace`);
    const create = page.locator('[data-testid="trace-frame"][data-path="0"]');
    await expect(create).toHaveAttribute('data-type', 'CREATE');
    await expect(create.getByTestId('frame-io').first()).toContainText('Deployed');
    await page.goto(`/tx/${spawned}`);
    await expect(page.getByTestId('internal-transfer')).toContainText('created');
  });

  test('the State changes tab: balances and nonces before and after, with the differences', async ({ page }) => {
    await page.goto(`/tx/${forwarded}?tab=state`);
    await expect(page.getByRole('tab', { name: 'State changes' })).toHaveAttribute('aria-selected', 'true');
    const to = page.locator(`[data-testid="state-account"][data-address="${recipient.toLowerCase()}"]`);
    await expect(to.getByTestId('state-delta')).toHaveAttribute('data-delta', SENT.toString());
    await expect(to).toContainText('created');
    const from = page.locator(`[data-testid="state-account"][data-address="${sender.address.toLowerCase()}"]`);
    await expect(from.getByTestId('state-nonce')).toContainText('+1');
    await screenshotAll(page, 'trace-state');
  });

  test('the State changes tab names the EIP-1967 slots a proxy deployment sets', async ({ page }) => {
    const { address: proxy, hash } = await deployContractTx(url, ZONE, sender, devProxyDeployData(forwarder, sender.address));
    await page.goto(`/tx/${hash}?tab=state`);
    const account = page.locator(`[data-testid="state-account"][data-address="${proxy.toLowerCase()}"]`);
    await expect(account.locator('[data-testid="state-slot"][data-slot-name="EIP-1967 implementation"]')).toContainText(forwarder.slice(2, 8), { ignoreCase: true });
    await expect(account.locator('[data-testid="state-slot"][data-slot-name="EIP-1967 admin"]')).toHaveCount(1);
  });

  test('the recipient’s History tab lists the transfer as internal, linking to its frame in the Trace tab', async ({ page }) => {
    test.setTimeout(120_000);
    // The index traces each block as it follows the zone: wait for it to reach this one.
    const row = page.locator(`[data-testid="internal-history-row"][data-tx="${forwarded}"]`);
    await expect(async () => {
      await page.goto(`/address/${recipient}?tab=history`);
      await expect(row).toHaveCount(1, { timeout: 1_000 });
    }).toPass({ timeout: 100_000 });
    await expect(row).toContainText('internal');
    await expect(row.getByTestId('internal-trace-link')).toHaveAttribute('href', `/tx/${forwarded}?tab=trace#frame-0_0`);
    await screenshotAll(page, 'trace-history');
    await row.getByTestId('internal-trace-link').click();
    await expect(page.locator('[data-testid="trace-frame"][data-path="0_0"]')).toBeVisible();
  });

  test('once deep, the trace tabs are stored like the other immutable pages; a tab the page does not draw is redirected, not stored', async ({ request }) => {
    test.setTimeout(180_000);
    const trace = `/tx/${forwarded}?tab=trace`;
    // The suite's explorer keeps the default depth (20 blocks): poll until the block is that deep.
    await expect.poll(async () => (await request.get(trace)).headers()['x-strata-store'] ?? 'not stored', { timeout: 150_000, intervals: [2_000] }).toMatch(/hit|miss/);
    const hit = await request.get(trace);
    expect(hit.headers()['x-strata-store']).toBe('hit');
    expect(await hit.text()).toContain('data-testid="call-tree"');
    expect((await request.get(`/tx/${forwarded}?tab=state`)).headers()['x-strata-store']).toMatch(/hit|miss/);
    // A tab the page does not draw is never kept: redirected to the page without it.
    const unknown = await request.get(`/tx/${forwarded}?tab=traces`, { maxRedirects: 0 });
    expect(unknown.status()).toBe(307);
    expect(unknown.headers()['x-strata-store']).toBeUndefined();
    const location = new URL(unknown.headers().location ?? '', 'http://strata.invalid');
    expect(`${location.pathname}${location.search}`.toLowerCase()).toBe(`/tx/${forwarded}`.toLowerCase());
  });
});

test.describe('a node that does not trace', () => {
  test.describe.configure({ mode: 'serial' });
  let devnet: SpareDevnet | undefined;
  let explorer: ExplorerInstance | undefined;
  let hash: Hex;
  let indexDir: string | undefined;
  const funded = freshAccount(ZONE, 'untraced').address;

  test.beforeAll(async () => {
    test.setTimeout(180_000);
    devnet = await startSpareDevnet(['--no-trace'], '--no-trace');
    // Its own index (the devnet's few blocks): the trace pass waits at the first block that needs a trace.
    indexDir = mkdtempSync(join(tmpdir(), 'strata-e2e-untraced-'));
    explorer = await startExplorer(await freePort(), { ...devnet.env, STRATA_FINALITY_DEPTH: '2', STRATA_INDEX: 'on', STRATA_INDEX_DIR: indexDir });
    hash = await fundFromDev(devnet.zoneUrl, ZONE, funded, 10n ** 15n);
  });

  test.afterAll(async () => {
    await explorer?.stop();
    await devnet?.stop();
    if (indexDir) rmSync(indexDir, { recursive: true, force: true });
  });

  test('the index stores the blocks and says through which block internal transfers go, and why: status, API, txlistinternal, History tab', async ({ page, request }) => {
    const { blockNumber } = await waitForReceipt(devnet!.zoneUrl, hash);
    type Zone = { chain: string; indexedHeight: string | null; blockCursor: string | null; traceCursor: string | null; traceLag: string | null; untraced: { reason: string } | null };
    let zone: Zone | undefined;
    await expect
      .poll(async () => {
        const status = (await (await request.get(`${explorer!.url}/api/v1/index/status`)).json()) as { chains: Zone[] };
        zone = status.chains.find((c) => c.chain === ZONE);
        return BigInt(zone?.indexedHeight ?? -1) >= BigInt(blockNumber) && zone?.untraced !== null;
      }, { timeout: 90_000, message: 'the index past the funding block, its traces waiting' })
      .toBe(true);
    expect(zone?.blockCursor).toBe(zone?.indexedHeight);
    expect(BigInt(zone?.traceCursor ?? -1)).toBeLessThan(BigInt(blockNumber));
    expect(BigInt(zone?.traceLag ?? 0)).toBe(BigInt(zone?.indexedHeight ?? 0) - BigInt(zone?.traceCursor ?? -1));
    expect(zone?.untraced?.reason).toContain('debug_traceBlockByHash');

    const api = (await (await request.get(`${explorer!.url}/api/v1/address/${funded}/internal-transactions`)).json()) as {
      items: unknown[]; tracedThrough: { chain: string; block: string | null; indexedBlock: string; reason: string | null } | null;
    };
    expect(api.items).toEqual([]);
    expect(api.tracedThrough).toMatchObject({ chain: ZONE, reason: expect.stringContaining('debug_traceBlockByHash') });
    expect(BigInt(api.tracedThrough?.block ?? -1)).toBeLessThan(BigInt(blockNumber));
    const etherscan = (await (await request.get(`${explorer!.url}/api?module=account&action=txlistinternal&address=${funded}`)).json()) as {
      status: string; tracedThrough?: { block: string | null };
    };
    expect(etherscan.status).toBe('0');
    expect(etherscan.tracedThrough?.block ?? null).toBe(api.tracedThrough?.block ?? null);

    // The history is served; the internal transfers say through which block they go.
    await page.goto(`${explorer!.url}/address/${funded}?tab=history`);
    await expect(page.locator(`[data-testid="history-row"][data-hash="${hash}"]`)).toBeVisible();
    const note = page.getByTestId('internal-traced-through');
    await expect(note).toHaveAttribute('data-stalled', 'true');
    await expect(note).toContainText(api.tracedThrough?.block === null ? 'No block of Cyprus 1 is traced yet' : `Traced through block ${api.tracedThrough?.block}`);
    await expect(note).toContainText('the node does not trace them');
  });

  test('the transaction page has no trace tabs and says why', async ({ page }) => {
    const response = await page.goto(`${explorer!.url}/tx/${hash}`);
    expect(response?.status()).toBe(200);
    const missing = page.getByTestId('trace-missing');
    await expect(missing).toHaveAttribute('data-kind', 'unsupported');
    await expect(missing).toContainText('debug_traceTransaction');
    await expect(missing).toContainText('Internal calls are not shown');
    await expect(page.getByRole('tablist', { name: 'Sections' })).toHaveCount(0);
    await screenshotAll(page, 'trace-unserved');
  });

  test('asking for the Trace tab anyway gives the overview with the same line, and is never stored', async ({ page, request }) => {
    const response = await page.goto(`${explorer!.url}/tx/${hash}?tab=trace`);
    expect(response?.status()).toBe(200);
    await expect(page.getByTestId('tab-overview')).toBeVisible();
    await expect(page.getByTestId('trace-missing')).toHaveAttribute('data-kind', 'unsupported');
    // The overview itself is stored once deep (depth 2 here); the trace tab's URL never is.
    await expect.poll(async () => (await request.get(`${explorer!.url}/tx/${hash}`)).headers()['x-strata-store'] ?? 'not stored', { timeout: 60_000 }).toMatch(/hit|miss/);
    expect((await request.get(`${explorer!.url}/tx/${hash}?tab=trace`)).headers()['x-strata-store']).toBeUndefined();
  });
});

test.describe('a node whose trace disagrees with its receipt', () => {
  test.describe.configure({ mode: 'serial' });
  let proxy: TamperProxy | undefined;
  let explorer: ExplorerInstance | undefined;
  let hash: Hex;

  test.beforeAll(async () => {
    test.setTimeout(120_000);
    // Cyprus 1 through a proxy whose debug_traceTransaction answers (callTracer) claim one more gas than ran.
    proxy = await startTamperProxy({
      target: url,
      namespace: 'debug',
      rules: [
        {
          method: 'traceTransaction',
          answer: (result) => {
            if (typeof result !== 'object' || result === null || !('gasUsed' in result) || typeof result.gasUsed !== 'string') return undefined;
            return { result: { ...result, gasUsed: `0x${(BigInt(result.gasUsed) + 1n).toString(16)}` } };
          },
        },
      ],
    });
    explorer = await startExplorer(await freePort(), { ...rpcEnvFor(DEVNET_OFFSET), STRATA_RPC_CYPRUS1: proxy.url, STRATA_FINALITY_DEPTH: '1' });
    hash = await fundFromDev(url, ZONE, freshAccount(ZONE, 'trace-tampered').address, 10n ** 15n);
  });

  test.afterAll(async () => {
    await explorer?.stop();
    await proxy?.stop();
  });

  test('the Trace tab and the overview name the mismatch like every answer check, and neither is stored', async ({ page, request }) => {
    await page.goto(`${explorer!.url}/tx/${hash}?tab=trace`);
    await expect(page.getByTestId('trace-checks')).toHaveAttribute('data-status', 'mismatch');
    await expect(page.locator('[data-testid="answer-failed"][data-field="trace gasUsed"]')).toContainText('the receipt');
    expect(proxy!.tamperedBy('traceTransaction')).toBeGreaterThan(0);
    // Deep (depth 1 here) but contradicted: rendered for each reader, never kept.
    const { blockNumber } = await waitForReceipt(url, hash);
    await waitFor('the transaction to be 2 blocks deep', async () => BigInt(await rpc<string>(url, 'quai_blockNumber')) >= BigInt(blockNumber) + 2n);
    for (const path of [`/tx/${hash}?tab=trace`, `/tx/${hash}`, `/tx/${hash}?tab=trace`]) {
      expect((await request.get(`${explorer!.url}${path}`)).headers()['x-strata-store'], path).toBeUndefined();
    }
    await page.goto(`${explorer!.url}/tx/${hash}`);
    await expect(page.locator('[data-testid="answer-failed"][data-field="trace gasUsed"]')).toHaveCount(1);
    await screenshotAll(page, 'trace-mismatch');
  });
});
