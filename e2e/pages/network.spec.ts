/**
 * The network page against the devnet: every configured chain is listed with its figures, the
 * prime-only caveat of `syncing` is stated, and the debug_chaindbProperty viewer shows the node's
 * answer.
 */
import { test, expect } from '../fixtures';
import { screenshotAll } from '../screenshots';
import { DEVNET_OFFSET, devnetUrl } from '../support/env';
import { rpc } from '../support/rpc';
import { CHAINS } from '../../lib/protocol/chains';

// The e2e explorer serves every chain of the devnet (rpcEnvFor / the default config).
const CONFIGURED = CHAINS;

test('the network page lists every configured chain with its figures', async ({ page }) => {
  await page.goto('/network');
  await expect(page.getByRole('heading', { name: 'Network' })).toBeVisible();
  await expect(page.locator('main')).toContainText('syncing is reliable for prime only');
  const rows = page.getByTestId('network-row');
  await expect(rows).toHaveCount(CONFIGURED.length);
  for (const chain of CONFIGURED) {
    const row = page.locator(`[data-testid=network-row][data-chain="${chain.name}"]`);
    await expect(row).toContainText(chain.label);
    await expect(row).toContainText('1337');
    await expect(row.getByTestId('block-number')).toHaveText(/^\d[\d,]*/);
    await expect(row).toContainText(/synced|syncing|behind|stalled/);
  }
  // The figures are the node's: prime's height on the page is at most what the node says now.
  const primeNow = BigInt(await rpc<string>(devnetUrl('prime', DEVNET_OFFSET), 'quai_blockNumber'));
  const shown = (await page.locator('[data-testid=network-row][data-chain="prime"] [data-testid=block-number] a').textContent()) ?? '';
  expect(BigInt(shown.replace(/,/g, ''))).toBeLessThanOrEqual(primeNow);
  await screenshotAll(page, 'network');
});

test('the chaindb viewer shows a property of the chosen chain', async ({ page }) => {
  await page.goto('/network');
  await page.getByTestId('chaindb-chain').selectOption('cyprus1');
  await page.getByTestId('chaindb-property').fill('leveldb.stats');
  await page.getByTestId('chaindb-submit').click();
  await expect(page.getByTestId('chaindb-text')).toContainText('Blocks');
  await expect(page.getByTestId('chaindb-result')).toContainText('Cyprus 1 · leveldb.stats');

  await page.goto('/network?db=prime&property=no.such.property');
  await expect(page.getByTestId('chaindb-result')).toContainText('answered an error');
});
