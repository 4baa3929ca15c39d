import { startDevnet, type Devnet } from '../../devnet/index';
import { getChain } from '../../lib/protocol/chains';
import { expect, test } from '../fixtures';
import { screenshotAll } from '../screenshots';
import { devnetUrl, rpcEnvFor } from '../support/env';
import { counterSum } from '../support/explorer-metrics';
import { devnetOffset, freePort } from '../support/ports';
import { startExplorer } from '../support/explorer';
import { startSpareDevnet } from '../support/spare-devnet';
import { expectNoAxeViolations } from '../support/axe';

test.describe('not found', () => {
  test('garbage and malformed paths answer 404 with a page that says why', async ({ page, allowConsoleErrors }) => {
    allowConsoleErrors(/status of 404/);
    const cases: Array<[string, RegExp]> = [
      ['/this/is/not/a/page', /no page at this URL/i],
      ['/tx/0x1234', /not a transaction hash.*4 hex digits/],
      [`/tx/0x${'zz'.repeat(32)}`, /not hex digits/],
      ['/address/0xabc', /not an address/],
      ['/block/hello', /not a block number or a block hash/],
      ['/chain/atlantis', /no chain called “atlantis”/],
      ['/chain/cyprus1/block/12/tx/x', /not a transaction index/],
      ['/txpool/prime', /not a zone/],
    ];
    for (const [path, text] of cases) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(404);
      await expect(page.locator('main')).toContainText(text);
    }
    await page.goto('/tx/0x1234');
    await screenshotAll(page, 'error-404-invalid', { assertFits: true });
    await page.goto('/this/is/not/a/page');
    await screenshotAll(page, 'error-404', { assertFits: true });
  });
});

test.describe('node down', () => {
  test('stopping the node gives a 503 page with retry; restarting recovers by itself', async ({ page, allowConsoleErrors }) => {
    test.setTimeout(180_000);
    allowConsoleErrors(/status of 503/);
    const offset = devnetOffset();
    const chains = ['prime', 'cyprus', 'cyprus1'].map((n) => getChain(n as 'prime'));
    const port = await freePort();
    let devnet: Devnet | undefined = await startDevnet({ topology: '1x1', portOffset: offset, blockTimeMs: 1000 });
    const explorer = await startExplorer(port, rpcEnvFor(offset, chains));
    try {
      await devnet.waitForBlocks('cyprus1', 2, 60_000);
      const up = await page.goto(`${explorer.url}/`);
      expect(up?.status()).toBe(200);
      await expect(page.locator('article[data-chain]')).toHaveCount(3);

      await devnet.stop();
      devnet = undefined;
      // A page rendered in the second after the node stopped may still have been let through by
      // the cached health probe (1 s) and fail with 500; from then on every request is a 503.
      allowConsoleErrors(/status of 500/);
      await expect.poll(async () => (await page.request.get(`${explorer.url}/`)).status(), { timeout: 10_000 }).toBe(503);
      const down = await page.goto(`${explorer.url}/`);
      expect(down?.status()).toBe(503);
      expect(down?.headers()['retry-after']).toBe('5');
      await expect(page.getByRole('alert')).toContainText('The node is not answering');
      await expect(page.getByRole('button', { name: 'Retry' })).toBeVisible();
      // The API says so too, in JSON, once its coalesced snapshot (1 s) has expired. The poll's
      // deadline is the suite's default (15 s), not 5 s: on a loaded machine the refresh that
      // notices the node is gone can itself take longer than a few seconds.
      await expect.poll(async () => (await page.request.get(`${explorer.url}/api/tips`)).status()).toBe(503);
      await screenshotAll(page, 'error-503', { assertFits: true });
      // The timed retry can be stopped (WCAG 2.2.1); stopped, the page holds still for axe, and
      // has no accessibility violation either (e2e/pages/a11y.spec.ts checks the rest).
      await page.getByRole('button', { name: 'Stop reloading' }).click();
      await expect(page.getByText('Reloading by itself is stopped')).toBeVisible();
      await expectNoAxeViolations(page, 'node down (503)');

      devnet = await startDevnet({ topology: '1x1', portOffset: offset, blockTimeMs: 1000 });
      await page.getByRole('button', { name: 'Retry' }).click();
      await expect(page.locator('article[data-chain]')).toHaveCount(3, { timeout: 20_000 });
      const again = await page.request.get(`${explorer.url}/`);
      expect(again.status()).toBe(200);
    } finally {
      // Leave the page first: a prefetch still in flight to the explorer being stopped would
      // otherwise log a refused connection.
      await page.goto('about:blank');
      await explorer.stop();
      await devnet?.stop();
    }
  });
});

/**
 * A zone whose node stops answering (SIGSTOP: sockets open, nothing read) while prime and the region
 * still answer, so the explorer's health probe says the node is up and a page's own lookup is what
 * meets the hang. The page must answer 503 naming the zone after one RPC timeout: not a 500, and not
 * after a second attempt of the same lookup. Counted, not timed: the explorer's own counter of
 * timed-out calls goes up once per page.
 */
test('a zone that hangs mid-request: 503 naming it after one timeout, never 500', async ({ request }) => {
  test.setTimeout(180_000);
  const zone = await startSpareDevnet([], 'hung-zone');
  const port = await freePort();
  const explorer = await startExplorer(port, {
    STRATA_CHAINS: 'prime,cyprus,cyprus1',
    STRATA_RPC_PRIME: devnetUrl('prime'),
    STRATA_RPC_CYPRUS: devnetUrl('cyprus'),
    STRATA_RPC_CYPRUS1: zone.zoneUrl,
    STRATA_RPC_TIMEOUT_MS: '3000',
  });
  const timeouts = (method: string) =>
    counterSum(explorer.url, 'strata_node_errors_total', 'chain="cyprus1"', `method="quai_${method}"`, 'error="RpcTimeoutError"');
  try {
    expect((await request.get(`${explorer.url}/chain/cyprus1/block/1`)).status()).toBe(200);
    zone.pause();
    const cases = [
      { path: '/chain/cyprus1/block/2', method: 'getBlockByNumber' },
      { path: `/tx/0x${'5a'.repeat(32)}`, method: 'getTransactionByHash' },
    ];
    for (const { path, method } of cases) {
      const before = await timeouts(method);
      const response = await request.get(`${explorer.url}${path}`);
      expect(response.status(), path).toBe(503);
      expect(response.headers()['retry-after'], path).toBeDefined();
      const text = await response.text();
      expect(text, path).toContain('Cyprus 1');
      expect(text, path).toContain('did not answer within 3000 ms');
      expect(await timeouts(method), `${path}: one attempt of the page's lookup`).toBe(before + 1);
    }
    zone.resume();
    await expect.poll(async () => (await request.get(`${explorer.url}/chain/cyprus1/block/2`)).status()).toBe(200);
  } finally {
    zone.resume();
    await explorer.stop();
    await zone.stop();
  }
});
