/**
 * The browse lists against the suite's devnet and the explorer's own index: a zone's, a region's
 * and prime's blocks page by page against the node's own blocks, a reorg forced on a zone shown
 * in its Reorgs tab with the block that replaced it, a zone's transactions page by page against
 * the node's, their filters (a failed call, a contract creation, an ETX sent, calls by method name
 * and selector), the Pending tab with a nonce gap, the tokens and the verified contracts with
 * their filters, each list's JSON twin and its 400s, and the header and home page leading to them
 * (also at 360 px).
 */
import { erc20Abi, type Address, type Hex } from 'viem';
import { devTokenDeployData } from '../../devnet/contracts';
import { test, expect } from '../fixtures';
import { screenshotAll } from '../screenshots';
import { BASE_URL, devnetUrl } from '../support/env';
import { GWEI, QUAI, deployContractTx, freshAccount, fundedAccount, sendCrossZone, sendRaw, signAt, type TestAccount } from '../support/chain-actions';
import { sendCall } from '../support/contract-calls';
import { deployNamedToken } from '../support/named-token';
import { untilIndexed } from '../support/index-status';
import { rpc } from '../support/rpc';
import { verifyDevnetContract } from '../support/verify-api';

const ZONE = 'cyprus1';
const url = devnetUrl(ZONE);
/** A zone no other spec sends to: the reorg forced here disturbs no one's transactions. */
const REORG_ZONE = 'hydra2';

test.describe.configure({ mode: 'serial' });

interface Sent {
  readonly token: Address;
  readonly creation: Hex;
  readonly transfer: Hex;
  readonly failed: Hex;
  readonly etx: Hex;
}
let sent: Sent;
let sender: TestAccount;

interface NodeBlock {
  hash: Hex;
  number: [string, string, string];
  transactions: Hex[];
}
const blockAt = (chainUrl: string, n: bigint) => rpc<NodeBlock | null>(chainUrl, 'quai_getBlockByNumber', [`0x${n.toString(16)}`, false]);

test.beforeAll(async () => {
  test.setTimeout(300_000);
  // Enough blocks for two pages of ten.
  await expect.poll(async () => BigInt(await rpc<string>(url, 'quai_blockNumber')), { timeout: 120_000 }).toBeGreaterThanOrEqual(25n);
  sender = await fundedAccount(url, ZONE, 'lists-sender', 20n * QUAI);
  const other = await fundedAccount(url, ZONE, 'lists-other', 2n * QUAI);
  const { address: token, hash: creation } = await deployContractTx(url, ZONE, sender, devTokenDeployData(1_000n * QUAI));
  const transfer = await sendCall(url, sender, token, { abi: erc20Abi, functionName: 'transfer', args: [other.address, 5n] });
  expect(transfer.status).toBe('0x1');
  // More than it holds: reverted.
  const failed = await sendCall(url, other, token, { abi: erc20Abi, functionName: 'transfer', args: [sender.address, 10n ** 30n] });
  expect(failed.status).toBe('0x0');
  const etx = await sendCrossZone(url, sender, freshAccount('cyprus2', 'lists-etx-recipient').address);
  sent = { token, creation, transfer: transfer.hash, failed: failed.hash, etx: etx.hash };
  await untilIndexed(BASE_URL, url, ZONE);
});

/** The rows' numbers and hashes on the page now. */
async function rowsOf(page: import('@playwright/test').Page, testId: string): Promise<Array<{ number: bigint; hash: string }>> {
  const rows = page.getByTestId(testId);
  await expect(rows.first()).toBeVisible();
  return rows.evaluateAll((els) => els.map((el) => ({ number: el.getAttribute('data-number') ?? '', hash: el.getAttribute('data-hash') ?? '' })))
    .then((list) => list.map((r) => ({ number: BigInt(r.number), hash: r.hash })));
}

test('a zone’s blocks, newest first, page after page, are the node’s own', async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto(`/blocks?chain=${ZONE}&limit=10`);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Blocks of Cyprus 1');
  const first = await rowsOf(page, 'block-row');
  expect(first).toHaveLength(10);
  for (const [i, row] of first.entries()) {
    if (i > 0) expect(row.number).toBe(first[i - 1]!.number - 1n);
    expect((await blockAt(url, row.number))?.hash).toBe(row.hash);
  }
  // The next page, by its rel="next" link, goes on where the first stopped.
  await page.locator('a[rel="next"]').click();
  await expect(page).toHaveURL(/cursor=/);
  const second = await rowsOf(page, 'block-row');
  expect(second[0]!.number).toBe(first[first.length - 1]!.number - 1n);
  for (const row of second.slice(0, 5)) expect((await blockAt(url, row.number))?.hash).toBe(row.hash);
  await expect(page.getByRole('link', { name: 'First page' })).toHaveAttribute('rel', 'first');
  await screenshotAll(page, 'blocks', { assertFits: true });
});

test('a region’s and prime’s blocks are their zones’ coincident blocks, the node’s own', async ({ page }) => {
  for (const chain of ['cyprus', 'prime'] as const) {
    // A chain with blocks past its genesis (each chain's own, a zone's of order 2) has some in its zones' index.
    expect(BigInt(await rpc<string>(devnetUrl(chain), 'quai_blockNumber'))).toBeGreaterThan(0n);
    await page.goto(`/blocks?chain=${chain}`);
    const rows = await rowsOf(page, 'block-row');
    expect(rows.length).toBeGreaterThan(0);
    for (const [i, row] of rows.slice(0, 10).entries()) {
      if (i > 0) expect(row.number).toBeLessThan(rows[i - 1]!.number);
      expect((await blockAt(devnetUrl(chain), row.number))?.hash, `${chain} block ${row.number}`).toBe(row.hash);
    }
  }
  // Uncles are a zone's: a region has no such tab.
  await expect(page.getByRole('tab', { name: 'Uncles' })).toHaveCount(0);
});

test('the blocks API pages as the page does and refuses bad parameters with 400', async ({ request }) => {
  const one = await request.get(`/api/v1/blocks?chain=${ZONE}&limit=3`);
  expect(one.status()).toBe(200);
  const body = (await one.json()) as { items: Array<{ number: string; numbers: string[]; hash: string; order: string; gasUsedPercent: number | null; transactions: number }>; next: string };
  expect(body.items).toHaveLength(3);
  expect(body.items[0]).toMatchObject({ number: expect.stringMatching(/^\d+$/), order: expect.stringMatching(/^(prime|region|zone)$/) });
  expect(body.items[0]!.numbers[2]).toBe(body.items[0]!.number);
  const two = (await (await request.get(`/api/v1/blocks?chain=${ZONE}&limit=3&cursor=${body.next}`)).json()) as typeof body;
  expect(BigInt(two.items[0]!.number)).toBe(BigInt(body.items[2]!.number) - 1n);
  expect((await request.get(`/api/v1/blocks?chain=${ZONE}&tab=uncles`)).status()).toBe(200);
  for (const bad of ['chain=atlantis', `chain=${ZONE}&limit=0`, `chain=${ZONE}&limit=101`, `chain=${ZONE}&cursor=bm9wZQ`, 'chain=cyprus&tab=uncles',
    `chain=${ZONE}&tab=sideways`, `chain=${ZONE}&chain=cyprus2`, `chain=${ZONE}&cursor=${Buffer.from('x1:5:0').toString('base64url')}`]) {
    const response = await request.get(`/api/v1/blocks?${bad}`);
    expect(response.status(), bad).toBe(400);
    expect(((await response.json()) as { error: string }).error.length, bad).toBeGreaterThan(10);
  }
});

test('a reorg the index saw is in the zone’s Reorgs tab, with the block that replaced it', async ({ page, request }) => {
  test.setTimeout(300_000);
  const zoneUrl = devnetUrl(REORG_ZONE);
  let reorg: { ancestor: number; dropped: string[]; replacement: string[] } | undefined;
  // Three blocks deep, so the index held some of them even if the chain moved on after it caught
  // up. Only zone-only blocks can be dropped, and while the devnet's region and prime difficulty
  // settle most of a young zone's blocks are region blocks too: after a refusal, again once the
  // zone has a block more (and the index holds it).
  let refused = -1n;
  await expect.poll(async () => {
    const head = BigInt(await rpc<string>(zoneUrl, 'quai_blockNumber', []));
    if (head <= refused) return false;
    await untilIndexed(BASE_URL, zoneUrl, REORG_ZONE);
    reorg = await rpc<typeof reorg>(zoneUrl, 'devnet_reorg', [3]).catch(() => undefined);
    if (!reorg) refused = BigInt(await rpc<string>(zoneUrl, 'quai_blockNumber', []));
    return reorg !== undefined;
  }, { timeout: 180_000, message: 'a reorg the devnet accepts (the last three blocks zone-only)' }).toBe(true);
  if (!reorg) throw new Error('no reorg');
  const { ancestor, replacement } = reorg;
  const dropped = reorg.dropped.map((h) => h.toLowerCase());
  type Listed = { hash: string; replacedBy: string | null; number: string };
  let listed: Listed[] = [];
  await expect.poll(async () => {
    const list = (await (await request.get(`/api/v1/blocks?chain=${REORG_ZONE}&tab=reorgs&limit=100`)).json()) as { items: Listed[] };
    listed = list.items.filter((i) => dropped.includes(i.hash));
    // A block dropped before the node had one at its height is listed at once, and with the block
    // that replaced it once the index holds that one (lib/index/readers/lists/block-list-reader.ts).
    return listed.every((i) => i.replacedBy !== null) ? listed.length : 0;
  }, { timeout: 60_000, message: 'the index lists the blocks it held among those dropped, each with the block now at its height' }).toBeGreaterThan(0);
  // Each with the block the node put at its height instead.
  for (const item of listed) expect(item.replacedBy, item.hash).toBe(replacement[Number(item.number) - ancestor - 1]?.toLowerCase());
  const shown = listed[0]!;
  await page.goto(`/blocks?chain=${REORG_ZONE}&tab=reorgs`);
  const row = page.locator(`[data-testid="reorg-row"][data-hash="${shown.hash}"]`);
  await expect(row).toBeVisible();
  await expect(row.locator(`a[href="/chain/${REORG_ZONE}/block/${shown.replacedBy}"]`)).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Reorgs' })).toHaveAttribute('aria-selected', 'true');
});

/** The node's transactions from block `top` down, newest first, until `count` of them. */
async function nodeTransactions(top: bigint, count: number): Promise<string[]> {
  const hashes: string[] = [];
  for (let n = top; n >= 0n && hashes.length < count; n--) hashes.push(...((await blockAt(url, n))?.transactions ?? []).map((h) => h.toLowerCase()).reverse());
  return hashes;
}

test('a zone’s transactions, newest first, page after page, are the node’s own', async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto(`/txs?chain=${ZONE}&limit=10`);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Transactions of Cyprus 1');
  const rows = page.getByTestId('tx-row');
  await expect(rows.first()).toBeVisible();
  const hashes = await rows.evaluateAll((els) => els.map((el) => el.getAttribute('data-hash') ?? ''));
  const top = BigInt((await rows.first().getAttribute('data-block')) ?? '0');
  expect(hashes).toHaveLength(10);
  const node = await nodeTransactions(top, 30);
  expect(hashes).toEqual(node.slice(0, 10));
  await page.locator('a[rel="next"]').click();
  await expect(page).toHaveURL(/cursor=/);
  await expect(rows.first()).toBeVisible();
  expect(await rows.evaluateAll((els) => els.map((el) => el.getAttribute('data-hash') ?? ''))).toEqual(node.slice(10, 20));
  await screenshotAll(page, 'txs', { assertFits: true });
});

test('the transactions’ filters: failed, contract creations, ETXs sent, a method by name and by selector', async ({ page, request }) => {
  // The devnet's traffic goes on meanwhile: the transaction may be a few pages down by now.
  const has = async (query: string, hash: string) => {
    await page.goto(`/txs?chain=${ZONE}&${query}&limit=100`);
    await expect(page.getByTestId('tx-list-card')).toBeVisible();
    const row = page.locator(`[data-testid="tx-row"][data-hash="${hash.toLowerCase()}"]`);
    for (let i = 0; i < 10 && !(await row.isVisible()); i++) {
      const next = page.locator('a[rel="next"]');
      if ((await next.count()) === 0) break;
      await next.click();
      await expect(page).toHaveURL(/cursor=/);
      await expect(page.getByTestId('tx-list-card')).toBeVisible();
    }
    await expect(row, query).toBeVisible();
  };
  await has('status=failed', sent.failed);
  await expect(page.getByTestId('tx-row').getByText('success', { exact: true })).toHaveCount(0);
  await has('type=contract-creation', sent.creation);
  await has('type=etx-sent', sent.etx);
  await has('method=transfer', sent.transfer);
  await has('method=transfer', sent.failed);
  await has('method=0xa9059cbb', sent.transfer);
  await expect(page.locator(`[data-testid="tx-row"][data-hash="${sent.transfer.toLowerCase()}"]`)).toContainText('transfer');

  // The form keeps its filters in the address.
  await page.goto(`/txs?chain=${ZONE}`);
  await page.getByLabel('Status').selectOption('failed');
  await page.getByLabel('Type').selectOption('internal');
  await page.getByRole('button', { name: 'Filter' }).click();
  await expect(page).toHaveURL(/status=failed/);
  await expect(page).toHaveURL(/type=internal/);
  await expect(page.getByTestId('tx-row').first()).toBeVisible();
  await has('status=failed&type=internal', sent.failed);

  // A filter the list cannot read says why.
  await page.goto(`/txs?chain=${ZONE}&method=noSuchFunction`);
  await expect(page.getByTestId('list-problem')).toContainText('noSuchFunction');
  await page.goto('/txs?chain=cyprus');
  await expect(page.getByTestId('list-problem')).toContainText('not a zone');

  const api = (await (await request.get(`/api/v1/txs?chain=${ZONE}&status=failed&limit=100`)).json()) as { items: Array<{ hash: string; status: string; method: { name: string } | null; fee: string }> };
  const failed = api.items.find((i) => i.hash === sent.failed.toLowerCase());
  expect(failed).toMatchObject({ status: 'reverted', method: { name: 'transfer' } });
  expect(BigInt(failed!.fee)).toBeGreaterThan(0n);
  for (const bad of ['chain=cyprus', `chain=${ZONE}&status=maybe`, `chain=${ZONE}&type=sideways`, `chain=${ZONE}&method=0x12`, `chain=${ZONE}&method=noSuchFunction`]) {
    expect((await request.get(`/api/v1/txs?${bad}`)).status(), bad).toBe(400);
  }
});

test('the Pending tab lists the zone’s txpool, with a transaction’s nonce gap', async ({ page, request }) => {
  test.setTimeout(120_000);
  const waiting = await fundedAccount(url, ZONE, 'lists-pending');
  // Nonce 2 of an account at 0: nonces 0 and 1 are missing, so it stays queued.
  const hash = (await sendRaw(url, await signAt(waiting, 2n, { to: waiting.address, value: 1n, gas: 21_000n, data: '0x', gasTipCap: GWEI }))).toLowerCase();
  await expect.poll(async () => {
    const body = (await (await request.get(`/api/v1/txs/pending?chain=${ZONE}&limit=100`)).json()) as { items: Array<{ hash: string; nonce: string; status: string; nonceGap: unknown }>; next: string | null };
    let items = body.items;
    for (let next = body.next; next; ) {
      const more = (await (await request.get(`/api/v1/txs/pending?chain=${ZONE}&limit=100&cursor=${next}`)).json()) as typeof body;
      items = [...items, ...more.items];
      next = more.next;
    }
    return items.find((i) => i.hash === hash);
  }).toMatchObject({ nonce: '2', status: 'queued', nonceGap: { from: '0', to: '1' } });
  await page.goto(`/txs?chain=${ZONE}`);
  await page.getByRole('tab', { name: 'Pending' }).click();
  await expect(page).toHaveURL(/tab=pending/);
  await page.goto(`/txs?chain=${ZONE}&tab=pending&limit=100`);
  const row = page.locator(`[data-testid="pending-row"][data-hash="${hash}"]`);
  for (let i = 0; i < 20 && !(await row.isVisible()); i++) {
    const next = page.locator('a[rel="next"]');
    if ((await next.count()) === 0) break;
    await next.click();
  }
  await expect(row).toBeVisible();
  await expect(row.getByTestId('nonce-gap')).toHaveText('nonces 0–1 missing');
  await expect(row).toContainText('queued');
  expect((await request.get('/api/v1/txs/pending?chain=cyprus')).status()).toBe(400);
});

test('the tokens, by holders and by transfers, found by a prefix of their name', async ({ page, request }) => {
  test.setTimeout(120_000);
  const name = `Lists Spec ${Date.now().toString(36)}`;
  const { address } = await deployNamedToken(url, ZONE, sender, name);
  await untilIndexed(BASE_URL, url, ZONE);
  await page.goto(`/tokens?q=${encodeURIComponent(name.slice(0, 12).toLowerCase())}`);
  const row = page.locator(`[data-testid="token-row"][data-address="${address.toLowerCase()}"]`);
  await expect(row).toBeVisible();
  await expect(row).toContainText(name);
  await expect(row).toContainText('ERC-20');
  // Its constructor minted 100 raw units to the deployer: one holder, one transfer.
  const api = (await (await request.get(`/api/v1/tokens?q=${encodeURIComponent(name)}`)).json()) as { items: Array<{ address: string; holders: string; transfers: string; transfers24h: string; totalSupply: string }> };
  expect(api.items).toEqual([expect.objectContaining({ address: address.toLowerCase(), holders: '1', transfers: '1', transfers24h: '1', totalSupply: '100' })]);
  // The DevToken of the set-up: minted to the sender, 5 sent on (the failed transfer moved nothing).
  type Tokens = { items: Array<{ address: string; holders: string; transfers: string }>; next: string | null };
  const all: Tokens['items'] = [];
  for (let cursor: string | null = null, pages = 0; pages < 20; pages++) {
    const body = (await (await request.get(`/api/v1/tokens?sort=transfers&limit=100${cursor ? `&cursor=${cursor}` : ''}`)).json()) as Tokens;
    all.push(...body.items);
    cursor = body.next;
    if (!cursor) break;
  }
  expect(all.find((t) => t.address === sent.token.toLowerCase())).toMatchObject({ holders: '2', transfers: '2' });
  const counts = all.map((t) => BigInt(t.transfers));
  expect(counts).toEqual([...counts].sort((a, b) => (a < b ? 1 : a > b ? -1 : 0)));
  for (const bad of ['sort=size', 'standard=erc777', `q=${'x'.repeat(65)}`, 'q=a&q=b']) expect((await request.get(`/api/v1/tokens?${bad}`)).status(), bad).toBe(400);
  await page.goto('/tokens?sort=size');
  await expect(page.getByTestId('list-problem')).toContainText('sort');
  await page.goto('/tokens');
  await screenshotAll(page, 'tokens', { assertFits: true });
});

test('the verified contracts, newest first, with compiler, match and license, found by name', async ({ page, request }) => {
  test.setTimeout(180_000);
  await verifyDevnetContract(sent.token, 'DevToken.sol:DevToken', ['DevToken.sol']);
  await page.goto('/contracts');
  const row = page.locator(`[data-testid="contract-row"][data-address="${sent.token.toLowerCase()}"]`);
  await expect(row).toBeVisible();
  await expect(row).toContainText('DevToken');
  await expect(row).toContainText('full');
  await expect(row).toContainText('MIT');
  await page.getByLabel('Name starts with').fill('devtok');
  await page.getByRole('button', { name: 'Show' }).click();
  await expect(page).toHaveURL(/q=devtok/);
  await expect(row).toBeVisible();
  const api = (await (await request.get('/api/v1/contracts?q=DevTok')).json()) as { items: Array<{ address: string; name: string; license: string; match: string; compiler: string; verifiedAt: string }> };
  expect(api.items.find((c) => c.address === sent.token.toLowerCase())).toMatchObject({ name: 'DevToken', license: 'MIT', match: 'full', compiler: expect.stringMatching(/^v0\.8\./) });
  expect((await (await request.get('/api/v1/contracts?q=zzzz-no-such')).json())).toEqual({ items: [], next: null });
  expect((await request.get('/api/v1/contracts?limit=1000')).status()).toBe(400);
  await screenshotAll(page, 'contracts', { assertFits: true });
});

test('the header leads to every list, on a phone too; the home page has one search box and its feeds lead to the lists', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 780 });
  await page.goto('/');
  await expect(page.getByRole('search')).toHaveCount(1);
  const main = page.getByRole('navigation', { name: 'Main' });
  for (const name of ['Blocks', 'Transactions', 'Tokens', 'Contracts']) await expect(main.getByRole('link', { name, exact: true })).toBeInViewport();
  await page.getByTestId('block-feed-more').click();
  await expect(page).toHaveURL(new RegExp(`/blocks\\?chain=${ZONE}$`));
  await page.goto('/');
  await page.getByTestId('tx-feed-more').click();
  await expect(page).toHaveURL(new RegExp(`/txs\\?chain=${ZONE}$`));
  await main.getByRole('link', { name: 'Tokens', exact: true }).click();
  await expect(page).toHaveURL(/\/tokens$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Tokens');
});
