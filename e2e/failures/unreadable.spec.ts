/**
 * A node that answers with a shape the parser rejects: the explorer answers 502 naming the chain,
 * method and field where the page needs that answer, and pages that read every chain keep the
 * others and mark only the unreadable one. An explorer of three chains of the run's devnet (only
 * read), two of them behind e2e/support/shape-proxy.ts; prime answers normally.
 */
import { getChain } from '../../lib/protocol/chains';
import { expect, test } from '../fixtures';
import { screenshotAll } from '../screenshots';
import { DEVNET_OFFSET, devnetUrl, rpcEnvFor } from '../support/env';
import { startExplorer, type ExplorerInstance } from '../support/explorer';
import { freePort } from '../support/ports';
import { rpc, type RpcBlockLite } from '../support/rpc';
import { startShapeProxy, type ShapeProxy } from '../support/shape-proxy';
import { expectNoAxeViolations } from '../support/axe';

const CHAINS = ['prime', 'cyprus', 'cyprus1'].map((n) => getChain(n as 'prime'));

test.describe('unreadable node answers', () => {
  test.describe.configure({ mode: 'serial' });
  let explorer: ExplorerInstance | undefined;
  const proxies: ShapeProxy[] = [];

  test.beforeAll(async () => {
    test.setTimeout(180_000);
    // The network and search checks need a prime block past genesis (prime "in sync",
    // /chain/prime/block/1): the run's devnet has mined since before the explorer was built.
    await expect.poll(async () => BigInt(await rpc<string>(devnetUrl('prime'), 'quai_blockNumber')), { timeout: 150_000 }).toBeGreaterThan(0n);
    const zone = await startShapeProxy({ target: devnetUrl('cyprus1'), fault: 'transactions-as-hashes' });
    const region = await startShapeProxy({ target: devnetUrl('cyprus'), fault: 'bad-parent-hash' });
    proxies.push(zone, region);
    explorer = await startExplorer(await freePort(), {
      ...rpcEnvFor(DEVNET_OFFSET, CHAINS),
      STRATA_RPC_CYPRUS1: zone.url,
      STRATA_RPC_CYPRUS: region.url,
    });
  });

  test.afterAll(async () => {
    await explorer?.stop();
    await Promise.all(proxies.map((p) => p.stop()));
  });

  test('a block whose transactions come back as hashes is a 502 naming chain, method and field', async ({ page, allowConsoleErrors }) => {
    allowConsoleErrors(/status of 502/);
    if (!explorer) throw new Error('not started');
    // A cyprus1 block with transactions, asked of the node directly (not through the proxy).
    const url = devnetUrl('cyprus1');
    let block: RpcBlockLite | null = null;
    await expect
      .poll(async () => {
        block = await rpc<RpcBlockLite>(url, 'quai_getBlockByNumber', ['latest', false]);
        return block.transactions.length;
      }, { timeout: 30_000 })
      .toBeGreaterThan(0);
    const hash = (block as RpcBlockLite | null)?.hash;
    const response = await page.goto(`${explorer.url}/chain/cyprus1/block/${hash}`);
    expect(response?.status()).toBe(502);
    const alert = page.getByRole('alert');
    await expect(alert).toContainText('The node’s answer could not be read');
    await expect(alert).toContainText('Chain: cyprus1');
    await expect(alert).toContainText('Method: quai_getBlockByHash');
    await expect(alert).toContainText(/Field: block\.transactions\[0\]/);
    await screenshotAll(page, 'error-502', { assertFits: true });
    await page.getByRole('button', { name: 'Stop reloading' }).click();
    await expectNoAxeViolations(page, 'unreadable answer (502)');
  });

  test('a chain overview whose blocks cannot be read is a 502 naming chain, method and field, not a 500', async ({ request }) => {
    if (!explorer) throw new Error('not started');
    // cyprus answers every block with parentHash "0x12"; the overview lists its newest blocks.
    const response = await request.get(`${explorer.url}/chain/cyprus`);
    expect(response.status()).toBe(502);
    const text = await response.text();
    expect(text).toContain('Chain: cyprus');
    expect(text).toContain('Method: quai_getBlockByNumber');
    expect(text).toMatch(/Field: [^<]*parentHash/);
  });

  test('home, network and search keep the chains that answer and mark the one that does not', async ({ page, allowConsoleErrors }) => {
    // Links on these pages prefetch blocks of the faulty chains, which are 502s.
    allowConsoleErrors(/status of 502/);
    if (!explorer) throw new Error('not started');
    const home = await page.goto(`${explorer.url}/`);
    expect(home?.status()).toBe(200);
    await expect(page.locator('article[data-chain]')).toHaveCount(3);
    await expect(page.locator('article[data-chain="cyprus"]')).toContainText(/Invalid response from the cyprus node: .*parentHash/);
    await expect(page.locator('article[data-chain="prime"] [data-testid="tip-height"]')).toHaveText(/\d/);

    const network = await page.goto(`${explorer.url}/network`);
    expect(network?.status()).toBe(200);
    const main = page.locator('main');
    // The region's row says its head could not be read; prime's row is checked as usual.
    await expect(main).toContainText('The chain head could not be read, so its progress cannot be checked.');
    await expect(main).toContainText('In sync: the node reports prime synced');

    // Height 1 exists on every chain: prime's and cyprus1's are listed, the region's failure beside them.
    const search = await page.goto(`${explorer.url}/search?q=1`);
    expect(search?.status()).toBe(200);
    await expect(main).toContainText(/Invalid response from the cyprus node: .*parentHash/);
    await expect(page.locator(`main a[href="/chain/prime/block/1"]`)).toHaveCount(1);
  });
});
