/**
 * The address page against the devnet: the account proof verifies against the block's stateRoot,
 * a storage slot of a freshly deployed DevToken reads the right value with a verified storage
 * proof, a read-contract call with an ABI returns the decoded value — and a proof altered in
 * transit (the tamper proxy flips one byte) shows as failed with the reason.
 */
import type { Address } from 'viem';
import { test, expect } from '../fixtures';
import { screenshotAll } from '../screenshots';
import { DEVNET_OFFSET, devnetUrl, rpcEnvFor } from '../support/env';
import { freePort } from '../support/ports';
import { startExplorer } from '../support/explorer';
import { startTamperProxy } from '../support/tamper-proxy';
import { QUAI, deployToken, fundedAccount, type TestAccount } from '../support/chain-actions';
import { devAccountsOf } from '../../devnet/accounts';
import { tokenBalanceSlot } from '../../devnet/contracts';

const ZONE = 'cyprus1';
const url = devnetUrl(ZONE);
// Distinctive, so the test cannot pass by reading some other token's slot.
const SUPPLY = 777_000_123n * QUAI + 45n;

test.describe.configure({ mode: 'serial' });

let deployer: TestAccount;
let token: Address;

test.beforeAll(async () => {
  test.setTimeout(240_000);
  deployer = await fundedAccount(url, ZONE, 'address-token', 100n * QUAI);
  token = await deployToken(url, ZONE, deployer, SUPPLY);
});

test('an account proof shows verified against the block stateRoot', async ({ page }) => {
  const dev = devAccountsOf(ZONE)[0]!;
  await page.goto(`/address/${dev.address}`);
  const verdict = page.getByTestId('account-proof');
  await expect(verdict).toHaveAttribute('data-verdict', 'verified');
  await expect(verdict).toContainText('verified');
  await expect(page.getByTestId('as-of-block')).toContainText('State at the latest block');
  await expect(page.getByTestId('address')).toHaveText(dev.address);

  // Reached through another chain: the page says where the address lives and links there.
  await page.goto(`/address/${dev.address}?chain=paxos2`);
  const elsewhere = page.getByTestId('lives-elsewhere');
  await expect(elsewhere).toContainText('lives in Cyprus 1');
  await expect(elsewhere.getByRole('link')).toHaveAttribute('href', `/address/${dev.address}`);
  await expect(page.getByTestId('account-proof')).toHaveAttribute('data-verdict', 'verified');
});

test('a token storage slot reads the right value with a verified storage proof', async ({ page }) => {
  // Slot 0 is totalSupply (DevToken.sol's documented layout).
  await page.goto(`/address/${token}?slot=0`);
  await expect(page.getByTestId('account-proof')).toHaveAttribute('data-verdict', 'verified');
  await expect(page.getByTestId('storage-proof')).toHaveAttribute('data-verdict', 'verified');
  await expect(page.getByTestId('storage-decimal')).toHaveText(`= ${SUPPLY} as an integer`);
  await expect(page.getByTestId('code-size')).toBeVisible();

  // balanceOf[deployer] lives at keccak256(abi.encode(deployer, 1)): the whole supply.
  await page.getByTestId('slot-input').fill(tokenBalanceSlot(deployer.address));
  await page.getByRole('button', { name: 'Read slot' }).click();
  await expect(page.getByTestId('storage-decimal')).toHaveText(`= ${SUPPLY} as an integer`);
  await expect(page.getByTestId('storage-proof')).toHaveAttribute('data-verdict', 'verified');
});

test('a read-contract call with an ABI returns the decoded value and a gas estimate', async ({ page }) => {
  await page.goto(`/address/${token}`);
  // The reader's code (viem) is fetched when it is opened, not with the page.
  await expect(page.getByTestId('read-contract')).toHaveCount(0);
  await page.getByTestId('read-open').click();
  // When the run has verified a DevToken, this one is its similar match and opens on that ABI.
  await page.getByLabel('ABI and function').check();
  await page.getByTestId('read-abi').fill(
    ['function totalSupply() view returns (uint256)', 'function balanceOf(address owner) view returns (uint256)'].join('\n'),
  );
  await page.getByTestId('read-function').selectOption('balanceOf(address)');
  await page.getByTestId('read-arg-0').fill(deployer.address);
  await page.getByTestId('read-submit').click();
  await expect(page.getByTestId('read-decoded')).toContainText(SUPPLY.toString());
  await expect(page.getByTestId('read-gas')).toContainText('gas');
  await screenshotAll(page, 'address-read-contract', { fullPage: true });

  // Raw calldata works too: totalSupply()'s selector.
  await page.getByLabel('Raw calldata').check();
  await page.getByTestId('read-calldata').fill('0x18160ddd');
  await page.getByTestId('read-submit').click();
  await expect(page.getByTestId('read-raw')).toHaveText(`0x${SUPPLY.toString(16).padStart(64, '0')}`);

  await page.goto(`/address/${token}?slot=0`);
  await screenshotAll(page, 'address');
});

test('an earlier "as of" block reads the state of that block', async ({ page }) => {
  // Before the deployment block the token had no code: the proof still verifies (absence).
  await page.goto(`/address/${token}?block=1&slot=0`);
  await expect(page.getByTestId('as-of-block')).toContainText('#1');
  await expect(page.getByTestId('account-proof')).toHaveAttribute('data-verdict', 'verified');
  await expect(page.getByTestId('account-proof')).toContainText('absent');
  await expect(page.getByTestId('storage-decimal')).toHaveText('= 0 as an integer');
});

test('a proof altered in transit shows failed with the reason', async ({ page }) => {
  test.setTimeout(120_000);
  const proxy = await startTamperProxy({ target: url });
  const explorer = await startExplorer(await freePort(), {
    ...rpcEnvFor(DEVNET_OFFSET),
    STRATA_RPC_CYPRUS1: proxy.url,
  });
  try {
    const dev = devAccountsOf(ZONE)[0]!;
    await page.goto(`${explorer.url}/address/${dev.address}`);
    const verdict = page.getByTestId('account-proof');
    await expect(verdict).toHaveAttribute('data-verdict', 'failed');
    await expect(verdict).toContainText('✗ failed');
    await expect(verdict).toContainText(/Account proof: .+/);
    expect(proxy.tamperedCount()).toBeGreaterThan(0);
    await screenshotAll(page, 'address-tampered');
  } finally {
    await page.goto('about:blank'); // no prefetch left in flight to the explorer being stopped
    await explorer.stop();
    await proxy.stop();
  }
});
