/**
 * Pages pushed, not polled: the home page and /hierarchy moving with the event streams and no
 * polling request, a watched address's browser notification, and the polling fallback where the
 * stream fails.
 */
import type { Page, Request } from '@playwright/test';
import { expect, test } from '../fixtures';
import { devnetUrl } from '../support/env';
import { fundFromDev, QUAI } from '../support/chain-actions';

const ZONE = 'cyprus1';

/** The explorer's API requests the page makes from now on, by path. */
function apiRequests(page: Page): string[] {
  const seen: string[] = [];
  page.on('request', (request: Request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/api/')) seen.push(url.pathname);
  });
  return seen;
}

test.describe('live pages', () => {
  test('the home page takes new blocks from the stream, with no polling request', async ({ page }) => {
    const requests = apiRequests(page);
    await page.goto('/');
    await expect(page.getByTestId('live-mode')).toHaveText(/new blocks as the explorer sees them/);
    const first = await page.locator('[data-testid="block-feed"] li').first().getAttribute('data-hash');
    await page.evaluate(() => Object.assign(window, { strataNoReload: true }));
    // A block the page did not have arrives on top, and the zone's card moves with it.
    await expect.poll(() => page.locator('[data-testid="block-feed"] li').first().getAttribute('data-hash'), { timeout: 30_000 }).not.toBe(first);
    const newest = await page.locator('[data-testid="block-feed"] li').first().getAttribute('data-hash');
    await expect.poll(() => page.locator('[data-testid="block-feed"] li').count()).toBeGreaterThan(1);
    expect(await page.evaluate(() => 'strataNoReload' in window)).toBe(true);
    // Another block after it: still no poll.
    await expect.poll(() => page.locator('[data-testid="block-feed"] li').first().getAttribute('data-hash'), { timeout: 30_000 }).not.toBe(newest);
    expect(requests.filter((p) => p === '/api/tips')).toEqual([]);
    expect(requests.filter((p) => p === '/api/v1/stream')).toHaveLength(1);
  });

  test('where the stream fails, the home page polls /api/tips as before', async ({ page, allowConsoleErrors }) => {
    allowConsoleErrors(/api\/v1\/stream|EventSource|503/);
    await page.route('**/api/v1/stream**', (route) => route.fulfill({ status: 503, contentType: 'application/json', body: '{"error":"no streams in this test"}' }));
    const requests = apiRequests(page);
    await page.goto('/');
    await expect(page.getByTestId('live-mode')).toHaveText(/refreshes every 2 s/);
    const first = await page.locator('[data-testid="block-feed"] li').first().getAttribute('data-hash');
    await expect.poll(() => page.locator('[data-testid="block-feed"] li').first().getAttribute('data-hash'), { timeout: 30_000 }).not.toBe(first);
    expect(requests.filter((p) => p === '/api/tips').length).toBeGreaterThan(0);
  });

  test('/hierarchy draws every chain as a lane and new blocks as they come', async ({ page }) => {
    const requests = apiRequests(page);
    await page.goto('/hierarchy');
    const picture = page.getByTestId('hierarchy-picture');
    await expect(picture.locator('[data-lane]')).toHaveCount(13);
    await expect(page.getByTestId('hierarchy')).toHaveAttribute('data-stream', 'live');
    const drawn = new Set(await picture.locator('[data-block]').evaluateAll((marks) => marks.map((m) => m.getAttribute('data-block'))));
    // A block of a zone that was not drawn at load is drawn without a reload.
    await expect
      .poll(async () => (await picture.locator(`[data-chain="${ZONE}"]`).evaluateAll((marks) => marks.map((m) => m.getAttribute('data-block')))).some((h) => !drawn.has(h)), { timeout: 30_000 })
      .toBe(true);
    // Coincident blocks are joined across lanes once a region block is in the window.
    await expect.poll(() => picture.locator('[data-coincident]').count(), { timeout: 60_000 }).toBeGreaterThan(0);
    // The picture in words, with the newest block of each chain linked.
    await expect(page.getByTestId('hierarchy-text').locator(`[data-chain="${ZONE}"] [data-testid="hierarchy-newest"]`)).toHaveText(/^#\d/);
    expect(requests.filter((p) => p !== '/api/v1/stream' && p !== '/api/labels')).toEqual([]);
  });

  test('/hierarchy at 360 px shows one region at a time', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 800 });
    await page.goto('/hierarchy');
    const picture = page.getByTestId('hierarchy-picture');
    // Prime, one region and its three zones.
    await expect(picture.locator('[data-lane]')).toHaveCount(5);
    await page.getByTestId('region-paxos').check();
    await expect(picture.locator('[data-lane="paxos2"]')).toHaveCount(1);
    await expect(picture.locator('[data-lane="cyprus1"]')).toHaveCount(0);
  });

  test("a watched address's movement is a browser notification, and the watchlist shows it", async ({ page, context, baseURL }) => {
    await context.grantPermissions(['notifications'], { origin: baseURL });
    // Notifications the page shows, recorded as the page makes them (a headless browser draws none).
    await page.addInitScript(() => {
      const Real = window.Notification;
      const shown: Array<{ title: string; body?: string }> = [];
      class Recorded extends Real {
        constructor(title: string, options?: NotificationOptions) {
          super(title, options);
          shown.push({ title, body: options?.body });
        }
      }
      Object.assign(window, { strataNotifications: shown });
      window.Notification = Recorded as typeof Notification;
    });
    const watched = `0x0${Math.floor(Math.random() * 0xd).toString(16)}${[...crypto.getRandomValues(new Uint8Array(19))].map((b) => b.toString(16).padStart(2, '0')).join('')}`;
    await page.goto(`/address/${watched}`);
    await page.getByTestId('watch-button').click();
    await expect(page.getByTestId('watch-status')).toHaveText(/Watched: a notification tells you when it moves/);
    await expect(page.getByTestId('watch-button')).toHaveAttribute('aria-pressed', 'true');
    // The address receives a transfer: pending, then mined, each a notification.
    await fundFromDev(devnetUrl(ZONE), ZONE, watched as `0x${string}`, QUAI / 10n);
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { strataNotifications: Array<{ title: string }> }).strataNotifications.map((n) => n.title)), { timeout: 30_000 })
      .toContainEqual(expect.stringMatching(/received 0\.1 QUAI/));
    // The address page's own live activity saw it too.
    await expect(page.getByTestId('address-live').locator('li').first()).toContainText('Received');
    // The watchlist lists it with that activity.
    await page.goto('/watchlist');
    const entry = page.locator(`[data-testid="watchlist"] li[data-address="${watched}"]`);
    await expect(entry.getByTestId('watch-activity')).toContainText(/received 0\.1 QUAI/);
  });
});
