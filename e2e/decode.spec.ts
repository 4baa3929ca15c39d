/**
 * What a transaction did, in a real browser against the devnet: a DevToken transfer this test
 * signs itself (from a fresh funded account that deploys its own token, so the devnet's traffic
 * cannot race it) shows the tokens moved in SDT, the call as transfer(address,uint256) and its
 * Transfer log decoded. The devnet's own EIP-1967 proxy (deployed at start in front of the
 * zone's DevToken) shows its implementation slot verified against the state root.
 */
import { encodeFunctionData, type Address } from 'viem';
import { DevTokenAbi, startContractAddresses } from '../devnet/contracts';
import { devAccountsOf } from '../devnet/accounts';
import { expect, test } from './fixtures';
import { screenshotAll } from './screenshots';
import { QUAI, deployToken, fundedAccount, nonceOf, sendRaw, signAt, waitFor, waitForReceipt, type TestAccount } from './support/chain-actions';
import { devnetUrl } from './support/env';
import { rpc } from './support/rpc';

const ZONE = 'cyprus1';
const url = devnetUrl(ZONE);

test.describe.configure({ mode: 'serial' });

let sender: TestAccount;
let token: Address;
let transferHash: string;
const recipient = devAccountsOf(ZONE)[1]!.address;

test.beforeAll(async () => {
  test.setTimeout(240_000);
  sender = await fundedAccount(url, ZONE, 'decode-token', 20n * QUAI);
  token = await deployToken(url, ZONE, sender, 1_000_000n * QUAI);
  const data = encodeFunctionData({ abi: DevTokenAbi, functionName: 'transfer', args: [recipient, 1_234_500_000_000_000_000_000n] });
  const raw = await signAt(sender, await nonceOf(url, sender.address), { to: token, value: 0n, gas: 100_000n, data });
  transferHash = await sendRaw(url, raw);
  const receipt = await waitForReceipt(url, transferHash as `0x${string}`, 90_000);
  expect(receipt.status).toBe('0x1');
});

test('a DevToken transfer: tokens moved in SDT, the call by name, the Transfer log decoded', async ({ page }) => {
  await page.goto(`/tx/${transferHash}`);
  const moved = page.getByTestId('tokens-moved');
  await expect(moved).toContainText('ERC-20');
  await expect(moved.getByTestId('token-amount')).toContainText('1,234.5 SDT');
  await expect(moved.getByTestId('token-link')).toHaveAttribute('href', `/address/${token}`);

  const call = page.getByTestId('decoded-call');
  await expect(call).toContainText('transfer(address,uint256)');
  await expect(call).toContainText('from the standard signature table');
  await expect(call).toContainText('1234500000000000000000');

  const log = page.getByTestId('log').first();
  await expect(log).toHaveAttribute('data-decoded', 'true');
  await expect(log.getByTestId('log-event')).toHaveText('Transfer(address,address,uint256)');

  // A pasted ABI still overrides the table: its argument names show.
  await page.locator('#abi-text').fill('function transfer(address recipient, uint256 amount)');
  await expect(page.getByTestId('abi-result')).toContainText('address recipient');
  await page.locator('#abi-text').fill('');
  await screenshotAll(page, 'tx-token-transfer', { assertFits: true });
});

test('the devnet\'s EIP-1967 proxy: implementation and admin proven against the state root, linking to the DevToken', async ({ page }) => {
  const planned = startContractAddresses(devAccountsOf(ZONE)[0]!.address, ZONE);
  const proxy = planned.proxy.address;
  await waitFor('the start proxy', async () => (await rpc<string>(url, 'quai_getCode', [proxy, 'latest'])) !== '0x', 90_000);
  await page.goto(`/address/${proxy}`);
  const implementation = page.getByTestId('proxy-implementation');
  await expect(implementation.getByTestId('proxy-implementation-proof')).toHaveAttribute('data-verdict', 'verified');
  await expect(implementation.getByRole('link', { name: new RegExp(planned.token.address.slice(2, 10), 'i') })).toHaveAttribute('href', `/address/${planned.token.address}`);
  await expect(page.getByTestId('proxy-admin-proof')).toHaveAttribute('data-verdict', 'verified');
  await expect(page.getByTestId('proxy-admin')).toContainText(devAccountsOf(ZONE)[0]!.address);
  // Through the proxy the token answers with its own constants.
  await expect(page.getByTestId('token-symbol')).toHaveText('SDT');
  await screenshotAll(page, 'address-proxy', { assertFits: true });

  // The implementation: an ERC-20 with its facts and supply in tokens.
  await page.goto(`/address/${planned.token.address}`);
  await expect(page.getByTestId('token-facts')).toContainText('Strata Dev Token');
  await expect(page.getByTestId('token-supply')).toContainText('SDT');
  await expect(page.getByTestId('proxy-facts')).toHaveCount(0);
});
