/**
 * Code nobody verified, and a verification the reader checks, in a real browser against the
 * devnet. This spec deploys its own ReadingLab (devnet/contracts/ReadingLab.sol, compiled here by
 * solc) and DevToken, verifies the token through the API, and:
 *
 *   Write contract  the unverified ReadingLab's functions read from its bytecode: castVote named
 *                   from the signature database and written through the wallet; stash known by its
 *                   selector only, its argument types the code's, written too; both read back
 *                   from the node
 *   Contract tab    the unverified contract's functions listed from bytecode
 *   Recompile       on the verified token's Contract tab, the explorer's own solc build compiles
 *                   the stored input in a Web Worker, and the runtime code "matches the code on
 *                   chain", whose hash the address's evidence bundle proves (checked in the page)
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import solc from 'solc';
import { encodeFunctionData, toFunctionSelector, type Abi, type Address, type Hex } from 'viem';
import { devTokenDeployData } from '../../devnet/contracts';
import { expect, test } from '../fixtures';
import { QUAI, deployContractTx, fundedAccount, type TestAccount } from '../support/chain-actions';
import { devnetUrl } from '../support/env';
import { rpc } from '../support/rpc';
import { injectWallet } from '../support/test-wallet';
import { verifyDevnetContract } from '../support/verify-api';

const ZONE = 'cyprus1';
const url = devnetUrl(ZONE);

function compileLab(): { abi: Abi; bytecode: Hex } {
  const content = readFileSync(join('devnet', 'contracts', 'ReadingLab.sol'), 'utf8');
  const input = { language: 'Solidity', sources: { 'ReadingLab.sol': { content } }, settings: { optimizer: { enabled: true, runs: 200 }, evmVersion: 'shanghai', outputSelection: { '*': { '*': ['abi', 'evm.bytecode.object'] } } } };
  const out = JSON.parse(solc.compile(JSON.stringify(input))) as { contracts: Record<string, Record<string, { abi: Abi; evm: { bytecode: { object: string } } }>> };
  const lab = out.contracts['ReadingLab.sol']!.ReadingLab!;
  return { abi: lab.abi, bytecode: `0x${lab.evm.bytecode.object}` };
}

const LAB = compileLab();
const STASH = toFunctionSelector('stash(address,uint256,bool)');

test.describe.configure({ mode: 'serial' });

let owner: TestAccount;
let lab: Address;
let token: Address;

async function read(to: Address, functionName: string, args: readonly unknown[]): Promise<bigint> {
  return BigInt(await rpc<string>(url, 'quai_call', [{ to, data: encodeFunctionData({ abi: LAB.abi, functionName, args } as never) }, 'latest']));
}

test.beforeAll(async () => {
  test.setTimeout(300_000);
  owner = await fundedAccount(url, ZONE, 'bytecode-owner', 10n * QUAI);
  lab = (await deployContractTx(url, ZONE, owner, LAB.bytecode)).address;
  token = (await deployContractTx(url, ZONE, owner, devTokenDeployData(1_000n * QUAI))).address;
  await verifyDevnetContract(token, 'DevToken.sol:DevToken', ['DevToken.sol']);
});

test('write contract of an unverified contract: functions read from its bytecode, named where the database has them, by selector otherwise', async ({ page }) => {
  test.setTimeout(180_000);
  await injectWallet(page, { name: 'Strata Test Wallet', account: owner, url });
  await page.goto(`/address/${lab}?tab=write`);
  await page.getByRole('button', { name: 'Connect wallet (Strata Test Wallet)' }).click();
  await expect(page.getByTestId('wallet-account')).toHaveText(owner.address);
  await expect(page.getByTestId('write-source')).toContainText("Functions read from the runtime code of this contract, not from a verified source");
  // View functions (stashOf, the public getters) are read contract's.
  await expect(page.locator(`[data-testid="write-function"][data-function="${toFunctionSelector('stashOf(address)')}(address)"]`)).toHaveCount(0);

  const vote = page.locator('[data-testid="write-function"][data-function="castVote(uint256,uint8)"]');
  await vote.getByLabel('proposalId').fill('7');
  await vote.getByLabel('support').fill('1');
  await vote.getByRole('button', { name: 'Write' }).click();
  await expect(vote.getByTestId('write-outcome')).toHaveAttribute('data-state', 'mined', { timeout: 60_000 });
  expect(await read(lab, 'votes', [owner.address, 7n])).toBe(2n);

  const stash = page.locator(`[data-testid="write-function"][data-function="${STASH}(address,uint256,bool)"]`);
  await expect(stash.getByTestId('write-selector-only')).toBeVisible();
  await stash.getByLabel('argument 1').fill(owner.address);
  await stash.getByLabel('argument 2').fill('42');
  await stash.getByLabel('argument 3').fill('true');
  await stash.getByRole('button', { name: 'Write' }).click();
  await expect(stash.getByTestId('write-outcome')).toHaveAttribute('data-state', 'mined', { timeout: 60_000 });
  expect(await read(lab, 'stashOf', [owner.address])).toBe(42n);

  await page.goto(`/address/${lab}?tab=contract`);
  await expect(page.getByTestId('contract-unverified')).toBeVisible();
  await expect(page.locator(`[data-testid="code-function"][data-selector="${STASH}"]`)).toContainText('unknown name');
  await expect(page.locator(`[data-testid="code-function"][data-selector="${toFunctionSelector('castVote(uint256,uint8)')}"]`)).toContainText('castVote(uint256, uint8)');
});

test("recompile in this browser: the explorer's solc build compiles the stored input, and the result matches the proven code on chain", async ({ page }) => {
  test.setTimeout(240_000);
  await page.goto(`/address/${token}?tab=contract`);
  await page.getByTestId('recompile').click();
  const result = page.getByTestId('recompile-result');
  await expect(result).toBeVisible({ timeout: 200_000 });
  await expect(result).toHaveAttribute('data-verdict', 'full');
  await expect(result).toContainText('Compiled in this browser: the runtime code matches the code on chain.');
  await expect(result).toContainText('account proof proves against that block’s state root');
});
