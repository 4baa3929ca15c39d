import { expect, test } from '../fixtures';
import { screenshotAll } from '../screenshots';
import { devnetUrl } from '../support/env';
import { rpc, type RpcBlockLite } from '../support/rpc';

test.describe('home', () => {
  test('renders every chain’s tip from the devnet, and a new block appears without a reload', async ({ page }) => {
    const zoneHeight = async () => BigInt(await rpc<string>(devnetUrl('cyprus1'), 'quai_blockNumber'));
    const heightBefore = await zoneHeight();
    await page.goto('/');
    // One card per configured chain, all 13 on the default devnet.
    await expect(page.locator('article[data-chain]')).toHaveCount(13);

    // The zone card shows the node's own height: the page (or its first poll) reaches what the node
    // had before the page was asked for, and never a height the node has not mined.
    const shownHeight = async () =>
      BigInt(((await page.locator('article[data-chain="cyprus1"] [data-testid="tip-height"]').textContent()) ?? '').replace(/,/g, ''));
    await expect.poll(shownHeight, { timeout: 20_000 }).toBeGreaterThanOrEqual(heightBefore);
    expect(await shownHeight()).toBeLessThanOrEqual(await zoneHeight());

    // One reading of the feed: its first block, and every block it lists (read together, so a
    // poll landing while the test talks to the node cannot mix two snapshots).
    const rows = await page.locator('[data-testid="block-feed"] li').evaluateAll((items) => items.map((r) => r.getAttribute('data-hash')));
    const before = new Set(rows);
    const hash = rows[0] ?? null;
    expect(hash).toMatch(/^0x[0-9a-f]{64}$/);
    // That first block exists on its chain under that hash.
    const fromNode = await Promise.any(
      ['cyprus1', 'cyprus2', 'cyprus3', 'paxos1', 'paxos2', 'paxos3', 'hydra1', 'hydra2', 'hydra3'].map(async (zone) => {
        const block = await rpc<RpcBlockLite | null>(devnetUrl(zone), 'quai_getBlockByHash', [hash, false]);
        if (!block) throw new Error('not here');
        return block;
      }),
    );
    expect(fromNode.hash).toBe(hash);

    // Without reloading, a block the page did not have appears at the top. A marker on window
    // proves there was no reload (a reload would clear it).
    await page.evaluate(() => Object.assign(window, { strataNoReload: true }));
    await expect
      .poll(async () => page.locator('[data-testid="block-feed"] li').first().getAttribute('data-hash'), { timeout: 20_000 })
      .not.toBe(hash);
    const newest = await page.locator('[data-testid="block-feed"] li').first().getAttribute('data-hash');
    expect(before.has(newest)).toBe(false);
    expect(await page.evaluate(() => 'strataNoReload' in window)).toBe(true);
  });

  test('works without JavaScript: real data in the server-rendered page', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/');
    await expect(page.locator('article[data-chain="prime"] [data-testid="tip-height"] a')).toHaveText(/^\d[\d,]*$/);
    await expect(page.locator('[data-testid="block-feed"] li').first()).toBeVisible();
    // Controls that need JavaScript are not shown.
    await expect(page.getByRole('group', { name: 'Colour theme' })).toBeHidden();
    await context.close();
  });

  test('a client-side navigation shows the loading bar until the next page commits', async ({ page }) => {
    await page.goto('/');
    const bar = page.getByTestId('navigation-progress');
    await expect(bar).toHaveAttribute('aria-hidden', 'true');
    // Hold the next page's server-component payload back, so the wait is long enough to see.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/network**', async (route) => {
      if (route.request().headers()['rsc']) await held;
      await route.continue();
    });
    await page.getByRole('navigation').getByRole('link', { name: 'Network' }).click();
    await expect(bar).toHaveAttribute('aria-hidden', 'false');
    await expect(page.locator('main')).toHaveAttribute('aria-busy', 'true');
    release();
    await expect(page).toHaveURL(/\/network$/);
    await expect(bar).toHaveAttribute('aria-hidden', 'true');
    await expect(page.locator('main')).toHaveAttribute('aria-busy', 'false');
  });

  test('theme: the choice is remembered and applied before paint', async ({ page, allowConsoleErrors }) => {
    await page.emulateMedia({ colorScheme: 'light' });
    await page.goto('/');
    await page.getByRole('button', { name: 'Dark theme' }).click();
    await expect(page.locator('html')).toHaveClass(/\bdark\b/);
    // Reload with the app's JavaScript blocked: only the inline pre-paint script can set the class.
    allowConsoleErrors(/ERR_FAILED|Failed to load resource/);
    await page.route('**/_next/static/**/*.js', (route) => route.abort());
    await page.reload();
    expect(await page.evaluate(() => document.documentElement.className)).toMatch(/\bdark\b/);
    expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe('rgb(13, 16, 20)');
    await page.unroute('**/_next/static/**/*.js');
    await page.reload();
    await page.getByRole('button', { name: 'System theme' }).click();
    await expect(page.locator('html')).not.toHaveClass(/\bdark\b/);
    expect(await page.evaluate(() => localStorage.getItem('strata-theme'))).toBeNull();
  });

  test('screenshots', async ({ page }) => {
    await page.goto('/');
    await expect(page.locator('[data-testid="block-feed"] li').first()).toBeVisible();
    await screenshotAll(page, 'home', { assertFits: true });
  });
});
