/**
 * Immutable pages rendered once: a block by hash (and a transaction deeper than the finality
 * depth) is rendered on the first request, kept, and served from the store with headers a CDN
 * can cache; with the node down, stored pages are still served (200, with a banner) while
 * everything else is a 503. A devnet and an explorer of the test's own (the node is stopped).
 */
import { startDevnet, type Devnet } from '../devnet/index';
import { getChain } from '../lib/chains';
import { expect, test } from './fixtures';
import { screenshotAll } from './screenshots';
import { rpcEnvFor } from './support/env';
import { startExplorer, type ExplorerInstance } from './support/explorer';
import { devnetOffset, freePort } from './support/ports';
import { rpc, type RpcBlockLite } from './support/rpc';

const CHAINS = ['prime', 'cyprus', 'cyprus1'].map((n) => getChain(n as 'prime'));
const DEPTH = 4;

async function nodeRequests(explorer: ExplorerInstance): Promise<number> {
  const text = await (await fetch(`${explorer.url}/api/metrics`)).text();
  return [...text.matchAll(/^strata_node_http_requests_total\{[^}]*\} (\d+)$/gm)].reduce((sum, m) => sum + Number(m[1]), 0);
}

test.describe('immutable pages', () => {
  test.describe.configure({ mode: 'serial' });
  let offset = 0;
  let devnet: Devnet | undefined;
  let explorer: ExplorerInstance | undefined;
  let blockHash = '';

  test.beforeAll(async () => {
    test.setTimeout(120_000);
    offset = devnetOffset();
    devnet = await startDevnet({ topology: '1x1', portOffset: offset, blockTimeMs: 400, traffic: true, trafficRate: 4 });
    explorer = await startExplorer(await freePort(), { ...rpcEnvFor(offset, CHAINS), STRATA_FINALITY_DEPTH: String(DEPTH) });
    await devnet.waitForBlocks('cyprus1', 2, 60_000);
    blockHash = (await rpc<RpcBlockLite>(devnet.urlOf('cyprus1'), 'quai_getBlockByNumber', ['0x1', false])).hash;
  });

  test.afterAll(async () => {
    await explorer?.stop();
    await devnet?.stop();
  });

  test('a block by hash is rendered once, then served from the store with CDN headers and an ETag', async ({ page, request }) => {
    if (!explorer) throw new Error('not started');
    const url = `${explorer.url}/chain/cyprus1/block/${blockHash}`;
    const first = await request.get(url);
    expect(first.status()).toBe(200);
    expect(first.headers()['x-strata-store']).toBe('miss');
    expect(first.headers()['cache-control']).toBe('public, max-age=300, s-maxage=86400, stale-while-revalidate=604800');
    const etag = first.headers().etag;
    expect(etag).toMatch(/^"[\w-]{27}"$/);
    // Scripts by hash (one copy for every reader), never a nonce.
    const csp = first.headers()['content-security-policy'] ?? '';
    expect(csp).toMatch(/script-src 'self'( 'sha256-[\w+/=]+')+/);
    expect(csp).not.toContain('nonce-');

    // The count covers every stored hit below. Their health check is the last probe while it is
    // younger than 5 s, renewed in the background once older (lib/server/stored-pages/stored-fast-path.ts): on
    // a loaded machine this stretch can outlast it, and the renewal's quai_blockNumber calls are
    // no hit's cost. So the stretch is run again until one has no renewal in it; a hit that cost
    // the node anything fails every attempt.
    const server = explorer; // narrowed for the closure
    await expect(async () => {
      const before = await nodeRequests(server);
      const second = await request.get(url);
      expect(second.headers()['x-strata-store']).toBe('hit');
      expect(second.headers().etag).toBe(etag);
      expect(await second.text()).toBe(await first.text());
      // Answered before Next routes it (lib/server/stored-pages/stored-fast-path.ts, once the node's health is
      // known), compressed once, not on every hit: brotli for a browser, gzip or nothing for others.
      await expect.poll(async () => (await request.get(url)).headers()['content-encoding']).toBe('br');
      const gzip = await request.get(url, { headers: { 'accept-encoding': 'gzip' } });
      expect(gzip.headers()['content-encoding']).toBe('gzip');
      expect(gzip.headers()['content-security-policy']).toBe(csp);
      expect(gzip.headers()['x-content-type-options']).toBe('nosniff');
      expect(await gzip.text()).toBe(await first.text());
      const plain = await request.get(url, { headers: { 'accept-encoding': 'identity' } });
      expect(plain.headers()['content-encoding']).toBeUndefined();
      expect(await plain.text()).toBe(await first.text());
      const notModified = await request.get(url, { headers: { 'if-none-match': etag ?? '' } });
      expect(notModified.status()).toBe(304);
      // EIP-3091 /block/<hash>: the chain is known from the stored page, so no render asks every chain.
      const anyChain = await request.get(`${server.url}/block/${blockHash}`, { maxRedirects: 0 });
      expect(anyChain.status()).toBe(307);
      expect(anyChain.headers().location).toMatch(new RegExp(`^(${server.url})?/chain/cyprus1/block/${blockHash}$`));
      expect(await nodeRequests(server), 'a stored page costs the node nothing').toBe(before);
    }).toPass({ timeout: 60_000 });
    // A client navigation's RSC request is Next's to answer, never the stored HTML (its render
    // may probe the node's health, so it comes after the count).
    const rsc = await request.get(url, { headers: { rsc: '1' } });
    expect(rsc.headers()['x-strata-store']).toBeUndefined();
    expect(rsc.headers()['content-type']).toContain('text/x-component');

    // In the browser: the stored copy hydrates under its hash-only CSP (a violation would be a
    // console error), and what depends on the tip is filled in there.
    await page.goto(url);
    await expect(page.locator('main')).toContainText(blockHash);
    await expect(page.getByTestId('chain-tip')).toContainText('Cyprus 1 tip:');
    await expect(page.getByRole('link', { name: /Block 2 →/ })).toBeVisible();
  });

  test('a transaction page is stored only once its block is deeper than the finality depth', async ({ request }) => {
    if (!devnet || !explorer) throw new Error('not started');
    const url1 = devnet.urlOf('cyprus1');
    let tx = '';
    let mined = 0n;
    await expect
      .poll(async () => {
        const head = await rpc<RpcBlockLite>(url1, 'quai_getBlockByNumber', ['latest', false]);
        const first = head.transactions[0];
        tx = typeof first === 'string' ? first : (first?.hash ?? '');
        mined = BigInt(head.number[2]);
        return tx;
      }, { timeout: 30_000 })
      .not.toBe('');
    const shallow = await request.get(`${explorer.url}/tx/${tx}`);
    expect(shallow.status()).toBe(200);
    expect(shallow.headers()['x-strata-store']).toBeUndefined();
    expect(shallow.headers()['cache-control']).not.toContain('public');
    await expect
      .poll(async () => BigInt(await rpc<string>(url1, 'quai_blockNumber')) - mined, { timeout: 30_000 })
      .toBeGreaterThanOrEqual(BigInt(DEPTH + 1));
    // The tip the explorer sees is shared for up to 3 s.
    await expect.poll(async () => (await request.get(`${explorer?.url}/tx/${tx}`)).headers()['x-strata-store'], { timeout: 10_000 }).toBe('miss');
    expect((await request.get(`${explorer.url}/tx/${tx}`)).headers()['x-strata-store']).toBe('hit');
  });

  test('node down: stored pages are served with a banner, others answer 503; recovery is automatic', async ({ page, allowConsoleErrors }) => {
    test.setTimeout(120_000);
    if (!devnet || !explorer) throw new Error('not started');
    const unstored = (await rpc<RpcBlockLite>(devnet.urlOf('cyprus1'), 'quai_getBlockByNumber', ['0x2', false])).hash;
    await devnet.stop();
    devnet = undefined;
    // The page's tip widget polls /api/tips, which is down too.
    allowConsoleErrors(/status of 503/, /status of 500/);
    await expect.poll(async () => (await page.request.get(`${explorer?.url}/`)).status(), { timeout: 10_000 }).toBe(503);

    const stored = await page.goto(`${explorer.url}/chain/cyprus1/block/${blockHash}`);
    expect(stored?.status()).toBe(200);
    expect(stored?.headers()['cache-control']).toBe('no-store');
    await expect(page.getByTestId('stale-banner')).toContainText('The node is not answering');
    await expect(page.locator('main')).toContainText(blockHash);
    await screenshotAll(page, 'stale-block', { assertFits: true });
    expect((await page.request.get(`${explorer.url}/chain/cyprus1/block/${unstored}`)).status()).toBe(503);

    devnet = await startDevnet({ topology: '1x1', portOffset: offset, blockTimeMs: 400 });
    await expect.poll(async () => (await page.request.get(`${explorer?.url}/`)).status(), { timeout: 20_000 }).toBe(200);
    const again = await page.request.get(`${explorer.url}/chain/cyprus1/block/${blockHash}`);
    expect(again.headers()['cache-control']).toContain('public');
    await page.goto('about:blank');
  });
});
