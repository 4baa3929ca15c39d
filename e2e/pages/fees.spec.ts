/**
 * The fee page against the devnet: 1024 blocks requested draws the charts with what the node
 * returned (and says how many); the charts are SVG in the server's page (drawn without
 * JavaScript) and become recharts, with tooltips, once they scroll into view or the pointer
 * reaches them; an out-of-range count is refused with a message, without asking the node; the
 * home page carries the small version (server-style SVG, no recharts).
 */
import { test, expect } from '../fixtures';
import { screenshotAll } from '../screenshots';
import { devnetUrl } from '../support/env';
import { rpc } from '../support/rpc';

const ZONE = 'cyprus1';

test('the fee charts draw with 1024 blocks requested and say how many came back', async ({ page }) => {
  const height = BigInt(await rpc<string>(devnetUrl(ZONE), 'quai_blockNumber'));
  await page.goto(`/fees/${ZONE}?blocks=1024&percentiles=10,50,90`);
  const returned = page.getByTestId('fee-returned');
  await expect(returned).toContainText('Asked for 1024 blocks');
  const count = Number((await returned.locator('strong').textContent()) ?? '0');
  // The node returns min(1024, blocks it has); the chain only grew since we asked its height.
  expect(count).toBeGreaterThanOrEqual(Math.min(1024, Number(height)));
  expect(count).toBeLessThanOrEqual(1024);

  // Drawn whichever way (server SVG first, recharts once on screen): one chart each, with lines.
  for (const id of ['chart-base-fee', 'chart-gas-used', 'chart-rewards']) {
    await expect(page.getByTestId(id).locator('svg').first()).toBeVisible();
  }
  await expect(page.getByTestId('gas-price')).toContainText('gwei');
});

test('the fee charts are in the server-rendered page: SVG drawn without JavaScript', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(`/fees/${ZONE}?blocks=1024&percentiles=10,50,90`);
  await expect(page.getByTestId('fee-charts')).toHaveAttribute('data-drawn-by', 'svg');
  for (const id of ['chart-base-fee', 'chart-gas-used', 'chart-rewards']) {
    await expect(page.getByTestId(id).locator('svg[role="img"]')).toBeVisible();
  }
  // One drawn line for the base fee, one per percentile in the reward chart, bars for gas used.
  await expect(page.getByTestId('chart-base-fee').locator('path[data-series="baseFee"]')).toHaveAttribute('d', /^M\S+/);
  await expect(page.getByTestId('chart-rewards').locator('path[data-series]')).toHaveCount(3);
  await expect(page.getByTestId('chart-rewards').getByTestId('chart-legend')).toHaveText(/p10.*p50.*p90/);
  await expect(page.getByTestId('chart-gas-used').locator('svg[data-kind="bar"] path[data-series="gasUsed"]')).toHaveCount(1);
  // Each band of blocks names its figures when hovered (a native tooltip).
  await expect(page.getByTestId('chart-base-fee').locator('rect title').first()).toHaveText(/^Blocks? \d+/);
  await context.close();
});

test('the fee charts become recharts when they scroll into view, with a tooltip per block', async ({ page }) => {
  // A short window: the charts start below the fold, so the page loads without recharts.
  await page.setViewportSize({ width: 1280, height: 400 });
  const recharts: string[] = [];
  page.on('response', async (response) => {
    if (response.request().resourceType() === 'script' && /recharts-tooltip-wrapper/.test(await response.text().catch(() => ''))) recharts.push(response.url());
  });
  await page.goto(`/fees/${ZONE}?blocks=64&percentiles=10,50,90`);
  const charts = page.getByTestId('fee-charts');
  await expect(charts).toHaveAttribute('data-drawn-by', 'svg');
  await page.waitForLoadState('networkidle');
  expect(recharts, 'recharts fetched before the charts were on screen').toEqual([]);

  await charts.scrollIntoViewIfNeeded();
  await expect(charts).toHaveAttribute('data-drawn-by', 'recharts');
  for (const id of ['chart-base-fee', 'chart-gas-used', 'chart-rewards']) {
    await expect(page.getByTestId(id).locator('.recharts-wrapper > svg.recharts-surface')).toBeVisible();
  }
  await expect(page.getByTestId('chart-base-fee').locator('.recharts-line path.recharts-curve')).toHaveCount(1);
  await expect(page.getByTestId('chart-rewards').locator('.recharts-line path.recharts-curve')).toHaveCount(3);
  await expect(page.getByTestId('chart-gas-used').locator('.recharts-bar-rectangle').first()).toBeAttached();

  // Hovering a block names it and its base fee.
  const surface = page.getByTestId('chart-base-fee').locator('.recharts-wrapper');
  const box = await surface.boundingBox();
  if (!box) throw new Error('the base fee chart has no box');
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  const tooltip = page.getByTestId('chart-base-fee').locator('.recharts-tooltip-wrapper');
  await expect(tooltip).toBeVisible();
  await expect(tooltip).toContainText(/Block \d+/);
  await expect(tooltip).toContainText(/base fee.*gwei/);
  await page.setViewportSize({ width: 1280, height: 720 });
  await screenshotAll(page, 'fees');
});

test('pointing at the charts loads recharts before they are scrolled to', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 400 });
  await page.goto(`/fees/${ZONE}?blocks=64&percentiles=none`);
  const charts = page.getByTestId('fee-charts');
  await expect(charts).toHaveAttribute('data-drawn-by', 'svg');
  // The pointer arrives over the charts without anything scrolling (a dispatched event: Playwright's
  // hover would scroll them into view first, which loads recharts anyway).
  await charts.dispatchEvent('pointerover');
  await expect(charts).toHaveAttribute('data-drawn-by', 'recharts');
});

test('an out-of-range block count is refused with a message and nothing is charted', async ({ page, request }) => {
  for (const bad of ['0', '1025', 'lots']) {
    await page.goto(`/fees/${ZONE}?blocks=${bad}`);
    await expect(page.getByTestId('fee-params-error')).toContainText('1 to 1024');
    await expect(page.getByTestId('fee-params-error')).toContainText('Nothing was asked of the node');
    await expect(page.getByTestId('fee-charts')).toHaveCount(0);
  }
  // Through the form, as a reader would.
  await page.goto(`/fees/${ZONE}`);
  await page.getByTestId('fee-blocks').fill('5000');
  await page.getByTestId('fee-submit').click();
  await expect(page.getByTestId('fee-params-error')).toContainText('got 5000');
  await screenshotAll(page, 'fees-refused');

  const api = await request.get(`/api/fees/${ZONE}?blocks=2000`);
  expect(api.status()).toBe(400);
  expect(((await api.json()) as { error: string }).error).toContain('1 to 1024');
  const bad = await request.get(`/api/fees/${ZONE}?percentiles=90,10`);
  expect(bad.status()).toBe(400);
});

test('the home page shows the small fee chart', async ({ page }) => {
  await page.goto('/');
  const spark = page.getByTestId('fee-sparkline');
  await expect(spark).toBeVisible();
  await expect(spark.getByTestId('sparkline').locator('path[data-series="baseFee"]')).toHaveAttribute('d', /^M\S+/);
  await expect(spark).toContainText('gas price');
});
