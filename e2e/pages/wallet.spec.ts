/**
 * Writing with a wallet, in a real browser against the devnet: a wallet injected by the test
 * (e2e/support/test-wallet.ts: EIP-1193, announced by EIP-6963 and also at window.pelagus) signs
 * with the key of a funded cyprus1 account. This spec deploys its own DevToken, Reverter, DevNft
 * and a DevProxy in front of the token, verifies the token through the API, and:
 *
 *   Write contract  the wallet listed once, its name, account and zone; inputs checked as their
 *                   types say before anything is sent; approve() written to the verified token and
 *                   read back from the node; with the ABI the reader attached to the unverified
 *                   Reverter (their labels), a payable call with value and a revert shown with its
 *                   reason; a proxy written with its implementation's ABI, saying so
 *   refusals        an account of another zone (a wallet that answers only eth_ names) and a wallet
 *                   on another network are refused with the reason, and nothing is signed
 *   Approvals       the API and the tab list an ERC-20 allowance with its amount, an unlimited one
 *                   and an ERC-721 operator; Revoke sends approve(spender, 0) and
 *                   setApprovalForAll(operator, false): 0 and false on chain afterwards
 */
import { encodeFunctionData, type Address, type Hex } from 'viem';
import { DevNftAbi, DevTokenAbi, ReverterAbi, TRACE_CONTRACTS, devNftDeployData, devProxyDeployData, devTokenDeployData } from '../../devnet/contracts';
import type { ApprovalPageJson } from '../../lib/history/approval-types';
import { serializeLabelFile } from '../../lib/search/labels/label-entry';
import { OWN_LABELS_KEY } from '../../lib/search/labels/own-labels';
import { expect, test } from '../fixtures';
import { screenshotAll } from '../screenshots';
import { QUAI, balanceOf, deployContractTx, freshAccount, fundedAccount, waitFor, type TestAccount } from '../support/chain-actions';
import { sendCall } from '../support/contract-calls';
import { BASE_URL, devnetUrl } from '../support/env';
import { rpc } from '../support/rpc';
import { injectWallet } from '../support/test-wallet';
import { verifyDevnetContract } from '../support/verify-api';

const ZONE = 'cyprus1';
const url = devnetUrl(ZONE);
const MAX = 2n ** 256n - 1n;
const WALLET = 'Strata Test Wallet';

test.describe.configure({ mode: 'serial' });

let owner: TestAccount;
let token: Address;
let reverter: Address;
let nft: Address;
let proxy: Address;
/** Spenders: one approved through the Write tab (funded: it spends part of it), one unlimited, one NFT operator. */
let spenderAccount: TestAccount;
let spender: Address;
const unlimited = freshAccount(ZONE, 'wallet-unlimited').address.toLowerCase() as Address;
const operator = freshAccount(ZONE, 'wallet-operator').address.toLowerCase() as Address;

async function ethCall(to: Address, data: Hex): Promise<bigint> {
  return BigInt(await rpc<string>(url, 'quai_call', [{ to, data }, 'latest']));
}
const allowanceOf = (who: Address) => ethCall(token, encodeFunctionData({ abi: DevTokenAbi, functionName: 'allowance', args: [owner.address, who] }));

test.beforeAll(async () => {
  test.setTimeout(300_000);
  owner = await fundedAccount(url, ZONE, 'wallet-owner', 20n * QUAI);
  spenderAccount = await fundedAccount(url, ZONE, 'wallet-spender', QUAI);
  spender = spenderAccount.address.toLowerCase() as Address;
  token = (await deployContractTx(url, ZONE, owner, devTokenDeployData(1_000_000n * QUAI))).address;
  reverter = (await deployContractTx(url, ZONE, owner, TRACE_CONTRACTS.reverter)).address;
  nft = (await deployContractTx(url, ZONE, owner, devNftDeployData())).address;
  // Administered by another account, so the owner's calls go through to the token.
  proxy = (await deployContractTx(url, ZONE, owner, devProxyDeployData(token, freshAccount(ZONE, 'wallet-proxy-admin').address))).address;
  // Approvals given outside the page: an unlimited allowance and an operator of the owner's NFTs.
  expect((await sendCall(url, owner, token, { abi: DevTokenAbi, functionName: 'approve', args: [unlimited, MAX] })).status).toBe('0x1');
  expect((await sendCall(url, owner, nft, { abi: DevNftAbi, functionName: 'mint', args: [owner.address, 1n] })).status).toBe('0x1');
  expect((await sendCall(url, owner, nft, { abi: DevNftAbi, functionName: 'setApprovalForAll', args: [operator, true] })).status).toBe('0x1');
  await verifyDevnetContract(token, 'DevToken.sol:DevToken', ['DevToken.sol']);
});

test('write contract: the wallet listed once with its name, account and zone; inputs checked by type; approve() written and read back from the node', async ({ page }) => {
  test.setTimeout(120_000);
  const wallet = await injectWallet(page, { name: WALLET, account: owner, url, asPelagus: true });
  await page.goto(`/address/${token}?tab=write`);
  await expect(page.getByRole('tab', { name: 'Write contract' })).toHaveAttribute('aria-selected', 'true');
  // Announced by EIP-6963 and at window.pelagus: one wallet, named as it announced itself.
  const connect = page.getByRole('button', { name: `Connect wallet (${WALLET})` });
  await connect.click();
  await expect(page.getByTestId('wallet-name')).toHaveText(WALLET);
  await expect(page.getByTestId('wallet-account')).toHaveText(owner.address);
  await expect(page.getByTestId('wallet-zone')).toHaveText('(Cyprus 1)');
  await expect(page.getByTestId('write-source')).toContainText("ABI from this contract's verified source (full match)");
  // View functions are Read contract's; only those that write are here.
  await expect(page.locator('[data-testid="write-function"][data-function="balanceOf(address)"]')).toHaveCount(0);

  const approve = page.getByRole('form', { name: /approve/ });
  await approve.getByLabel('spender').fill('0x1234');
  await approve.getByLabel('value').fill('-1');
  await approve.getByRole('button', { name: 'Write' }).click();
  await expect(approve.getByTestId('write-input-error')).toHaveText([
    'spender must be an address: 0x and 40 hex digits; got “0x1234”.',
    `value must be from 0 to ${MAX} for uint256; -1 is out of range.`,
  ]);
  expect(await wallet.calls()).not.toContain('quai_sendTransaction');

  await approve.getByLabel('spender').fill(spender);
  await approve.getByLabel('value').fill((3n * QUAI / 2n).toString());
  await approve.getByRole('button', { name: 'Write' }).click();
  await expect(approve.getByTestId('gas-estimate')).toContainText('Gas estimate');
  const hash = approve.getByTestId('write-hash');
  await expect(hash).toHaveAttribute('href', /^\/tx\/0x[0-9a-f]{64}$/);
  await expect(approve.getByTestId('write-outcome')).toHaveAttribute('data-state', 'mined', { timeout: 60_000 });
  expect(await allowanceOf(spender)).toBe(3n * QUAI / 2n);
  expect(await wallet.calls()).toEqual(['quai_requestAccounts', 'quai_chainId', 'quai_chainId', 'quai_sendTransaction']);
  await screenshotAll(page, 'address-write', { assertFits: true });
});

test('write contract with the ABI the reader attached: a payable call with value, and a revert shown with its reason', async ({ page }) => {
  test.setTimeout(120_000);
  await injectWallet(page, { name: WALLET, account: owner, url, asPelagus: true });
  // The Reverter is not verified: the reader attached its ABI to the address in their labels.
  const labels = serializeLabelFile([{ address: reverter, label: 'My reverter', abi: JSON.stringify(ReverterAbi) }]);
  await page.addInitScript(([key, text]) => localStorage.setItem(key, text), [OWN_LABELS_KEY, labels] as const);
  await page.goto(`/address/${reverter}?tab=write`);
  await expect(page.getByTestId('write-source')).toHaveText('ABI you attached to this address (your labels): not checked against the code');
  await page.getByRole('button', { name: /Connect wallet/ }).click();
  await expect(page.getByTestId('wallet-account')).toHaveText(owner.address);

  // tryFail(target, reason) with 0.25 QUAI: the inner call reverts and is caught, the value stays with the contract.
  const before = await balanceOf(url, reverter);
  const tryFail = page.getByRole('form', { name: /tryFail/ });
  await tryFail.getByLabel('target').fill(reverter);
  await tryFail.getByLabel('reason').fill('caught');
  await tryFail.getByLabel('Value to send (QUAI)').fill('0.25');
  await tryFail.getByRole('button', { name: 'Write' }).click();
  await expect(tryFail.getByTestId('write-outcome')).toHaveAttribute('data-state', 'mined', { timeout: 60_000 });
  expect((await balanceOf(url, reverter)) - before).toBe(QUAI / 4n);

  // fail(reason): the node's simulation says why before anything is sent; sent anyway, it reverts on chain with the reason.
  const fail = page.getByRole('form', { name: /^\d+\. fail/ });
  await fail.getByLabel('reason').fill('wallet says no');
  await fail.getByRole('button', { name: 'Write' }).click();
  await expect(fail.getByTestId('write-would-fail')).toContainText('wallet says no');
  await fail.getByRole('button', { name: 'Write anyway' }).click();
  const outcome = fail.getByTestId('write-outcome');
  await expect(outcome).toHaveAttribute('data-state', 'reverted', { timeout: 60_000 });
  await expect(outcome).toContainText('wallet says no');
  const txHash = (await fail.getByTestId('write-hash').textContent()) as Hex;
  expect((await rpc<{ status: string }>(url, 'quai_getTransactionReceipt', [txHash])).status).toBe('0x0');
});

test('write contract through an EIP-1967 proxy: the implementation\'s ABI, saying so', async ({ page }) => {
  await page.goto(`/address/${proxy}?tab=write`);
  await expect(page.getByTestId('write-source')).toContainText(`ABI from the verified source of its EIP-1967 implementation ${token}`);
  await expect(page.getByRole('form', { name: /approve/ })).toContainText('Sent to this proxy, which runs it with its implementation’s code.');
});

test('a wallet in another zone, or on another network, is refused with the reason before anything is signed', async ({ page, browser }) => {
  test.setTimeout(90_000);
  // A cyprus2 account, in a wallet that answers only the eth_ names.
  const elsewhere = freshAccount('cyprus2', 'wallet-elsewhere');
  const wallet = await injectWallet(page, { name: 'Eth-only Wallet', account: elsewhere, url: devnetUrl('cyprus2'), namespaces: ['eth'] });
  await page.goto(`/address/${token}?tab=write`);
  await page.getByRole('button', { name: 'Connect wallet (Eth-only Wallet)' }).click();
  await expect(page.getByTestId('wallet-zone')).toHaveText('(Cyprus 2)');
  const approve = page.getByRole('form', { name: /approve/ });
  await approve.getByLabel('spender').fill(spender);
  await approve.getByLabel('value').fill('1');
  await approve.getByRole('button', { name: 'Write' }).click();
  await expect(approve.getByTestId('write-refused')).toHaveText(
    `The account ${elsewhere.address} is in Cyprus 2, and this contract is in Cyprus 1: a Quai address belongs to one zone, and its transactions run in that zone only. Choose a Cyprus 1 account in the wallet.`,
  );
  expect(await wallet.calls()).toEqual(['quai_requestAccounts', 'eth_requestAccounts', 'eth_chainId']);

  // The owner's account, but the wallet on another network (colosseum's chain id).
  const other = await browser.newPage();
  try {
    const onColosseum = await injectWallet(other, { name: WALLET, account: owner, url, chainId: 9000n });
    await other.goto(`${BASE_URL}/address/${token}?tab=write`);
    await other.getByRole('button', { name: /Connect wallet/ }).click();
    await expect(other.getByTestId('wallet-network')).toHaveText('network colosseum (chain id 9000)');
    const form = other.getByRole('form', { name: /approve/ });
    await form.getByLabel('spender').fill(spender);
    await form.getByLabel('value').fill('1');
    await form.getByRole('button', { name: 'Write' }).click();
    await expect(form.getByTestId('write-refused')).toContainText('The wallet is on colosseum (chain id 9000), and this explorer shows local (chain id 1337)');
    expect((await onColosseum.calls()).filter((m) => m.endsWith('_sendTransaction'))).toEqual([]);
  } finally {
    await other.close();
  }
});

test('approvals: listed with what the node says is left by the API and the tab; Revoke leaves allowance 0 and the operator unapproved on chain', async ({ page }) => {
  test.setTimeout(180_000);
  // The spender uses 0.5 of its 1.5 SDT: DevToken lowers the allowance without an event, as most tokens do.
  expect((await sendCall(url, spenderAccount, token, { abi: DevTokenAbi, functionName: 'transferFrom', args: [owner.address, spender, QUAI / 2n] })).status).toBe('0x1');
  // The index has the approvals once it has their blocks.
  const answer = await waitFor('the approvals in the index', async () => {
    const res = await fetch(`${BASE_URL}/api/v1/address/${owner.address}/approvals`);
    const json = (await res.json()) as ApprovalPageJson;
    return json.items.length >= 3 ? json : undefined;
  }, 90_000);
  const by = (who: Address) => answer.items.find((i) => i.spender.toLowerCase() === who);
  expect(by(spender)).toMatchObject({
    kind: 'allowance', token: token.toLowerCase(), standard: 'ERC-20', symbol: 'SDT', decimals: 18, amount: QUAI.toString(), unlimited: false,
    given: { amount: (3n * QUAI / 2n).toString() },
  });
  expect(by(unlimited)).toMatchObject({ kind: 'allowance', amount: MAX.toString(), unlimited: true, given: { amount: MAX.toString(), chain: ZONE } });
  expect(by(operator)).toMatchObject({ kind: 'operator', token: nft.toLowerCase(), amount: '1', unlimited: false });
  expect(answer.next).toBeNull();
  expect(BigInt(answer.block)).toBeGreaterThan(0n);
  const bad = await fetch(`${BASE_URL}/api/v1/address/${owner.address}/approvals?cursor=nope`);
  expect(bad.status).toBe(400);

  await injectWallet(page, { name: WALLET, account: owner, url, asPelagus: true });
  await page.goto(`/address/${owner.address}?tab=approvals`);
  const row = (who: Address) => page.locator(`[data-testid="approval"][data-spender="${who}"]`);
  // What is left, and what the event had set.
  await expect(row(spender).getByTestId('approval-amount')).toHaveText(/^1 SDT/);
  await expect(row(spender).getByTestId('approval-amount')).toContainText('the event set 1.5 SDT: changed since');
  await expect(row(unlimited).getByTestId('approval-amount')).toHaveText('unlimited');
  await expect(row(operator).getByTestId('approval-amount')).toHaveText('all tokens (operator)');
  await expect(row(operator)).toContainText('ERC-721 operator for all');
  // Not connected yet: the button says so and sends nothing.
  await row(spender).getByRole('button', { name: 'Revoke' }).click();
  await expect(row(spender).getByTestId('revoke-refused')).toHaveText('Connect a wallet first.');
  await page.getByRole('button', { name: `Connect wallet (${WALLET})` }).click();
  await expect(page.getByTestId('wallet-account')).toHaveText(owner.address);
  await screenshotAll(page, 'address-approvals', { assertFits: true });

  await row(spender).getByRole('button', { name: 'Revoke' }).click();
  await expect(row(spender).getByTestId('revoke-outcome')).toHaveAttribute('data-state', 'mined', { timeout: 60_000 });
  expect(await allowanceOf(spender)).toBe(0n);

  await row(operator).getByRole('button', { name: 'Revoke' }).click();
  await expect(row(operator).getByTestId('revoke-outcome')).toHaveAttribute('data-state', 'mined', { timeout: 60_000 });
  expect(await ethCall(nft, encodeFunctionData({ abi: DevNftAbi, functionName: 'isApprovedForAll', args: [owner.address, operator] }))).toBe(0n);
  // The unlimited allowance stands.
  expect(await allowanceOf(unlimited)).toBe(MAX);
});
