/**
 * Text the explorer did not write cannot reorder the page: a label imported
 * with a right-to-left override (U+202E), and a token whose name carries one, are drawn isolated
 * in a <bdi>, the override shown as a visible "U+202E" with a warning instead of acting, and the
 * text after them in the order it was written. Order is checked on screen (where each piece's
 * first character is drawn), not in the DOM, whose text is in logical order either way.
 */
import type { Locator } from '@playwright/test';
import { expect, test } from '../fixtures';
import { screenshotAll } from '../screenshots';
import { freshAccount, fundedAccount } from '../support/chain-actions';
import { devnetUrl } from '../support/env';
import { hydrated } from '../support/hydration';
import { deployNamedToken } from '../support/named-token';

const ZONE = 'cyprus1';
const WARNING = 'contains invisible or direction-changing characters';
const BIDI_CONTROLS = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/;

/** The x at which each piece's first character is drawn (each piece within one text node of `container`). */
async function screenLefts(container: Locator, pieces: readonly string[]): Promise<number[]> {
  return container.evaluate((root, wanted) => {
    const nodes: Text[] = [];
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) nodes.push(node as Text);
    return wanted.map((piece) => {
      for (const node of nodes) {
        const at = node.data.indexOf(piece);
        if (at < 0) continue;
        const range = document.createRange();
        range.setStart(node, at);
        range.setEnd(node, at + 1);
        return range.getBoundingClientRect().left;
      }
      throw new Error(`"${piece}" is not in the text of ${root.outerHTML.slice(0, 300)}`);
    });
  }, pieces);
}

/** The pieces are drawn left to right, as written. */
async function expectDrawnInOrder(container: Locator, pieces: readonly string[]): Promise<void> {
  const lefts = await screenLefts(container, pieces);
  for (let i = 1; i < lefts.length; i++) {
    expect(lefts[i]!, `"${pieces[i]}" is drawn right of "${pieces[i - 1]}" (${lefts.join(', ')})`).toBeGreaterThan(lefts[i - 1]!);
  }
}

/** An isolated text with its override marked: a <bdi>, a visible U+202E, the warning, no live control character. */
async function expectMarked(bdi: Locator): Promise<void> {
  await expect(bdi).toHaveJSProperty('tagName', 'BDI');
  await expect(bdi.getByTestId('marked-code-point')).toHaveText('U+202E');
  await expect(bdi.getByTestId('marked-code-point')).toBeVisible();
  await expect(bdi.getByTestId('hidden-characters-warning')).toBeVisible();
  await expect(bdi).toHaveAttribute('title', new RegExp(`\\[U\\+202E\\].*${WARNING}`));
  expect(BIDI_CONTROLS.test((await bdi.textContent()) ?? ''), 'no direction-changing character left in the text').toBe(false);
}

test('an imported label with a right-to-left override is isolated, the override shown, on /labels and the address page', async ({ page }) => {
  const { address } = freshAccount(ZONE, 'bidi-label');
  const label = '\u202Egnp.exe TREASURY';

  await page.goto('/labels');
  const input = page.getByTestId('labels-import');
  await hydrated(input);
  await input.setInputFiles({
    name: 'bidi-labels.json',
    mimeType: 'application/json',
    buffer: Buffer.from(JSON.stringify({ version: 1, labels: [{ address, label }] })),
  });
  await expect(page.getByTestId('labels-status')).toHaveText('Imported 1 label from bidi-labels.json.');
  const row = page.getByTestId('own-labels').locator('li').filter({ has: page.locator(`a[href="/address/${address}" i]`) });
  const tag = row.getByTestId('address-label');
  await expectMarked(tag.locator('bdi'));
  await expect(tag).toHaveText('U+202Egnp.exe TREASURY⚠');
  // As written, not "YRUSAERT exe.png": the badge, then "gnp.exe", then "TREASURY"; the address after it.
  await expectDrawnInOrder(row, ['U+202E', 'gnp', 'exe', 'TREASURY', '0x']);
  expect(await row.innerText()).not.toContain('YRUSAERT');
  await screenshotAll(page, 'bidi-labels', { assertFits: true });

  // The address page's heading: the address, then its label, each in its own order.
  await page.goto(`/address/${address}`);
  const heading = page.locator('h1');
  const own = heading.getByTestId('address-label');
  await expectMarked(own.locator('bdi'));
  await expectDrawnInOrder(heading, ['0x', 'U+202E', 'gnp', 'TREASURY']);
});

test('a token named with a right-to-left override: isolated in the transaction that moved it and on its page', async ({ page }) => {
  test.setTimeout(180_000);
  const url = devnetUrl(ZONE);
  const deployer = await fundedAccount(url, ZONE, 'bidi-token');
  const { address, hash } = await deployNamedToken(url, ZONE, deployer, 'USDT \u202Egpj.exe');

  // "100 USDT gpj.exe raw units: …": the override would turn the name into "exe.jpg" and the
  // sentence after it into "…:stinu war".
  await page.goto(`/tx/${hash}`);
  const amount = page.getByTestId('tokens-moved').getByTestId('token-amount');
  await expectMarked(amount.locator('bdi'));
  await expectDrawnInOrder(amount, ['100', 'USDT', 'U+202E', 'gpj', 'exe', 'raw', 'units', 'decimals']);
  await expect(amount.getByTestId('token-link')).toHaveAttribute('title', `USDT [U+202E]gpj.exe (${WARNING})`);
  await screenshotAll(page, 'bidi-token-tx', { assertFits: true });

  await page.goto(`/token/${address}`);
  const heading = page.getByTestId('token-heading');
  await expectMarked(heading.locator('bdi').first());
  await expectDrawnInOrder(heading, ['USDT', 'U+202E', 'gpj', 'exe']);
  await expectMarked(page.getByTestId('token-symbol').locator('bdi'));
  await screenshotAll(page, 'bidi-token', { assertFits: true });
});

test('a search for text with a right-to-left override echoes it isolated, the override shown', async ({ page }) => {
  // Not a hash, height, address or chain: the page says so, echoing what was asked.
  await page.goto(`/search?q=${encodeURIComponent('\u202Egnp.exe wallet')}`);
  const echo = page.getByTestId('search-echo');
  await expectMarked(echo.locator('bdi'));
  await expectDrawnInOrder(echo, ['Results', 'U+202E', 'gnp', 'exe', 'wallet']);
  expect(await echo.innerText()).not.toContain('tellaw');
});
