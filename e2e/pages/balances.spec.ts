/**
 * Balances through time and the chain's charts, in a real browser against the e2e devnet and the
 * explorer's own index: the address page's Analytics tab draws a fresh account's balance (funded,
 * then spent), each change the node's balance at its block, a point picked on the chart checked in
 * the browser against its block's state root; /accounts lists the zone's accounts richest first,
 * each the node's balance at the block the page states; /charts draws its charts per day and per
 * hour with a CSV each; none of them scrolls sideways at 360 px (axe: e2e/pages/a11y.spec.ts).
 */
import { expect, test } from '../fixtures';
import { expectNoSidewaysScroll, WIDTHS } from '../support/axe';
import { fundedAccount, GWEI, nonceOf, QUAI, sendRaw, signAt, waitFor, waitForReceipt, type TestAccount } from '../support/chain-actions';
import { devAccountsOf } from '../../devnet/accounts';
import { BASE_URL, devnetUrl } from '../support/env';
import { rpc } from '../support/rpc';

const ZONE = 'cyprus1';
const url = devnetUrl(ZONE);

test.describe.configure({ mode: 'serial', timeout: 180_000 });

let account: TestAccount;
/** The blocks the account's balance changed in, oldest first. */
const moves: bigint[] = [];

const balanceAt = async (address: string, block: bigint | string): Promise<bigint> =>
  BigInt(await rpc<string>(url, 'quai_getBalance', [address, `0x${BigInt(block).toString(16)}`]));

test.beforeAll(async () => {
  // Funded, then half of it sent back: two changes.
  account = await fundedAccount(url, ZONE, 'analytics', 2n * QUAI);
  const back = devAccountsOf(ZONE)[1]!.address;
  const raw = await signAt(account, await nonceOf(url, account.address), { to: back, value: QUAI / 2n, gas: 21_000n, data: '0x', gasTipCap: 2n * GWEI });
  const spent = await waitForReceipt(url, await sendRaw(url, raw));
  // Both changes, read by the explorer's balance pass (it follows the devnet live).
  const items = await waitFor('both changes in the balance history', async () => {
    const body = (await (await fetch(`${BASE_URL}/api/v1/address/${account.address}/balance-history`)).json()) as { items?: { blockNumber: string }[] };
    return body.items && body.items.length >= 2 && BigInt(body.items[0]!.blockNumber) >= BigInt(spent.blockNumber) ? body.items : null;
  }, 90_000);
  moves.push(...items.map((i) => BigInt(i.blockNumber)).reverse());
});

test('the Analytics tab draws the balance through time, each change the node\'s balance at its block, a picked point checked in the browser', async ({ page }) => {
  await page.goto(`/address/${account.address}?tab=analytics`);
  const rows = page.getByTestId('balance-change');
  await expect(rows).toHaveCount(moves.length);
  expect(moves).toHaveLength(2);
  for (const row of await rows.all()) {
    const block = (await row.getAttribute('data-block'))!;
    expect(BigInt((await row.getAttribute('data-balance'))!), `block ${block}`).toBe(await balanceAt(account.address, block));
    await expect(row.getByRole('link', { name: `#${BigInt(block).toLocaleString('en-US')}` })).toHaveAttribute('href', `/chain/${ZONE}/block/${block}`);
  }
  // One point per change; the newest is the one shown under the chart at first.
  const chart = page.getByTestId('balance-chart');
  await expect(chart.locator('.recharts-wrapper > svg.recharts-surface')).toBeVisible();
  const dots = chart.locator('.recharts-line-dots circle');
  await expect(dots).toHaveCount(moves.length);
  const shown = page.getByTestId('balance-point-block');
  await expect(shown).toHaveText(`Block #${moves[1]!.toLocaleString('en-US')}`);
  // Picking the first point shows its block, whose account proof the browser then checks.
  // The chart draws its dots again as it settles, and answers clicks once hydrated: click the first
  // dot where it is now until the chart has picked it.
  await expect(async () => {
    const first = await dots.first().boundingBox();
    expect(first, 'the first point is drawn').not.toBeNull();
    await page.mouse.click(first!.x + first!.width / 2, first!.y + first!.height / 2);
    await expect(shown).toHaveText(`Block #${moves[0]!.toLocaleString('en-US')}`, { timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  await expect(shown).toHaveAttribute('href', `/chain/${ZONE}/block/${moves[0]}`);
  await page.getByTestId('balance-point').getByTestId('check-in-browser').click();
  await expect(page.getByTestId('evidence-verdict')).toHaveText('Checked in this browser', { timeout: 60_000 });
  expect(await page.locator('[data-testid=evidence-check][data-status=fail]').count()).toBe(0);
  await expect(page.locator('[data-testid=evidence-check][data-name="account proof"]')).toHaveAttribute('data-status', 'pass');

  await page.setViewportSize(WIDTHS[360]);
  await expect(chart.locator('.recharts-wrapper > svg.recharts-surface')).toBeVisible();
  await expectNoSidewaysScroll(page);
});

test('/accounts lists the zone\'s accounts richest first, each the node\'s balance at the block it states; its API pages the same', async ({ page, request }) => {
  test.setTimeout(300_000);
  // The accounts are as of the block both stages of the balance pass completed: the internal stage
  // follows the trace pass, which can be well behind the parties stage the history above showed.
  await waitFor('the accounts as of the account\'s last change', async () => {
    const body = (await (await request.get(`/api/v1/accounts?chain=${ZONE}&limit=1`)).json()) as { blockNumber?: string | null };
    return typeof body.blockNumber === 'string' && BigInt(body.blockNumber) >= moves.at(-1)!;
  }, 150_000);
  await page.goto(`/accounts?chain=${ZONE}`);
  const block = BigInt(((await page.getByTestId('accounts-block').textContent()) ?? '').replace(/[#,]/g, ''));
  const rows = page.getByTestId('account-row');
  // The dev accounts, the miner, the traffic's recipients and contracts, this spec's account: a page of 25 at most.
  await expect(rows.nth(4)).toBeVisible();
  const listed = await rows.evaluateAll((els) => els.map((e) => ({ address: e.getAttribute('data-address') ?? '', balance: e.getAttribute('data-balance') ?? '' })));
  for (const a of listed.slice(0, 10)) expect(BigInt(a.balance), a.address).toBe(await balanceAt(a.address, block));
  const balances = listed.map((a) => BigInt(a.balance));
  expect([...balances].sort((x, y) => (x > y ? -1 : x < y ? 1 : 0))).toEqual(balances);
  expect(listed.map((a) => a.address)).toContain(account.address.toLowerCase());

  const api = (await (await request.get(`/api/v1/accounts?chain=${ZONE}&limit=3`)).json()) as {
    chain: string; blockNumber: string; total: string; accounts: string; next: string | null;
    items: { rank: number; address: string; balance: string; share: number; transactions: string; label: string | null; blockNumber: string }[];
  };
  expect(api).toMatchObject({ chain: ZONE, items: expect.any(Array) });
  expect(api.items.map((i) => i.rank)).toEqual([1, 2, 3]);
  for (const item of api.items) {
    expect(item.blockNumber).toBe(api.blockNumber);
    expect(BigInt(item.balance)).toBe(await balanceAt(item.address, api.blockNumber));
    expect(item.share).toBeGreaterThan(0);
  }
  // The next page goes on from the third, poorer or equal.
  const next = (await (await request.get(`/api/v1/accounts?chain=${ZONE}&limit=3&cursor=${api.next}`)).json()) as { items: { rank: number; balance: string }[] };
  expect(next.items[0]?.rank).toBe(4);
  expect(BigInt(next.items[0]!.balance)).toBeLessThanOrEqual(BigInt(api.items[2]!.balance));
  // The page pages the same way: its first row is the API's for the same cursor, both read at one
  // index commit (the balance pass goes on with the traffic, so a commit may fall between two reads).
  await expect.poll(async () => {
    await page.goto(`/accounts?chain=${ZONE}&cursor=${api.next}`);
    const shown = await page.getByTestId('account-row').first().getAttribute('data-balance');
    const same = (await (await request.get(`/api/v1/accounts?chain=${ZONE}&limit=3&cursor=${api.next}`)).json()) as { items: { balance: string }[] };
    return shown !== null && shown === same.items[0]?.balance;
  }, { timeout: 60_000, message: 'the page and the API agree on the first account after the cursor' }).toBe(true);
  expect((await request.get('/api/v1/accounts?chain=nowhere')).status()).toBe(400);

  await page.setViewportSize(WIDTHS[360]);
  await page.goto(`/accounts?chain=${ZONE}`);
  await expectNoSidewaysScroll(page);
});

test('/charts draws nine charts per UTC day and per hour, each with its CSV', async ({ page, request }) => {
  // A reader finds both from the network page.
  await page.goto('/network');
  await expect(page.getByTestId('network-more').getByRole('link', { name: 'top accounts' })).toHaveAttribute('href', '/accounts');
  await page.getByTestId('network-more').getByRole('link', { name: 'charts' }).click();
  await expect(page).toHaveURL(/\/charts$/);
  for (const [period, buckets] of [['days', 30], ['hours', 48]] as const) {
    await page.goto(`/charts?chain=${ZONE}${period === 'hours' ? '&period=hours' : ''}`);
    const charts = page.getByTestId('stats-chart');
    await expect(charts).toHaveCount(9);
    for (const chart of await charts.all()) await expect(chart.locator('.recharts-wrapper > svg.recharts-surface')).toBeVisible();
    const csvHref = (await page.locator('[data-series=transactions] [data-testid=chart-csv]').getAttribute('href'))!;
    const csv = await (await request.get(csvHref)).text();
    const lines = csv.trim().split('\n');
    expect(lines[0]).toBe('start,transactions');
    expect(lines).toHaveLength(buckets + 1);
    // The blocks the devnet mined are counted, in the latest bucket or the one before.
    const blocks = (await (await request.get(`/api/v1/stats/chain?chain=${ZONE}${period === 'hours' ? '&period=hours' : ''}`)).json()) as { points: { blocks: number }[] };
    expect(blocks.points.slice(-2).reduce((s, p) => s + p.blocks, 0)).toBeGreaterThan(0);
  }
  await page.setViewportSize(WIDTHS[360]);
  await page.goto(`/charts?chain=${ZONE}`);
  await expect(page.getByTestId('stats-chart').first().locator('.recharts-wrapper > svg.recharts-surface')).toBeVisible();
  await expectNoSidewaysScroll(page);
});
