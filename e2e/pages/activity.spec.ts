/**
 * The network page's Activity section against the devnet, from the explorer's own index: a
 * cross-zone send the test makes is counted in its origin × destination cell of the ETX flow grid,
 * the daily transaction charts render (recharts, loaded when they scroll into view), and the stats API answers
 * with the same figures and refuses bad parameters.
 */
import { expect, test } from '../fixtures';
import { screenshotAll } from '../screenshots';
import { devnetUrl } from '../support/env';
import { FEATURES_OFF } from '../support/shared-explorer';
import { QUAI, freshAccount, fundedAccount, sendCrossZone } from '../support/chain-actions';

const ORIGIN = 'cyprus1';
const DESTINATION = 'cyprus2';
const url = devnetUrl(ORIGIN);

interface FlowJson { period: string; from: string; to: string; zones: string[]; counts: number[][]; delivered: number[][]; pending: number[][] }

test.describe.configure({ mode: 'serial' });

test('a cross-zone send is counted in its cell of the ETX flow grid; the daily charts render', async ({ page, request }) => {
  test.setTimeout(240_000);
  const cell = async (): Promise<number> => {
    const flow = (await (await request.get('/api/v1/etx/flow?period=24h')).json()) as FlowJson;
    return flow.counts[flow.zones.indexOf(ORIGIN)]?.[flow.zones.indexOf(DESTINATION)] ?? -1;
  };
  const sender = await fundedAccount(url, ORIGIN, 'activity-sender', 2n * QUAI);
  const before = await cell();
  const { etx } = await sendCrossZone(url, sender, freshAccount(DESTINATION, 'activity-recipient').address);
  // Indexed once its journey is known: from then on it is in the flow.
  await expect.poll(async () => (await request.get(`/api/v1/etx/${etx}`)).status(), { timeout: 90_000, intervals: [1_000] }).toBe(200);

  await page.goto('/network');
  const grid = page.getByTestId('etx-flow');
  await expect(grid.locator('tbody tr')).toHaveCount(9);
  await expect(grid.locator('tbody tr').first().locator('td')).toHaveCount(9);
  const target = grid.locator(`tr[data-origin="${ORIGIN}"] td[data-destination="${DESTINATION}"]`);
  const shown = Number(await target.getAttribute('data-count'));
  const after = await cell();
  // Background traffic may add ETXs of its own; the test's send is among them.
  expect(shown).toBeGreaterThanOrEqual(before + 1);
  expect(shown).toBeLessThanOrEqual(after);
  await expect(target).toHaveText(shown.toLocaleString('en-US'));
  await expect(target).toHaveAttribute('title', new RegExp(`^Cyprus 1 → Cyprus 2: ${shown} sent, \\d+ delivered, \\d+ pending$`));

  // The daily charts: recharts is fetched when their place scrolls into view, then draws the zone's bars.
  const chart = page.locator(`[data-testid=daily-chart][data-chain="${ORIGIN}"]`);
  const placeholder = page.getByTestId('daily-charts-loading');
  if (!(await placeholder.evaluate((e) => e.getBoundingClientRect().top < window.innerHeight + 200))) {
    // Below the fold (and the observer's margin): nothing of the charts yet.
    await expect(page.getByTestId('daily-chart')).toHaveCount(0);
  }
  await placeholder.scrollIntoViewIfNeeded();
  await expect(chart.locator('.recharts-bar-rectangle').first()).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId('daily-chart')).toHaveCount(9);
  const total = Number(await chart.getAttribute('data-total'));
  const daily = (await (await request.get(`/api/v1/stats/daily?chain=${ORIGIN}&days=30`)).json()) as { days: { transactions: number }[] };
  expect(total).toBeGreaterThan(0);
  expect(total).toBeLessThanOrEqual(daily.days.reduce((s, d) => s + d.transactions, 0));

  // The period chooser is a link with the period in the URL.
  await page.getByRole('link', { name: '7d' }).click();
  await expect(page).toHaveURL(/period=7d/);
  await expect(page.getByRole('link', { name: '7d' })).toHaveAttribute('aria-current', 'page');
  await expect(page.locator(`tr[data-origin="${ORIGIN}"] td[data-destination="${DESTINATION}"]`)).not.toHaveAttribute('data-count', '0');
  await page.goto('/network#activity');
  await expect(chart.locator('.recharts-bar-rectangle').first()).toBeVisible({ timeout: 20_000 });
  await screenshotAll(page, 'activity');
});

test('the stats API answers per day and per period, and refuses bad parameters with 400', async ({ request }) => {
  const daily = await request.get('/api/v1/stats/daily?chain=cyprus1&days=3');
  expect(daily.status()).toBe(200);
  const body = (await daily.json()) as { chain: string; days: { day: string; blocks: number; transactions: number; etxSent: number; etxReceived: number; activeAddresses: number }[] };
  expect(body.chain).toBe('cyprus1');
  expect(body.days).toHaveLength(3);
  expect(body.days.at(-1)?.day).toBe(new Date().toISOString().slice(0, 10));
  expect(body.days.at(-1)?.blocks).toBeGreaterThan(0);
  expect(Object.keys(body.days[0] ?? {}).sort()).toEqual(['activeAddresses', 'blocks', 'day', 'etxReceived', 'etxSent', 'transactions']);

  const flow = (await (await request.get('/api/v1/etx/flow?period=30d')).json()) as FlowJson;
  expect(flow.period).toBe('30d');
  expect(flow.zones).toHaveLength(9);
  expect(flow.counts.map((r) => r.length)).toEqual(Array(9).fill(9));
  flow.counts.forEach((row, o) => row.forEach((n, d) => expect(n).toBe((flow.delivered[o]?.[d] ?? 0) + (flow.pending[o]?.[d] ?? 0))));

  for (const bad of ['chain=prime', 'chain=cyprus1&days=0', 'chain=cyprus1&days=366', 'chain=cyprus1&days=abc', 'days=7']) {
    const response = await request.get(`/api/v1/stats/daily?${bad}`);
    expect(response.status(), bad).toBe(400);
    expect(((await response.json()) as { error: string }).error.length).toBeGreaterThan(0);
  }
  expect((await request.get('/api/v1/etx/flow?period=1h')).status()).toBe(400);
});

test('without an index the Activity section says why, the rest of the network page works, and the stats API answers 503', async ({ page, sharedExplorer }) => {
  test.setTimeout(120_000);
  const explorer = await sharedExplorer(FEATURES_OFF);
  const network = await page.goto(`${explorer.url}/network`);
  expect(network?.status()).toBe(200);
  await expect(page.getByTestId('network-row').first()).toBeVisible();
  await expect(page.getByTestId('activity-unavailable')).toContainText('Activity comes from the history index, which is off');
  await expect(page.getByTestId('etx-flow')).toHaveCount(0);
  for (const path of ['/api/v1/stats/daily?chain=cyprus1', '/api/v1/etx/flow?period=7d']) {
    const response = await page.request.get(`${explorer.url}${path}`);
    expect(response.status(), path).toBe(503);
    expect(((await response.json()) as { index: string }).index).toBe('off');
  }
});
