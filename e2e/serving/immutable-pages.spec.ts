/**
 * Immutable pages rendered once: a block by hash (and a transaction deeper than the finality
 * depth, and EIP-3091's `/block/<height>` once every chain's block at it is) is rendered on the
 * first request, kept, and served from the store with headers a CDN can cache; a page URL with a
 * parameter the page does not read is redirected to its canonical URL instead of kept again; a
 * page over the limit of one copy is rendered once for all its viewers and kept compressed; with
 * the node down, stored pages are still served (200, with a banner) while everything else is a
 * 503. A devnet and an explorer of the test's own (the node is stopped).
 */
import { createHash } from 'node:crypto';
import { startDevnet, type Devnet } from '../../devnet/index';
import { getChain } from '../../lib/protocol/chains';
import { expect, test } from '../fixtures';
import { screenshotAll } from '../screenshots';
import { rpcEnvFor } from '../support/env';
import { startExplorer, type ExplorerInstance } from '../support/explorer';
import { devnetOffset, freePort } from '../support/ports';
import { rpc, type RpcBlockLite } from '../support/rpc';
import { fundedAccount, signAt, sendRaw, waitForReceipt } from '../support/chain-actions';
import { counterSum } from '../support/explorer-metrics';
import { untilTipsReach } from '../support/tips-snapshot';

const CHAINS = ['prime', 'cyprus', 'cyprus1'].map((n) => getChain(n as 'prime'));
const DEPTH = 4;
/** The limit of one kept copy for this spec's explorer (STRATA_PAGE_MAX_KB): a transaction with a big input is over it. */
const PAGE_MAX_KB = 512;

const digestOf = (text: string) => createHash('sha256').update(text).digest('hex');

/** `n` as letters only (a, b, …, ba, …): tab names a store keeping every short lower-case tab would keep. */
const letters = (n: number): string => (n < 26 ? '' : letters(Math.floor(n / 26) - 1)) + String.fromCharCode(97 + (n % 26));

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
    explorer = await startExplorer(await freePort(), { ...rpcEnvFor(offset, CHAINS), STRATA_FINALITY_DEPTH: String(DEPTH), STRATA_PAGE_MAX_KB: String(PAGE_MAX_KB) });
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
    // younger than 5 s, renewed in the background once older (lib/server/page-cache/page-cache.ts): on
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
      // Answered before Next routes it (lib/server/page-cache/page-cache.ts, once the node's health is
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

  test('a thousand unknown tabs are redirected to the canonical page, which stays a hit', async () => {
    if (!explorer) throw new Error('not started');
    const canonical = `/chain/cyprus1/block/${blockHash}`;
    expect((await fetch(`${explorer.url}${canonical}`)).headers.get('x-strata-store')).toMatch(/^(hit|miss)$/);
    const statuses = new Map<number, number>();
    const targets = new Set<string>();
    const server = explorer;
    let next = 0;
    await Promise.all(
      Array.from({ length: 16 }, async () => {
        while (next < 1000) {
          const response = await fetch(`${server.url}${canonical}?tab=x${letters(next++)}`, { redirect: 'manual' });
          await response.arrayBuffer();
          statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
          targets.add(response.headers.get('location') ?? '');
        }
      }),
    );
    expect(Object.fromEntries(statuses), 'every unknown tab is a redirect, none a page of its own').toEqual({ 307: 1000 });
    expect([...targets]).toEqual([canonical]);
    const after = await fetch(`${server.url}${canonical}`);
    expect(after.status).toBe(200);
    expect(after.headers.get('x-strata-store'), 'the canonical copy is still kept').toBe('hit');
    // A parameter the page does not read at all, beside one it reads: the canonical URL keeps the one it reads.
    const extra = await fetch(`${server.url}${canonical}?tab=raw&utm_source=x`, { redirect: 'manual' });
    expect(extra.status).toBe(307);
    expect(extra.headers.get('location')).toBe(`${canonical}?tab=raw`);
  });

  test('EIP-3091 /block/<height> is kept once every chain’s block at that height is deep', async ({ request }) => {
    if (!devnet || !explorer) throw new Error('not started');
    const chain = devnet;
    const heights = async () => Promise.all(CHAINS.map(async (c) => BigInt(await rpc<string>(chain.urlOf(c.name), 'quai_blockNumber'))));
    await expect.poll(async () => (await heights()).every((h) => h >= 1n + BigInt(DEPTH)), { timeout: 60_000, message: 'height 1 deep on every chain' }).toBe(true);
    // The tips the explorer reads are shared for up to 2 s.
    await expect.poll(async () => (await request.get(`${explorer?.url}/block/1`)).headers()['x-strata-store'], { timeout: 10_000 }).toMatch(/^(hit|miss)$/);
    const kept = await request.get(`${explorer.url}/block/1`);
    expect(kept.status()).toBe(200);
    expect(kept.headers()['x-strata-store']).toBe('hit');
    expect(kept.headers()['cache-control']).toBe('public, max-age=300, s-maxage=86400, stale-while-revalidate=604800');
    expect(await kept.text()).toContain('data-testid="any-chain-list"');
    // A height some chain has not buried yet is answered per request.
    const top = (await heights()).reduce((a, b) => (a < b ? a : b));
    const shallow = await request.get(`${explorer.url}/block/${top}`);
    expect(shallow.headers()['x-strata-store']).toBeUndefined();
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

  test('a page over the limit of one copy is rendered once for its viewers and kept compressed, not rendered per viewer', async () => {
    test.setTimeout(120_000);
    if (!devnet || !explorer) throw new Error('not started');
    const zone = devnet.urlOf('cyprus1');
    const sender = await fundedAccount(zone, 'cyprus1', 'big-page');
    // 600 KB of input: its page shows it as hex (and again in the page's data), far over PAGE_MAX_KB.
    const data = `0x${'00'.repeat(600_000)}` as const;
    const hash = await sendRaw(zone, await signAt(sender, 0n, { to: sender.address, value: 0n, gas: 21_000n + 4n * 600_000n + 100_000n, data }));
    const mined = BigInt((await waitForReceipt(zone, hash, 90_000)).blockNumber);
    await expect.poll(async () => BigInt(await rpc<string>(zone, 'quai_blockNumber')) - mined, { timeout: 30_000 }).toBeGreaterThanOrEqual(BigInt(DEPTH + 1));
    const server = explorer;
    const url = `${server.url}/tx/${hash}`;
    const renders = () => counterSum(server.url, 'strata_page_renders_total', 'page="/tx/[hash]"');
    // Final once the explorer's tips show the depth (read at most every 2 s).
    await untilTipsReach(server.url, 'cyprus1', mined + BigInt(DEPTH), 15_000);
    const before = await renders();
    const viewers = await Promise.all(Array.from({ length: 4 }, () => fetch(url).then(async (r) => ({ status: r.status, store: r.headers.get('x-strata-store'), body: await r.text() }))));
    expect(await renders(), 'four viewers at once: one render').toBe(before + 1);
    // Bodies compared by digest: expect's toBe on megabyte strings blocks this process for seconds
    // on a loaded machine, long enough for the server to close the idle keep-alive sockets the
    // next fetch would reuse.
    const page = digestOf(viewers[0]?.body ?? '');
    for (const viewer of viewers) {
      expect(viewer.status).toBe(200);
      expect(viewer.store).toBe('miss');
      expect(viewer.body.length, 'the page is over the limit of one copy').toBeGreaterThan(PAGE_MAX_KB * 1024);
      expect(digestOf(viewer.body), 'every viewer got the same page').toBe(page);
    }
    for (const encoding of ['gzip, br', 'identity']) {
      const later = await fetch(url, { headers: { 'accept-encoding': encoding } });
      expect(later.headers.get('x-strata-store'), `a later viewer (${encoding}) is served the kept copy`).toBe('hit');
      expect(digestOf(await later.text()), `a later viewer (${encoding}) gets the same page`).toBe(page);
    }
    expect(await renders(), 'no viewer rendered it again').toBe(before + 1);
  });
});
