/**
 * A page carries the operator's labels it draws, not the whole STRATA_LABELS
 * file. A standalone explorer of its own serves a 100,000-entry label file (the devnet's labels
 * first, one of them with a 1 MB ABI) against the suite's devnet; each page must weigh about what
 * the suite's explorer (the devnet's 54 labels) sends for the same URL, and still show its label.
 * An ABI rides only where a call is decoded with it: the page of a transaction to that contract.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { APIRequestContext } from '@playwright/test';
import { encodeFunctionData, getAbiItem, type Address, type Hex } from 'viem';
import { DevTokenAbi, nextInZoneCreateNonce } from '../../devnet/contracts';
import { devnetLabels } from '../../devnet/labels';
import { serializeLabelFile, type LabelEntry } from '../../lib/search/labels/label-entry';
import { expect, test } from '../fixtures';
import { QUAI, deployToken, freshAccount, fundFromDev, nonceOf, sendRaw, signAt, waitForReceipt, type TestAccount } from '../support/chain-actions';
import { DEVNET_OFFSET, devnetUrl, rpcEnvFor } from '../support/env';
import { freePort } from '../support/ports';
import { bigAbi } from '../support/big-abi';
import { startStandalone } from '../support/standalone';

const ZONE = 'cyprus1';
const GENERATED = 100_000;
/**
 * What a page may weigh above the suite explorer's copy: the two render live data a moment
 * apart (new blocks, other transactions on the home page), which moves a page by a few KB.
 */
const SLACK = 20_000;

/**
 * A fresh account and the address its first in-zone CREATE gives: the token the operator's ABI is
 * written for is known (and labelled) before it is deployed, so the explorer serving the labels
 * starts while the chain mines the token and its transfer.
 */
function ownTokenPlan(): { sender: TestAccount; token: Address } {
  const sender = freshAccount(ZONE, 'labels-payload');
  return { sender, token: nextInZoneCreateNonce(sender.address, 0n, ZONE).address };
}

/** The planned token deployed and a transfer of it: a call the operator's ABI decodes. */
async function tokenTransfer({ sender, token: planned }: ReturnType<typeof ownTokenPlan>): Promise<{ token: Address; hash: Hex }> {
  const url = devnetUrl(ZONE);
  await fundFromDev(url, ZONE, sender.address, 20n * QUAI);
  const token = await deployToken(url, ZONE, sender, 1_000n * QUAI);
  expect(token, 'the token lands at the address labelled for it').toBe(planned);
  const data = encodeFunctionData({ abi: DevTokenAbi, functionName: 'transfer', args: [devnetLabels([ZONE])[0]!.address, 7n] });
  const hash = await sendRaw(url, await signAt(sender, await nonceOf(url, sender.address), { to: token, value: 0n, gas: 100_000n, data }));
  expect((await waitForReceipt(url, hash, 90_000)).status).toBe('0x1');
  return { token, hash };
}

/**
 * The devnet's labels (so the same addresses are labelled by both explorers), one with a 1.1 MB
 * ABI; a token of the test's own whose 1.1 MB ABI decodes its transfer; then 100,000 more.
 */
function bigLabelFile(abiAddress: string, ownToken: Address): string {
  const labels: LabelEntry[] = devnetLabels().map((l) => (l.address === abiAddress ? { ...l, abi: bigAbi(1_100_000) } : l));
  labels.push({ address: ownToken, label: 'Token with a big ABI', abi: bigAbi(1_100_000, [getAbiItem({ abi: DevTokenAbi, name: 'transfer' })]) });
  for (let i = 1; i <= GENERATED; i++) {
    // Distinct, well-formed addresses outside the devnet's: a counter under a fixed tail.
    labels.push({ address: `0x${i.toString(16).padStart(8, '0')}${'5a'.repeat(16)}`, label: `Generated label ${i}` });
  }
  return serializeLabelFile(labels);
}

/** `log`: the serving explorer's output, shown when a page fails. */
async function bytesOf(request: APIRequestContext, url: string, log = () => ''): Promise<number> {
  const response = await request.get(url);
  expect(response.status(), `${url}\n${log().slice(-4_000)}`).toBe(200);
  return (await response.body()).length;
}

test('a page weighs the same with 100,000 operator labels (and a 1 MB ABI) as with 54', async ({ page, request, baseURL }) => {
  test.setTimeout(300_000);
  const token = devnetLabels([ZONE]).find((l) => l.label.startsWith('DevToken'))!;
  const dir = mkdtempSync(join(tmpdir(), 'strata-big-labels-'));
  const file = join(dir, 'labels.json');
  const plan = ownTokenPlan();
  writeFileSync(file, bigLabelFile(token.address, plan.token));

  // The explorer starts (and reads the 100,000 labels) while the devnet mines the token's blocks.
  const [started, mined] = await Promise.allSettled([
    freePort().then((port) => startStandalone(port, { ...rpcEnvFor(DEVNET_OFFSET), STRATA_LABELS: file })),
    tokenTransfer(plan),
  ]);
  if (started.status === 'rejected') throw started.reason;
  const server = started.value;
  if (mined.status === 'rejected') {
    await server.stop();
    throw mined.reason;
  }
  const transfer = mined.value;
  try {
    const sizes: string[] = [];
    for (const path of ['/', `/address/${token.address}`, '/labels']) {
      const usual = await bytesOf(request, `${baseURL}${path}`);
      const big = await bytesOf(request, `${server.url}${path}`, server.output);
      sizes.push(`${path}: ${usual} B with the devnet's labels, ${big} B with ${GENERATED} more`);
      expect.soft(big, path).toBeLessThan(usual + SLACK);
    }
    // Printed for the record (the before and after), failing or not.
    console.log(`page sizes (HTML, uncompressed):\n  ${sizes.join('\n  ')}`);

    // The labelled contract still shows its label, on its page and in the manager's list.
    await page.goto(`${server.url}/address/${token.address}`);
    await expect(page.locator('h1').getByTestId('address-label')).toHaveText(token.label);
    await page.goto(`${server.url}/labels`);
    await expect(page.getByTestId('operator-labels')).toContainText(token.label);
    // The rest are found by searching on the server, not by sending them all.
    await page.getByTestId('operator-labels-search').fill(`Generated label ${GENERATED}`);
    await page.getByTestId('operator-labels-search').press('Enter');
    await expect(page.getByTestId('operator-labels').locator('li')).toHaveCount(1);
    await expect(page.getByTestId('operator-labels')).toContainText(`Generated label ${GENERATED}`);

    // The page of a call to the token with the big ABI carries that ABI, and decodes with it.
    expect(await bytesOf(request, `${server.url}/tx/${transfer.hash}`, server.output)).toBeGreaterThan(1_100_000);
    await page.goto(`${server.url}/tx/${transfer.hash}`);
    await expect(page.getByTestId('abi-result')).toContainText("Decoded with this explorer's ABI for this address");
    await expect(page.getByTestId('abi-result')).toContainText('transfer(address,uint256)');
  } finally {
    await page.goto('about:blank'); // no prefetch left in flight to the explorer being stopped
    await server.stop();
  }
});
