/**
 * Verified contracts in a real browser against the devnet. This spec deploys its own
 * copies of the devnet's contracts (from a fresh funded account, so the start contracts other
 * specs read stay unverified) and verifies them the ways a reader can:
 *
 *   DevMulti   standard JSON input uploaded through the /verify form → full match; the badge, the
 *              Contract tab (compiler, settings, sources with line numbers, the ABI to copy and
 *              download) and read contract listing its view functions.
 *   Store      one file pasted in the form, constructor argument read from the chain → its decoded
 *              argument shown; a set() to it decoded with the source's parameter names, and its
 *              Stored log (no standard event) decoded with the verified ABI.
 *   Store #2   unverified, a similar match of Store (the same code): its page shows Store's source
 *              saying so and offers /verify; the same source with one line changed fails,
 *              the reason shown; with a comment changed it verifies as a partial match, and a call
 *              to it whose page was stored before is decoded with the source after.
 *   DevProxy   in front of a DevToken, both verified through the API: the proxy's read contract
 *              and an approve() through it use the implementation's verified ABI, saying so.
 */
import { encodeFunctionData, type Address, type Hex } from 'viem';
import { devAccountsOf } from '../../devnet/accounts';
import { DevTokenAbi, StoreAbi, devMultiDeployData, devProxyDeployData, devTokenDeployData, storeDeployData } from '../../devnet/contracts';
import { expect, test } from '../fixtures';
import { screenshotAll } from '../screenshots';
import { QUAI, deployContractTx, freshAccount, fundedAccount, nonceOf, sendRaw, signAt, waitForReceipt, type TestAccount } from '../support/chain-actions';
import { BASE_URL, devnetUrl } from '../support/env';
import { rpc } from '../support/rpc';
import { COMPILE_SETTINGS, COMPILER, creationIndexed, devnetSource, standardJson, verifyByApi } from '../support/verify-api';

const ZONE = 'cyprus1';
const url = devnetUrl(ZONE);

test.describe.configure({ mode: 'serial' });

let deployer: TestAccount;
let multi: Address;
let store: Address;
let store2: Address;
let token: Address;
let proxy: Address;
let store3: Address;
let storeLarge: Address;

/** The index must hold a contract's creation before the job can compare with it. */
async function send(to: Address, data: Hex): Promise<Hex> {
  const hash = await sendRaw(url, await signAt(deployer, await nonceOf(url, deployer.address), { to, value: 0n, gas: 200_000n, data }));
  const receipt = await waitForReceipt(url, hash, 90_000);
  expect(receipt.status).toBe('0x1');
  return hash;
}

test.beforeAll(async () => {
  test.setTimeout(300_000);
  deployer = await fundedAccount(url, ZONE, 'verify-pages', 20n * QUAI);
  multi = (await deployContractTx(url, ZONE, deployer, devMultiDeployData())).address;
  store = (await deployContractTx(url, ZONE, deployer, storeDeployData(42n))).address;
  store2 = (await deployContractTx(url, ZONE, deployer, storeDeployData(7n))).address;
  token = (await deployContractTx(url, ZONE, deployer, devTokenDeployData(1_000_000n * QUAI))).address;
  // Administered by another account, so the deployer's calls go through to the token.
  proxy = (await deployContractTx(url, ZONE, deployer, devProxyDeployData(token, freshAccount(ZONE, 'verify-proxy-admin').address))).address;
  store3 = (await deployContractTx(url, ZONE, deployer, storeDeployData(5n))).address;
  storeLarge = (await deployContractTx(url, ZONE, deployer, storeDeployData(11n))).address;
  for (const address of [multi, store, store2, token, proxy, store3, storeLarge]) await creationIndexed(address);
});

test('standard JSON uploaded through /verify: full match, the badge, compiler, sources with line numbers, the ABI, read contract', async ({ page, context }) => {
  test.setTimeout(180_000);
  await page.goto(`/verify?address=${multi}`);
  await expect(page.getByTestId('verify-address')).toHaveValue(multi);
  // The server offers the build the devnet was compiled with.
  await expect(page.getByTestId('verify-compiler')).toHaveValue(COMPILER);
  await page.getByTestId('verify-file').setInputFiles({ name: 'DevMulti.json', mimeType: 'application/json', buffer: Buffer.from(standardJson('DevMulti.sol')) });
  await page.getByTestId('verify-name').fill('DevMulti.sol:DevMulti');
  await page.getByTestId('verify-submit').click();
  const outcome = page.getByTestId('verify-outcome');
  await expect(outcome).toHaveAttribute('data-verdict', 'pass', { timeout: 120_000 });
  await expect(outcome).toContainText('Pass - Verified');
  // The job's id is in the URL: a reload follows the same job.
  expect(new URL(page.url()).searchParams.get('guid')).toMatch(/^[0-9a-f]+$/);

  await page.getByTestId('verify-contract-link').click();
  await expect(page).toHaveURL(new RegExp(`/address/${multi}\\?tab=contract$`, 'i'));
  await expect(page.getByTestId('verified-badge')).toHaveText('✓ Verified (full)');
  await expect(page.getByTestId('match-kind')).toContainText('full match');
  await expect(page.getByTestId('compiler-version')).toHaveText(COMPILER);
  await expect(page.getByTestId('compiler-facts')).toContainText('enabled, 200 runs');
  await expect(page.getByTestId('compiler-facts')).toContainText('shanghai');
  const file = page.getByTestId('source-file').first();
  await expect(file).toContainText('DevMulti.sol');
  const lines = devnetSource('DevMulti.sol').split('\n').length;
  await expect(file.getByTestId('source-line-numbers')).toHaveText(Array.from({ length: lines }, (_, i) => i + 1).join('\n'));
  await expect(file.getByTestId('source-text')).toContainText('contract DevMulti {');

  // The ABI: copied to the clipboard, and downloadable with the sources as JSON.
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.getByTestId('contract-abi').getByRole('button', { name: 'Copy ABI' }).click();
  const copied = JSON.parse(await page.evaluate(() => navigator.clipboard.readText())) as { name?: string }[];
  expect(copied.map((item) => item.name)).toContain('safeBatchTransferFrom');
  const download = await page.getByTestId('abi-download').getAttribute('href');
  expect(download).toBe(`/api/v1/contract/${multi}`);
  const served = (await (await fetch(`${BASE_URL}${download}`)).json()) as { abi?: unknown[] };
  expect(served.abi).toEqual(copied);
  await screenshotAll(page, 'contract-verified', { assertFits: true });

  // Read contract lists the view functions from the ABI: nothing to paste.
  await page.goto(`/address/${multi}`);
  await expect(page.getByTestId('verified-badge')).toHaveText('✓ Verified (full)');
  await page.getByTestId('read-open').click(); // the reader loads when opened
  const uri = page.locator('[data-testid="verified-function"][data-function="uri(uint256)"]');
  await expect(uri).toBeVisible();
  await expect(page.locator('[data-testid="verified-function"][data-function="balanceOf(uint256,address)"]')).toBeVisible();
  await expect(page.getByTestId('verified-reads-source')).toHaveText(/this contract's verified source \(full match\)/);
  await uri.getByTestId('verified-arg-0').fill('1');
  await uri.getByTestId('verified-query').click();
  await expect(uri.getByTestId('verified-answer')).toContainText('(string):');
});

test('one file pasted: constructor argument from the chain, decoded; a call and its log decoded with the source\'s names', async ({ page }) => {
  test.setTimeout(180_000);
  await page.goto(`/verify?address=${store}`);
  await page.getByTestId('verify-single-file').check();
  await page.getByTestId('verify-source').fill(devnetSource('Store.sol'));
  await page.getByTestId('verify-name').fill('Store');
  await page.getByTestId('verify-evm').fill('shanghai');
  await page.getByTestId('verify-submit').click();
  await expect(page.getByTestId('verify-outcome')).toHaveAttribute('data-verdict', 'pass', { timeout: 120_000 });

  await page.goto(`/address/${store}?tab=contract`);
  await expect(page.getByTestId('verified-badge')).toContainText('Verified (');
  await expect(page.getByTestId('constructor-args')).toContainText('uint256 initial');
  await expect(page.getByTestId('constructor-args')).toContainText('42');

  const hash = await send(store, encodeFunctionData({ abi: StoreAbi, functionName: 'set', args: [77n] }));
  await page.goto(`/tx/${hash}`);
  const call = page.getByTestId('decoded-call');
  await expect(call).toContainText('set(uint256)');
  await expect(call).toContainText('uint256 newValue');
  await expect(call.getByTestId('decoded-call-source')).toContainText("ABI from this contract's verified source");
  const log = page.getByTestId('log-verified');
  await expect(log).toContainText('Stored(address,uint256)');
  await expect(log).toContainText('address by');
  await expect(log).toContainText('uint256 value');
  await expect(log.getByTestId('log-verified-source')).toContainText("this contract's verified source");

  await page.goto(`/address/${store}`);
  await page.getByTestId('read-open').click(); // the reader loads when opened
  const value = page.locator('[data-testid="verified-function"][data-function="value()"]');
  await value.getByTestId('verified-query').click();
  await expect(value.getByTestId('verified-answer')).toContainText('77');
});

test('a verified source of 30,000 lines: the Contract tab draws part of it, under 1 MB, the rest in the download', async ({ page, request }) => {
  test.setTimeout(180_000);
  // Store.sol with a file of comments beside it (1.2 MB): only the metadata hash changes, a partial match.
  const padding = Array.from({ length: 30_000 }, (_, i) => `// line ${i + 1} of a long generated file\n`).join('');
  const input = { language: 'Solidity', sources: { 'Store.sol': { content: devnetSource('Store.sol') }, 'Generated.sol': { content: padding } }, settings: COMPILE_SETTINGS };
  expect(await verifyByApi({ contractaddress: storeLarge, sourceCode: JSON.stringify(input), codeformat: 'solidity-standard-json-input', contractname: 'Store.sol:Store' })).toBe('Pass - Verified');

  const response = await request.get(`/address/${storeLarge}?tab=contract`);
  expect(response.status()).toBe(200);
  const bytes = (await response.body()).length;
  expect(bytes, `the Contract tab weighs ${bytes} bytes`).toBeLessThan(1_000_000);

  await page.goto(`/address/${storeLarge}?tab=contract`);
  const generated = page.getByTestId('source-file').filter({ hasText: 'Generated.sol' });
  await expect(generated).toContainText('30,001 lines');
  const cut = generated.getByTestId('source-cut');
  await expect(cut).toContainText(/The first [\d,]+ lines of 30,001 are drawn here/);
  // In a folded <details> (only the first file starts open): present, not visible.
  const download = await cut.locator('a').getAttribute('href');
  expect(download).toBe(`/api/v1/contract/${storeLarge}`);
  const served = (await (await request.get(download!)).json()) as { sources: { path: string; content: string }[] };
  expect(served.sources.find((f) => f.path === 'Generated.sol')?.content).toBe(padding);
});

test('an unverified contract offers /verify; the source with one line changed fails, saying why; a changed comment is a partial match', async ({ page, browser }) => {
  test.setTimeout(180_000);
  // A call to it before it is verified, on its transaction page by block hash: stored at once, as it stands now.
  const call = await send(store2, encodeFunctionData({ abi: StoreAbi, functionName: 'set', args: [8n] }));
  const { blockHash, transactionIndex } = await rpc<{ blockHash: Hex; transactionIndex: Hex }>(url, 'quai_getTransactionReceipt', [call]);
  const storedTx = `/chain/${ZONE}/block/${blockHash}/tx/${Number(transactionIndex)}`;
  await page.goto(storedTx);
  // Its code is the verified Store's but for the constructor's value: a similar match, said so.
  await expect(page.getByTestId('decoded-call-source')).toContainText(`ABI from the verified source of ${store.toLowerCase()}, whose runtime code is this contract's but for the metadata hash (similar match`);
  await expect.poll(async () => (await fetch(`${BASE_URL}${storedTx}`)).headers.get('x-strata-store')).toBe('hit');

  await page.goto(`/address/${store2}`);
  await expect(page.getByTestId('verified-badge')).toHaveCount(0);
  await expect(page.getByTestId('code-source').getByTestId('verify-link')).toHaveAttribute('href', `/verify?address=${store2}`);
  await page.goto(`/address/${store2}?tab=contract`);
  await expect(page.getByTestId('similar-match')).toContainText('is not verified itself');
  await expect(page.getByTestId('similar-match')).toHaveAttribute('data-twin', store.toLowerCase());
  await page.getByTestId('similar-match').getByRole('link', { name: 'Verify this contract’s own source' }).click();
  await expect(page.getByTestId('verify-address')).toHaveValue(store2);

  await page.getByTestId('verify-single-file').check();
  await page.getByTestId('verify-source').fill(devnetSource('Store.sol').replace('value = newValue;', 'value = newValue + 1;'));
  await page.getByTestId('verify-name').fill('Store.sol:Store');
  await page.getByTestId('verify-evm').fill('shanghai');
  await page.getByTestId('verify-submit').click();
  const outcome = page.getByTestId('verify-outcome');
  await expect(outcome).toHaveAttribute('data-verdict', 'fail', { timeout: 120_000 });
  await expect(outcome).toContainText('Fail - Unable to verify');
  await expect(outcome.getByTestId('verify-reason')).not.toBeEmpty();
  await page.goto(`/address/${store2}`);
  await expect(page.getByTestId('verified-badge')).toHaveCount(0);

  // A changed comment changes only the metadata hash: a partial match, said in the badge.
  await page.goto(`/verify?address=${store2}`);
  await page.getByTestId('verify-single-file').check();
  await page.getByTestId('verify-source').fill(devnetSource('Store.sol').replace('keeps one number', 'keeps a number'));
  await page.getByTestId('verify-name').fill('Store.sol:Store');
  await page.getByTestId('verify-evm').fill('shanghai');
  await page.getByTestId('verify-submit').click();
  await expect(page.getByTestId('verify-outcome')).toHaveAttribute('data-verdict', 'pass', { timeout: 120_000 });
  await page.getByTestId('verify-contract-link').click();
  await expect(page.getByTestId('verified-badge')).toHaveText('✓ Verified (partial)');
  await expect(page.getByTestId('match-kind')).toContainText('except the metadata hash');
  // The copy the server stored before the verification is not served after it: the call reads with
  // the source. (A new browser: this one may keep its copy for the page's max-age.)
  const reader = await browser.newContext();
  try {
    const fresh = await reader.newPage();
    await fresh.goto(`${BASE_URL}${storedTx}`);
    await expect(fresh.getByTestId('decoded-call').getByTestId('decoded-call-source')).toContainText("ABI from this contract's verified source");
  } finally {
    await reader.close();
  }
});

test('an EIP-1967 proxy uses its implementation\'s verified ABI, for read contract and for a call through it', async ({ page }) => {
  test.setTimeout(240_000);
  expect(await verifyByApi({ contractaddress: token, codeformat: 'solidity-standard-json-input', sourceCode: standardJson('DevToken.sol'), contractname: 'DevToken.sol:DevToken' })).toBe('Pass - Verified');
  expect(await verifyByApi({ contractaddress: proxy, codeformat: 'solidity-standard-json-input', sourceCode: standardJson('DevProxy.sol'), contractname: 'DevProxy.sol:DevProxy' })).toBe('Pass - Verified');

  await page.goto(`/address/${proxy}`);
  await expect(page.getByTestId('proxy-implementation-proof')).toHaveAttribute('data-verdict', 'verified');
  await page.getByTestId('read-open').click(); // the reader loads when opened
  const sources = page.getByTestId('verified-reads-source');
  await expect(sources).toHaveCount(2);
  await expect(sources.nth(1)).toContainText(`its EIP-1967 implementation ${token}`);
  // The proxy's storage is its own (balances are empty there); the token's constants answer through it.
  const symbol = page.locator('[data-testid="verified-function"][data-function="symbol()"]');
  await symbol.getByTestId('verified-query').click();
  await expect(symbol.getByTestId('verified-answer')).toContainText('SDT');
  await expect(page.locator('[data-testid="verified-function"][data-function="balanceOf(address)"]')).toBeVisible();

  const spender = devAccountsOf(ZONE)[1]!.address;
  const hash = await send(proxy, encodeFunctionData({ abi: DevTokenAbi, functionName: 'approve', args: [spender, 5n * QUAI] }));
  await page.goto(`/tx/${hash}`);
  const call = page.getByTestId('decoded-call');
  await expect(call).toContainText('approve(address,uint256)');
  await expect(call).toContainText('address spender');
  await expect(call.getByTestId('decoded-call-source')).toContainText(`ABI from the verified source of its EIP-1967 implementation ${token}`);
  await expect(call.getByTestId('decoded-call-source')).toContainText('implementation slot proven at block #');
  await screenshotAll(page, 'tx-through-proxy', { assertFits: true });
  // The trace's checks unfolded, as the overview shows them when one fails: for the last
  // transaction of a block they name each account and storage slot proven, unbroken words.
  await page.goto(`/tx/${hash}?tab=trace`);
  await page.getByTestId('trace-checks').locator('summary').click();
  await expect(page.getByTestId('trace-checks').locator('details')).toHaveAttribute('open', '');
  await screenshotAll(page, 'tx-through-proxy-trace-checks', { assertFits: true });
});

test('without JavaScript: the form posts to the API, and /verify?guid= shows the verdict', async ({ browser }) => {
  test.setTimeout(180_000);
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  try {
    await page.goto(`${BASE_URL}/verify?address=${store3}`);
    await expect(page.locator('noscript')).toHaveCount(1);
    // Without JavaScript the single-file fields are not drawn: a standard JSON input carries its settings.
    await page.getByTestId('verify-source').fill(standardJson('Store.sol'));
    await page.getByTestId('verify-name').fill('Store.sol:Store');
    await page.getByTestId('verify-submit').click();
    await expect(page).toHaveURL(`${BASE_URL}/api`);
    const answer = JSON.parse((await page.locator('pre').first().innerText()).trim()) as { status: string; result: string };
    expect(answer.status).toBe('1');
    await page.goto(`${BASE_URL}/verify?guid=${answer.result}`);
    const status = page.getByTestId('job-status');
    await expect(status).toBeVisible();
    await expect
      .poll(async () => {
        await page.reload();
        return page.getByTestId('job-status').getAttribute('data-state');
      }, { timeout: 120_000 })
      .toBe('pass');
    await expect(status).toContainText('Pass - Verified');
    await expect(status.getByRole('link')).toHaveAttribute('href', new RegExp(`/address/${store3}\\?tab=contract`, 'i'));
    // A guid that is not one is said so.
    await page.goto(`${BASE_URL}/verify?guid=not-a-guid`);
    await expect(page.getByRole('alert')).toContainText('is not a job id');
  } finally {
    await context.close();
  }
});
