/**
 * An address page kept per what it shows (the page cache's per-data
 * policy, lib/server/page-cache/), counted by the explorer's own metric (strata_page_renders_total on /api/metrics): N viewers of an
 * unchanged address cost no render once it is kept; a transaction entering the pool, a new block
 * and a newly indexed row each show on the very next request; the copy hydrates under its
 * hash-only CSP; a client's header naming page data changes nothing.
 *
 * An explorer with its own index and a devnet of the test's own, so blocks come when the test says.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startDevnet, type Devnet } from '../../devnet/index';
import { getChain } from '../../lib/protocol/chains';
import { expect, test } from '../fixtures';
import { GWEI, fundedAccount, sendRaw, signAt, waitForReceipt } from '../support/chain-actions';
import { rpcEnvFor } from '../support/env';
import { startExplorer, type ExplorerInstance } from '../support/explorer';
import { hydrated } from '../support/hydration';
import { devnetOffset, freePort } from '../support/ports';
import { rpc } from '../support/rpc';
import { counterSum } from '../support/explorer-metrics';
import { untilIndexed } from '../support/index-status';

const CHAINS = ['prime', 'cyprus', 'cyprus1'].map((n) => getChain(n as 'prime'));
const ZONE = 'cyprus1';
const VIEWERS = 24;
const LABEL = '/address/[address]';

/** This instance's renders of kept address pages (kept or not). */
const renders = (explorer: ExplorerInstance) => counterSum(explorer.url, 'strata_page_renders_total', `page="${LABEL}"`);

async function get(url: string, headers: Record<string, string> = {}): Promise<{ status: number; body: string; headers: Headers }> {
  const response = await fetch(url, { headers: { accept: 'text/html', ...headers } });
  return { status: response.status, body: await response.text(), headers: response.headers };
}

test.describe('address pages kept per what they show', () => {
  let devnet: Devnet | undefined;
  let explorer: ExplorerInstance | undefined;
  const indexDir = mkdtempSync(join(tmpdir(), 'strata-e2e-shown-pages-'));

  test.afterAll(async () => {
    await explorer?.stop();
    await devnet?.stop();
    rmSync(indexDir, { recursive: true, force: true });
  });

  test('N viewers of one address cost one render; the pool, a block and the index show on the next request', async ({ page }) => {
    test.setTimeout(240_000);
    const offset = devnetOffset();
    devnet = await startDevnet({ topology: '1x1', portOffset: offset, blockTimeMs: 500 });
    await devnet.waitForBlocks(ZONE, 2, 60_000);
    const zone = devnet.urlOf(ZONE);
    // Funded while the devnet mines; from here on, blocks come only when the test resumes mining.
    const sender = await fundedAccount(zone, ZONE, 'shown-pages');
    await devnet.pauseMining();
    explorer = await startExplorer(await freePort(), { ...rpcEnvFor(offset, CHAINS), STRATA_LOG: 'off', STRATA_INDEX: 'on', STRATA_INDEX_DIR: indexDir });
    const origin = explorer.url;
    const path = `/address/${sender.address}`;

    const indexed = () => untilIndexed(origin, zone, ZONE);
    await indexed();

    // The first viewer renders it; every later one, with nothing changed, is served that copy.
    const first = await get(`${origin}${path}`);
    expect(first.status).toBe(200);
    expect(first.headers.get('x-strata-store')).toBe('shown');
    expect(first.body).toContain('data-testid="pool-empty"');
    const kept = await renders(explorer);
    expect(kept, 'the first viewer rendered the page').toBeGreaterThan(0);
    const answers = await Promise.all(Array.from({ length: VIEWERS }, () => get(`${origin}${path}`)));
    for (const answer of answers) {
      expect(answer.status).toBe(200);
      expect(answer.headers.get('x-strata-store')).toBe('shown');
      // As Next sends these per-request pages: the pool moves at any time, nothing may keep them.
      expect(answer.headers.get('cache-control')).toBe('private, no-cache, no-store, max-age=0, must-revalidate');
      // Scripts allowed by hash, never a nonce (the copy is the same for every viewer).
      expect(answer.headers.get('content-security-policy')).toMatch(/script-src[^;]*'sha256-/);
      expect(answer.headers.get('content-security-policy')).not.toContain('nonce-');
      expect(answer.body).toBe(first.body);
    }
    expect(await renders(explorer), `${VIEWERS} viewers of an unchanged address`).toBe(kept);

    // A transaction enters the pool (mining paused): the next request shows it, rendered once more.
    const nonce = BigInt(await rpc<string>(zone, 'quai_getTransactionCount', [sender.address, 'latest']));
    const hash = await sendRaw(zone, await signAt(sender, nonce, { to: sender.address, value: 1n, gas: 21_000n, data: '0x', gasTipCap: GWEI }));
    const pooled = await get(`${origin}${path}`);
    expect(pooled.body, 'the pooled transaction shows on the next request').toContain(hash);
    expect(pooled.body).toContain('data-testid="address-pool"');
    expect(await renders(explorer)).toBe(kept + 1);

    // Mined: the next request shows the new nonce and an empty pool; once indexed, the History tab lists it.
    devnet.resumeMining();
    const receipt = await waitForReceipt(zone, hash);
    await devnet.pauseMining();
    const mined = await get(`${origin}${path}`);
    expect(mined.body, 'the pool is empty once the block holds the transaction').toContain('data-testid="pool-empty"');
    expect(mined.body).not.toContain(hash);
    await indexed();
    const historyPath = `${path}?tab=history`;
    const history = await get(`${origin}${historyPath}`);
    expect(history.headers.get('x-strata-store')).toBe('shown');
    expect(history.body, `the History tab lists the transaction mined in block ${BigInt(receipt.blockNumber)}`).toContain(hash);

    // A client's header naming page data is not this server's render: the page is the same.
    const forged = await get(`${origin}${path}`, { 'x-strata-page-data': 'forged' });
    expect(forged.status).toBe(200);
    expect(forged.body).toBe(mined.body);
    const forgedFlight = await fetch(`${origin}${path}`, { headers: { rsc: '1', 'x-strata-page-data': 'forged' } });
    expect(forgedFlight.status, 'a client navigation with the header renders as usual').toBe(200);

    // In a browser: the copy hydrates under its CSP (a violation is a console error, failing the test).
    await page.goto(`${origin}${path}`);
    await hydrated(page.getByTestId('pool-empty'));
  });
});
