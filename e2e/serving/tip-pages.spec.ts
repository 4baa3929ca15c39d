/**
 * The home page and a chain's overview rendered once per tips snapshot (the page cache's
 * per-tip policy, lib/server/page-cache/), counted by the explorer's own metric (strata_page_renders_total on
 * /api/metrics): N viewers asking within a second after a new block cost at most one render (none
 * when the tips read that saw the block rendered the held copy first), on one instance and on two
 * sharing a real Redis; every one of them sees the new block; the copy is
 * sent with a CDN's cache headers and hydrates under its hash-only CSP; with the node gone the
 * home page is a 503 again.
 *
 * Explorers and a devnet of the test's own, so that the blocks are mined only when the test says.
 */
import { startDevnet, type Devnet } from '../../devnet/index';
import { getChain } from '../../lib/protocol/chains';
import { expect, test } from '../fixtures';
import { rpcEnvFor } from '../support/env';
import { startExplorer, type ExplorerInstance } from '../support/explorer';
import { hydrated } from '../support/hydration';
import { devnetOffset, freePort } from '../support/ports';
import { startRedis, type RedisServer } from '../support/redis';
import { rpc, type RpcBlockLite } from '../support/rpc';
import { counterSum } from '../support/explorer-metrics';
import { untilTipsShow } from '../support/tips-snapshot';

const CHAINS = ['prime', 'cyprus', 'cyprus1'].map((n) => getChain(n as 'prime'));
const VIEWERS = 24;

/** This instance's renders of tip pages (kept or not) for `page` ("/" or "/chain/[chain]"). */
const renders = (explorer: ExplorerInstance, page: string) => counterSum(explorer.url, 'strata_page_renders_total', `page="${page}"`);

/** `metric`'s samples for `page` ("/" or "/chain/[chain]"), summed over `explorers`. */
const fleetSum = async (explorers: readonly ExplorerInstance[], metric: string, page: string) =>
  (await Promise.all(explorers.map((e) => counterSum(e.url, metric, `page="${page}"`)))).reduce((a, b) => a + b, 0);

const totalRenders = (explorers: readonly ExplorerInstance[], page: string) => fleetSum(explorers, 'strata_page_renders_total', page);

/** Mines at least one block of every chain's zone, then holds the chain still; the zone's new head. */
async function newHead(devnet: Devnet): Promise<RpcBlockLite & { number: string }> {
  devnet.resumeMining();
  await devnet.waitForBlocks('cyprus1', 1, 60_000);
  await devnet.pauseMining();
  return rpc<RpcBlockLite & { number: string }>(devnet.urlOf('cyprus1'), 'quai_getBlockByNumber', ['latest', false]);
}

/** Resolves once every explorer's tips snapshot (/api/tips, the one the pages follow) has `hash` as cyprus1's head. */
async function snapshotsShow(explorers: readonly ExplorerInstance[], hash: string): Promise<void> {
  for (const explorer of explorers) await untilTipsShow(explorer.url, 'cyprus1', hash);
}

/**
 * Resolves once no explorer has a render of `page` in flight: a render a tips read began for a
 * block mined on the way to the new head (pausing the miners lets the block in progress finish)
 * is counted when it ends, seconds later on a loaded machine, and must not be taken for a viewer's.
 */
async function rendersSettled(explorers: readonly ExplorerInstance[], page: string): Promise<void> {
  await expect
    .poll(() => fleetSum(explorers, 'strata_page_renders_in_flight', page), { timeout: 30_000, message: `no render of ${page} in flight` })
    .toBe(0);
}

/** VIEWERS documents of `path` asked at once, spread over `explorers`. */
async function viewers(explorers: readonly ExplorerInstance[], path: string): Promise<Array<{ status: number; body: string; headers: Headers }>> {
  return Promise.all(
    Array.from({ length: VIEWERS }, async (_, i) => {
      const response = await fetch(`${(explorers[i % explorers.length] as ExplorerInstance).url}${path}`, { headers: { accept: 'text/html' } });
      return { status: response.status, body: await response.text(), headers: response.headers };
    }),
  );
}

test.describe('pages that follow the tip', () => {
  let devnet: Devnet | undefined;
  let redis: RedisServer | undefined;
  const explorers: ExplorerInstance[] = [];

  test.afterAll(async () => {
    await Promise.all(explorers.map((e) => e.stop()));
    await redis?.stop();
    await devnet?.stop();
  });

  test('N viewers of a new tip cost one render, alone and in a fleet sharing Redis; each sees the new block', async ({ page }) => {
    test.setTimeout(240_000);
    const offset = devnetOffset();
    devnet = await startDevnet({ topology: '1x1', portOffset: offset, blockTimeMs: 500 });
    await devnet.waitForBlocks('cyprus1', 2, 60_000);
    await devnet.pauseMining();
    const env = { ...rpcEnvFor(offset, CHAINS), STRATA_LOG: 'off' };

    // One instance, no Redis.
    const alone = await startExplorer(await freePort(), env);
    explorers.push(alone);
    for (const path of ['/', '/chain/cyprus1'] as const) {
      const label = path === '/' ? '/' : '/chain/[chain]';
      const first = await renders(alone, label);
      const head = await newHead(devnet);
      await snapshotsShow([alone], head.hash);
      await rendersSettled([alone], label);
      const before = await renders(alone, label);
      const answers = await viewers([alone], path);
      for (const answer of answers) {
        expect(answer.status).toBe(200);
        expect(answer.headers.get('x-strata-store')).toBe('tip');
        expect(answer.headers.get('cache-control')).toBe('public, max-age=0, s-maxage=1, stale-while-revalidate=10');
        // Scripts allowed by hash, never a nonce (the copy is the same for every viewer).
        expect(answer.headers.get('content-security-policy')).toMatch(/script-src[^;]*'sha256-/);
        expect(answer.headers.get('content-security-policy')).not.toContain('nonce-');
        expect(answer.body).toContain(head.hash);
      }
      // One render for all of them, or none when the tips read that saw the block had rendered the
      // copy already (a page this instance holds is rendered as soon as a read sees a new tip).
      expect(await renders(alone, label), `${VIEWERS} viewers of ${path} on one instance`).toBeLessThanOrEqual(before + 1);
      expect(await renders(alone, label), `${path} rendered for the new block`).toBeGreaterThan(first);
      // The next request after another new block shows that block.
      const next = await newHead(devnet);
      await snapshotsShow([alone], next.hash);
      const after = await fetch(`${alone.url}${path}`);
      expect(await after.text()).toContain(next.hash);
    }

    // In a browser: the copy hydrates under its CSP (a violation is a console error, failing the test).
    await page.goto(`${alone.url}/`);
    await hydrated(page.getByTestId('tip-height'));
    // Leave the page: its tip poll would otherwise meet the node stopped below (a 503, a console
    // error) whenever a poll falls after the stop, which a loaded machine makes likely.
    await page.goto('about:blank');

    // The network page: kept per tips snapshot (and index version) like the others.
    expect((await fetch(`${alone.url}/network`)).status).toBe(200);
    const network = await renders(alone, '/network');
    for (const answer of await viewers([alone], '/network')) {
      expect(answer.status).toBe(200);
      expect(answer.headers.get('x-strata-store')).toBe('tip');
    }
    expect(await renders(alone, '/network'), `${VIEWERS} viewers of /network, mining paused`).toBeLessThanOrEqual(network + 1);

    // Two instances sharing Redis: one render for the fleet.
    redis = await startRedis(await freePort());
    const fleetEnv = { ...env, REDIS_URL: redis.url };
    const fleet = [await startExplorer(await freePort(), fleetEnv), await startExplorer(await freePort(), fleetEnv)];
    explorers.push(...fleet);
    // Each instance has served both pages once (a new instance's first render loads the route's
    // code, seconds on a loaded machine): what is counted below is the renders of a new tip.
    for (const explorer of fleet) for (const path of ['/', '/chain/cyprus1']) expect((await fetch(`${explorer.url}${path}`)).status).toBe(200);
    for (const path of ['/', '/chain/cyprus1'] as const) {
      const label = path === '/' ? '/' : '/chain/[chain]';
      const head = await newHead(devnet);
      await snapshotsShow(fleet, head.hash);
      await rendersSettled(fleet, label);
      const before = await totalRenders(fleet, label);
      const answers = await viewers(fleet, path);
      for (const answer of answers) {
        expect(answer.status).toBe(200);
        expect(answer.body).toContain(head.hash);
      }
      expect(await totalRenders(fleet, label), `${VIEWERS} viewers of ${path} over two instances sharing Redis`).toBeLessThanOrEqual(before + 1);
    }

    // The node gone: the home page is the 503 again, not a kept copy.
    await devnet.stop();
    await expect
      .poll(async () => (await fetch(`${alone.url}/`)).status, { timeout: 15_000, message: 'the home page answers 503 once the node is gone' })
      .toBe(503);
  });
});
