/**
 * A node that errs is caught. A second explorer reads Cyprus 1 through the tamper proxy
 * (e2e/support/tamper-proxy.ts), which answers with real devnet answers that do not fit the
 * question: block H+1 for height H, the latest block for a transaction's hash, a count of 342 for
 * a block with a few transactions, another transaction for an unknown hash, another
 * transaction's raw bytes and receipt, a proof made at an earlier block, 2 blocks of fee history
 * for 20 asked. Each page must say what is wrong, naming the field, without hiding what the node
 * sent; the home page keeps working; the honest explorer shows none of it.
 */
import { stringToHex, toRlp, type Hex } from 'viem';
import { devAccountsOf } from '../../devnet/accounts';
import { plural } from '../../lib/text/format';
import { expect, test } from '../fixtures';
import { screenshotAll } from '../screenshots';
import { fundFromDev, freshAccount, QUAI, waitFor } from '../support/chain-actions';
import { DEVNET_OFFSET, devnetUrl, rpcEnvFor } from '../support/env';
import { startExplorer, type ExplorerInstance } from '../support/explorer';
import { freePort } from '../support/ports';
import { rpc } from '../support/rpc';
import {
  anyBlockForHash,
  proofFromEarlierBlock,
  replaceExtraData,
  startTamperProxy,
  swapHeight,
  swapRaw,
  swapReceipt,
  swapTransaction,
  wrongCount,
  type TamperProxy,
} from '../support/tamper-proxy';

const ZONE = 'cyprus1';
const url = devnetUrl(ZONE);
const UNKNOWN_TX = `0x${'11'.repeat(32)}`;
const GO_QUAI_EXTRA = toRlp(['v0.11.0', 'go-quai', 'go1.20.6', 'linux'].map((s) => stringToHex(s)));

interface RpcTx {
  hash: Hex;
  blockHash: Hex;
  blockNumber: Hex;
}
interface RpcHeader {
  hash: Hex;
  number: [Hex, Hex, Hex];
  stateRoot: Hex;
  transactions?: unknown[];
}

test.describe.configure({ mode: 'serial' });

let proxy: TamperProxy;
let explorer: ExplorerInstance;
/** The two transactions this spec mined: X is shown with Y's raw bytes and receipt. */
let x: RpcTx;
let y: RpcTx;
/** The block of X, whose count the node misreports and whose extraData it replaces. */
let counted: { hash: Hex; number: bigint; listed: number };
let swappedHeight: bigint;
/** The "as of" block of the address page, whose proof the node makes two blocks earlier. */
let asOf: bigint;
const dev = devAccountsOf(ZONE)[0]!;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  // The explorer starts behind an honest proxy while the transactions are mined; the rules come after.
  proxy = await startTamperProxy({ target: url, rules: [] });
  const starting = freePort().then((port) => startExplorer(port, { ...rpcEnvFor(DEVNET_OFFSET), STRATA_RPC_CYPRUS1: proxy.url }));
  starting.catch(() => undefined); // awaited below; a failure surfaces there
  const [hx, hy] = [
    await fundFromDev(url, ZONE, freshAccount(ZONE, 'answers-x').address, QUAI),
    await fundFromDev(url, ZONE, freshAccount(ZONE, 'answers-y').address, QUAI),
  ];
  x = await rpc<RpcTx>(url, 'quai_getTransactionByHash', [hx]);
  y = await rpc<RpcTx>(url, 'quai_getTransactionByHash', [hy]);
  const block = await rpc<RpcHeader>(url, 'quai_getBlockByHash', [x.blockHash, false]);
  counted = { hash: block.hash, number: BigInt(block.number[2]), listed: block.transactions?.length ?? 0 };
  // X's block changed the state (X is in it), so the proof from two blocks earlier has another root.
  asOf = counted.number;
  explorer = await starting;
  // A height clear of X's block (whose count is misreported) and among the newest: tip - 2, answered with tip - 1.
  await waitFor('two blocks after X', async () => BigInt(await rpc<Hex>(url, 'quai_blockNumber')) >= counted.number + 3n);
  swappedHeight = BigInt(await rpc<Hex>(url, 'quai_blockNumber')) - 2n;

  proxy.setRules([
    ...swapHeight(swappedHeight, swappedHeight + 1n),
    anyBlockForHash(x.hash),
    ...wrongCount(counted, 342),
    ...replaceExtraData(counted.hash, GO_QUAI_EXTRA),
    ...swapTransaction(UNKNOWN_TX, y.hash),
    swapRaw(x.hash, y.hash),
    swapReceipt(x.hash, y.hash),
    proofFromEarlierBlock(dev.address, 2n),
    { method: 'feeHistory', ask: (params) => ({ params: ['0x2', ...params.slice(1)] }) },
  ]);
});

test.afterAll(async () => {
  await explorer?.stop();
  await proxy?.stop();
});

test.afterEach(async ({ page }) => {
  await page.goto('about:blank'); // no prefetch left in flight to the explorer being stopped
});

test('chain overview: the row of the swapped height is flagged, and the page says it once', async ({ page }) => {
  await page.goto(`${explorer.url}/chain/${ZONE}`);
  await expect(page.getByTestId('answer-banner').locator(`[data-field="block ${swappedHeight} number[2]"]`)).toContainText(
    `expected ${swappedHeight}, got ${swappedHeight + 1n}`,
  );
  await expect(page.getByTestId('recent-blocks').getByTestId('answer-flag')).toHaveCount(1);
  await expect(page.locator('[data-testid="recent-blocks"] tr[data-answer="failed"]')).toContainText('number[2]');
  await screenshotAll(page, 'answers-chain');
});

test('block by height: the node answered the next block, said once at the top and beside the number', async ({ page }) => {
  await page.goto(`${explorer.url}/chain/${ZONE}/block/${swappedHeight}`);
  const banner = page.getByTestId('answer-banner');
  await expect(banner).toContainText('The node answered something else');
  await expect(banner.getByTestId('answer-failed')).toHaveCount(1);
  const failed = banner.locator('[data-field="number[2]"]');
  await expect(failed).toContainText(`expected ${swappedHeight}, got ${swappedHeight + 1n}`);
  // The data is not hidden: the page shows the block the node sent, flagged where it is wrong.
  await expect(page.locator('h1')).toContainText(`Block ${(swappedHeight + 1n).toLocaleString('en-US')}`);
  await expect(page.locator('[data-testid="answer-flag"][data-field="number[2]"]')).toBeVisible();
  expect(proxy.tamperedBy('getBlockByNumber')).toBeGreaterThan(0);
  await screenshotAll(page, 'answers-block-height');
});

test('a height on every chain: the erring chain\'s row is flagged, the others are not', async ({ page }) => {
  await page.goto(`${explorer.url}/block/${swappedHeight}`);
  const banner = page.getByTestId('answer-banner');
  await expect(banner.getByTestId('answer-failed')).toHaveCount(1);
  await expect(banner.locator('[data-field="Cyprus 1 number[2]"]')).toContainText(`expected ${swappedHeight}, got ${swappedHeight + 1n}`);
  await expect(page.getByTestId('any-chain-list').getByTestId('answer-flag')).toHaveCount(1);
  await screenshotAll(page, 'answers-any-chain');
});

test('block by a transaction hash: the node answered some block, and the hash says so', async ({ page }) => {
  await page.goto(`${explorer.url}/chain/${ZONE}/block/${x.hash}`);
  const failed = page.getByTestId('answer-banner').locator('[data-field="hash"]');
  await expect(failed).toContainText(`expected ${x.hash}`);
  await expect(page.locator('[data-testid="answer-flag"][data-field="hash"]')).toBeVisible();
});

test('a count that disagrees with the body is flagged, and the body is what is counted; RLP extraData is decoded', async ({ page }) => {
  await page.goto(`${explorer.url}/chain/${ZONE}/block/${counted.hash}`);
  const failed = page.getByTestId('answer-banner').locator('[data-field="transaction count"]');
  await expect(failed).toContainText('got 342');
  await expect(failed).toContainText(`getBlockTransactionCount says 342, but the block's body lists ${counted.listed}`);
  await expect(page.locator('[data-testid="answer-flag"][data-field="transaction count"]')).toBeVisible();
  // As the page words it: a block holding only X's transaction says "1 transaction".
  await expect(page.getByText(`${plural(counted.listed, 'transaction')} ·`)).toBeVisible();
  await expect(page.getByTestId('tab-transactions').locator('tbody tr')).toHaveCount(counted.listed);
  await expect(page.getByTestId('extra-data-client')).toHaveText('go-quai v0.11.0 · go1.20.6 · linux');
  await screenshotAll(page, 'answers-block-count');
});

test('a transaction by an unknown hash answered with another transaction names the hash', async ({ page }) => {
  await page.goto(`${explorer.url}/tx/${UNKNOWN_TX}`);
  const failed = page.getByTestId('answer-banner').locator('[data-field="hash"]');
  await expect(failed).toContainText(`expected ${UNKNOWN_TX}, got ${y.hash}`);
  await expect(page.locator('[data-testid="answer-flag"][data-field="hash"]')).toBeVisible();
});

test('raw bytes and a receipt of another transaction: the cause is named, the data still shown', async ({ page }) => {
  await page.goto(`${explorer.url}/tx/${x.hash}`);
  const banner = page.getByTestId('answer-banner');
  await expect(banner.locator('[data-field="raw bytes"]')).toContainText(`another transaction (${y.hash})`);
  await expect(banner.locator('[data-field="receipt transactionHash"]')).toContainText(`expected ${x.hash}, got ${y.hash}`);
  await expect(banner.locator('[data-field="hash"]')).toHaveCount(0);
  await expect(page.getByTestId('tx-status')).toHaveText("mined · status unknown (another transaction's receipt)");
  // The signature check still compares field by field; the flag above it says why they differ.
  await expect(page.getByTestId('signature-check')).toHaveAttribute('data-status', 'mismatch');
  await expect(page.locator('[data-testid="answer-flag"][data-field="raw bytes"]')).toContainText('another transaction');
  await expect(page.locator('[data-testid="answer-flag"][data-field="receipt transactionHash"]')).toBeVisible();
  await screenshotAll(page, 'answers-tx');
});

test('a proof made at another block is valid for another state root, named; the values beside it are unproven', async ({ page }) => {
  await page.goto(`${explorer.url}/address/${dev.address}?block=${asOf}`);
  const verdict = page.getByTestId('account-proof');
  await expect(verdict).toHaveAttribute('data-verdict', 'failed');
  await expect(verdict).toHaveAttribute('data-outcome', 'other-root');
  const earlier = await rpc<RpcHeader>(url, 'quai_getHeaderByNumber', [`0x${(asOf - 2n).toString(16)}`]);
  await expect(page.getByTestId('account-proof-root')).toHaveText(earlier.stateRoot);
  await expect(verdict).toContainText('valid, but for another root');
  await expect(page.getByTestId('unproven').first()).toHaveText('unproven');
  await expect(page.getByTestId('answer-banner').locator('[data-field="account proof"]')).toBeVisible();
  expect(proxy.tamperedBy('getProof')).toBeGreaterThan(0);
  await screenshotAll(page, 'answers-address');
});

test('fees: asked 20, got 2, tip T — the node returned fewer than the chain has', async ({ page }) => {
  await page.goto(`${explorer.url}/fees/${ZONE}?blocks=20`);
  const returned = page.getByTestId('fee-returned');
  await expect(returned).toHaveAttribute('data-reason', 'node-short');
  await expect(page.getByTestId('fee-shortfall')).toContainText(/Asked for 20 blocks, got 2, tip \d+: the chain has \d+ blocks, so the node returned fewer than it has\./);
});

test('the home page keeps working behind the erring node', async ({ page }) => {
  await page.goto(`${explorer.url}/`);
  await expect(page.locator('article[data-chain]')).toHaveCount(13);
  await expect(page.locator('[data-testid="block-feed"] li').first()).toBeVisible();
});

test('an honest node: no banner, no flag, the same block page', async ({ page }) => {
  await page.goto(`/chain/${ZONE}/block/${counted.hash}`);
  await expect(page.locator('h1')).toContainText(`Block ${counted.number.toLocaleString('en-US')}`);
  await expect(page.getByTestId('pow-check')).toHaveAttribute('data-status', 'verified');
  await expect(page.getByTestId('answer-banner')).toHaveCount(0);
  await expect(page.getByTestId('answer-flag')).toHaveCount(0);
});
