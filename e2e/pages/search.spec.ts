import { expect, test } from '../fixtures';
import { screenshotAll } from '../screenshots';
import { devnetUrl } from '../support/env';
import { rpc, type RpcBlockLite } from '../support/rpc';

const ZONES = ['cyprus1', 'cyprus2', 'cyprus3', 'paxos1', 'paxos2', 'paxos3', 'hydra1', 'hydra2', 'hydra3'];

async function search(page: import('@playwright/test').Page, query: string) {
  await page.goto('/');
  const box = page.getByRole('search').first().getByRole('combobox');
  await box.fill(query);
  await box.press('Enter');
}

test.describe('search', () => {
  test('a block number lists that height on every chain', async ({ page }) => {
    await search(page, '1');
    await expect(page).toHaveURL(/\/search\?q=1$/);
    const rows = page.locator('[data-testid="height-results"] li');
    await expect(rows).toHaveCount(13);
    await expect(rows.filter({ hasText: 'Cyprus 1' }).getByRole('link', { name: '#1' })).toHaveAttribute('href', '/chain/cyprus1/block/1');
    await screenshotAll(page, 'search-height', { assertFits: true });
  });

  test('a zone block hash goes straight to its block', async ({ page }) => {
    const zone = 'paxos2';
    const tip = BigInt(await rpc<string>(devnetUrl(zone), 'quai_blockNumber'));
    // A zone-only block (order 2) exists on one chain only, so the search has one hit.
    let hash: string | undefined;
    for (let n = tip; n > 0n && !hash; n--) {
      const block = await rpc<RpcBlockLite>(devnetUrl(zone), 'quai_getBlockByNumber', [`0x${n.toString(16)}`, false]);
      if (block.order === 2) hash = block.hash;
    }
    expect(hash).toBeDefined();
    await search(page, hash!);
    await expect(page).toHaveURL(new RegExp(`/chain/${zone}/block/${hash}$`));
  });

  test('a transaction hash goes to the transaction', async ({ page, allowConsoleErrors }) => {
    // This checks search's redirect; the transaction page itself is tested in tx*.spec.ts.
    allowConsoleErrors(/status of 404.*\/tx\//);
    // Find a mined transaction (the devnet's traffic generator keeps zones busy).
    let txHash: string | undefined;
    const newestTransaction = async (): Promise<string | undefined> => {
      for (const zone of ZONES) {
        const block = await rpc<RpcBlockLite>(devnetUrl(zone), 'quai_getBlockByNumber', ['latest', false]);
        const first = block.transactions[0];
        if (typeof first === 'string') return first;
      }
      return undefined;
    };
    await expect.poll(async () => (txHash = await newestTransaction()), { timeout: 30_000, message: 'the devnet produced a transaction' }).toBeDefined();
    await search(page, txHash!);
    await expect(page).toHaveURL(new RegExp(`/tx/${txHash}$`));
  });

  test('an address goes to the address page; a chain name to the chain', async ({ page, allowConsoleErrors }) => {
    // This checks search's redirects; the target pages have their own specs.
    allowConsoleErrors(/status of 404.*\/(address|chain)\//);
    const address = '0x1a2b3c4d5e6f7a8b9c0d1e2f3a4b5c6d7e8f9a0b';
    await search(page, address);
    await expect(page).toHaveURL(new RegExp(`/address/${address}$`));
    await search(page, 'Hydra 2');
    await expect(page).toHaveURL(/\/chain\/hydra2$/);
  });

  test('a miss says exactly what was tried', async ({ page }) => {
    const missing = `0x${'e1'.repeat(32)}`;
    await search(page, missing);
    const miss = page.getByTestId('search-miss');
    await expect(miss).toContainText('Looked for a block hash on 13 chains and a transaction hash on 9 zones');
    await screenshotAll(page, 'search-miss', { assertFits: true });
    // A name nothing has: what was searched, and what else search takes.
    await search(page, 'hello there');
    await expect(page.getByTestId('search-miss')).toContainText('Nothing by that name');
    await expect(page.getByTestId('search-miss')).toContainText('Looked for tokens by name and symbol, verified contracts by name');
    await search(page, `0x${'a'.repeat(50)}`);
    await expect(page.getByTestId('search-miss')).toContainText('That is 50 hex digits: a hash has 64 and an address 40.');
  });

  test('works without JavaScript (plain GET form)', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/');
    await page.getByRole('search').first().getByRole('combobox').fill('2');
    await page.getByRole('search').first().getByRole('button', { name: 'Search' }).click();
    await expect(page.locator('[data-testid="height-results"] li')).toHaveCount(13);
    await context.close();
  });
});
