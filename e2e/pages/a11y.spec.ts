/**
 * Accessibility of every page kind, as a new reader's tools measure it: axe-core (WCAG 2.0/2.1 A
 * and AA, best practices) at 1280 px and at 360 px, in the light and the dark theme, failing on
 * any violation (e2e/support/axe.ts). Each page is visited once: the viewport is resized and the
 * colour scheme emulated on the loaded page. The suite's shared devnet and explorer serve it: a
 * block with a transaction through the zone's DevForwarder (a call tree two frames deep), the
 * zone's DevToken and a dev account, found on the chain. The error pages for a node that is down
 * or unreadable are checked where their specs stop or falsify a node (errors.spec.ts,
 * unreadable.spec.ts).
 *
 * The keyboard: the skip link, a focus ring on every stop, the tabs as a WAI-ARIA tablist (arrow
 * keys, Home and End), and a walk from search to a block, its transaction and the Trace tab, where
 * a frame folds and unfolds, with no mouse. Screen readers: the home page's new blocks spoken in
 * a polite live region, tables named by their captions, [Prime, Region, Zone] numbers and marks
 * read as words.
 */
import type { Page } from '@playwright/test';
import type { Address, Hex } from 'viem';
import { devAccountsOf } from '../../devnet/accounts';
import { devTokenDeployData, startContractAddresses } from '../../devnet/contracts';
import { serializeWatchFile } from '../../lib/live/watchlist/watch-file';
import { WATCHLIST_KEY } from '../../lib/live/watchlist/watchlist-store';
import { expect, test } from '../fixtures';
import { axeEveryWidthAndTheme, WIDTHS } from '../support/axe';
import { deployContractTx, fundedAccount, QUAI, waitFor } from '../support/chain-actions';
import { devnetUrl } from '../support/env';
import { rpc } from '../support/rpc';
import { verifyDevnetContract } from '../support/verify-api';

const ZONE = 'cyprus1';
const ZONE_URL = devnetUrl(ZONE);

interface FullTx {
  hash: Hex;
  to: Address | null;
  type: string;
}
interface FullBlock {
  hash: Hex;
  number: [string, string, string];
  transactions: FullTx[];
}

interface Found {
  readonly block: { hash: Hex; height: bigint };
  /** A call through the DevForwarder: root → forward → the payee. */
  readonly forward: Hex;
  readonly tokenTransfer: Hex;
}

/** Scans the zone from its head down, and then as it grows, for the transactions the pages need. */
async function findOnChain(forwarder: Address, token: Address): Promise<Found> {
  let forward: Hex | undefined;
  let tokenTransfer: Hex | undefined;
  let block: Found['block'] | undefined;
  let next = 1n;
  return waitFor(
    'a forwarder call and a token transfer on cyprus1',
    async () => {
      const head = BigInt(await rpc<string>(ZONE_URL, 'quai_blockNumber'));
      for (; next <= head && !(forward && tokenTransfer); next++) {
        const b = await rpc<FullBlock | null>(ZONE_URL, 'quai_getBlockByNumber', [`0x${next.toString(16)}`, true]);
        for (const tx of b?.transactions ?? []) {
          if (!forward && tx.to?.toLowerCase() === forwarder.toLowerCase()) {
            forward = tx.hash;
            block = { hash: b!.hash, height: next };
          }
          if (!tokenTransfer && tx.to?.toLowerCase() === token.toLowerCase()) tokenTransfer = tx.hash;
        }
      }
      return forward && tokenTransfer && block ? { block, forward, tokenTransfer } : undefined;
    },
    120_000,
  );
}

/** Every page kind of the explorer, with the values found on the devnet. */
function pagesOf(found: Found, account: Address, token: Address, verified: Address): Array<[string, string]> {
  const { block, forward, tokenTransfer } = found;
  return [
    ['home', '/'],
    ['zone overview', `/chain/${ZONE}`],
    ['prime overview', '/chain/prime'],
    ['block by height', `/chain/${ZONE}/block/${block.height}`],
    ['block by hash', `/chain/${ZONE}/block/${block.hash}`],
    ['block raw tab', `/chain/${ZONE}/block/${block.hash}?tab=raw`],
    ['prime block', '/chain/prime/block/1'],
    ['transaction', `/tx/${forward}`],
    ['transaction trace', `/tx/${forward}?tab=trace`],
    ['transaction state', `/tx/${forward}?tab=state`],
    ['token transfer', `/tx/${tokenTransfer}`],
    ['address', `/address/${account}`],
    ['address history', `/address/${account}?tab=history`],
    ['address tokens', `/address/${account}?tab=tokens`],
    ['address approvals', `/address/${account}?tab=approvals`],
    ['address analytics', `/address/${account}?tab=analytics`],
    ['top accounts', `/accounts?chain=${ZONE}`],
    ['charts', `/charts?chain=${ZONE}`],
    ['charts per hour', `/charts?chain=${ZONE}&period=hours`],
    ['contract', `/address/${token}?tab=contract`],
    ['contract write', `/address/${token}?tab=write`],
    ['verified contract', `/address/${verified}?tab=contract`],
    ['verified contract overview', `/address/${verified}`],
    ['verified contract write', `/address/${verified}?tab=write`],
    ['token', `/token/${token}`],
    ['network', '/network'],
    ['fees', `/fees/${ZONE}`],
    ['txpool', `/txpool/${ZONE}`],
    ['verify', '/verify'],
    ['labels', '/labels'],
    ['blocks', `/blocks?chain=${ZONE}`],
    ['region blocks', '/blocks?chain=cyprus'],
    ['uncles', `/blocks?chain=${ZONE}&tab=uncles`],
    ['reorgs', `/blocks?chain=${ZONE}&tab=reorgs`],
    ['transactions', `/txs?chain=${ZONE}`],
    ['transactions filtered', `/txs?chain=${ZONE}&type=contract-creation`],
    ['pending transactions', `/txs?chain=${ZONE}&tab=pending`],
    ['tokens', '/tokens'],
    ['verified contracts', '/contracts'],
    ['a list asked wrongly', '/txs?chain=cyprus'],
    ['watchlist', '/watchlist'],
    ['hierarchy', '/hierarchy'],
    ['broadcast', '/broadcast'],
    ['api-docs', '/api-docs'],
    ['search results', '/search?q=1'],
    ['search by name', '/search?q=Dev'],
    ['address history, filtered', `/address/${account}?tab=history&direction=out&from=2020-01-01`],
    ['block countdown', `/block/countdown/100000000?chain=${ZONE}`],
    ['search miss', `/search?q=0x${'12'.repeat(32)}`],
    ['404', '/this/is/not/a/page'],
    ['404 malformed', '/tx/0x1234'],
    ['transaction not found', `/tx/0x${'00'.repeat(32)}`],
  ];
}

test.describe('accessibility', () => {
  let pages: Array<[string, string]>;
  let found: Found;
  let account: Address;

  test.beforeAll(async () => {
    test.setTimeout(300_000);
    const deployer = devAccountsOf(ZONE)[0]!.address;
    account = deployer;
    const contracts = startContractAddresses(deployer, ZONE);
    found = await findOnChain(contracts.forwarder.address, contracts.token.address);
    // A token of this spec's own, verified here: the start token is verified by another spec
    // (e2e/api/verify.spec.ts), before or after this one, so its pages are checked in either state.
    const owner = await fundedAccount(devnetUrl(ZONE), ZONE, 'a11y-owner', 2n * QUAI);
    const verified = (await deployContractTx(devnetUrl(ZONE), ZONE, owner, devTokenDeployData(1_000n * QUAI))).address;
    await verifyDevnetContract(verified, 'DevToken.sol:DevToken', ['DevToken.sol']);
    pages = pagesOf(found, deployer, contracts.token.address, verified);
  });

  test.describe('axe', () => {
    test.use({ viewport: WIDTHS[1280], reducedMotion: 'reduce' });
    test('every page kind has no axe violation, light and dark, at 1280 and 360 px', async ({ page, allowConsoleErrors }) => {
      test.setTimeout(900_000);
      // The not-found pages are 404s by design; the browser logs each.
      allowConsoleErrors(/status of 404/);
      const problems: string[] = [];
      // The dev account watched, with a latest activity: the watchlist page draws its list, the
      // address page its Watch button pressed.
      await page.goto('/');
      const watched = serializeWatchFile([{ address: account.toLowerCase(), since: Date.now(), last: { hash: found.forward, chain: ZONE, direction: 'out', status: 'mined', value: '1000', at: Date.now() } }]);
      await page.evaluate(([key, text]) => localStorage.setItem(key, text), [WATCHLIST_KEY, watched] as const);
      for (const [name, path] of pages) {
        await page.goto(path);
        // Charts are drawn in the browser after the page: checked as drawn (every placeholder gone;
        // a page with no series has none to wait for).
        if (/^\/charts|tab=analytics/.test(path)) await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
        problems.push(...(await axeEveryWidthAndTheme(page, `${name} (${path})`)));
      }
      expect(problems, problems.join('\n')).toEqual([]);
    });
  });

  test('screen readers: new blocks spoken politely, tables captioned, numbers and marks as words', async ({ page }) => {
    const { block, forward } = found;
    await page.goto('/');
    // The newest block, in words, in a polite live region of its own (paced: lib/network/tip-announcement.ts).
    const announcer = page.getByTestId('tip-announcement');
    await expect(announcer).toHaveAttribute('role', 'status');
    await expect(announcer).toHaveAttribute('aria-live', 'polite');
    await expect(announcer).toHaveText(/^New block on [A-Z][a-z]+ \d: Prime [\d,]+, Region [\d,]+, Zone [\d,]+; [\d,]+ transactions?\.$/, { timeout: 30_000 });
    // The age read every second is shown, not spoken.
    await expect(page.getByText(/Node read/)).toBeVisible();
    await expect(page.locator('[role="status"], [aria-live]').filter({ hasText: 'Node read' })).toHaveCount(0);

    await page.goto(`/chain/${ZONE}/block/${block.hash}`);
    // [Prime, Region, Zone]: each number named by its level, the brackets not read.
    const numbers = await page.getByTestId('block-numbers').ariaSnapshot();
    expect(numbers).toMatch(/Prime [\d,]+[\s\S]*Region [\d,]+[\s\S]*Zone [\d,]+/);
    expect(numbers).not.toContain('[');
    // A table is named by its caption.
    await expect(page.getByRole('table', { name: `The transactions of Cyprus 1 block ${block.height.toLocaleString('en-US')}` })).toBeVisible();

    await page.goto(`/tx/${forward}`);
    // A mark beside words is not read out as "check mark".
    const status = await page.getByTestId('tx-status').ariaSnapshot();
    expect(status).toMatch(/success|reverted/);
    expect(status).not.toMatch(/[✓✗]/);
  });

  test('the keyboard: skip link, tablist and a walk from search to a trace frame', async ({ page }) => {
    test.setTimeout(180_000);
    const { block, forward } = found;
    await page.goto('/');
    // The first stop is the skip link, shown when focused; it moves focus to the page's content.
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to content' });
    await expect(skip).toBeFocused();
    await expect(skip).toBeInViewport();
    await expectFocusRing(page);
    await page.keyboard.press('Enter');
    await expect(page.locator('main#content')).toBeFocused();

    // Search: from the top of the page to the header's field, by Tab alone, each stop with a ring.
    await page.goto('/');
    await tabTo(page, '#search-header');
    await page.keyboard.type(block.hash);
    await page.keyboard.press('Enter');
    // A zone block that is also a region or prime block is listed once per chain: pick the zone's.
    const blockUrl = new RegExp(`/chain/${ZONE}/block/${block.hash}$`);
    await expect(page).toHaveURL(new RegExp(`(/search\\?q=${block.hash}|/chain/${ZONE}/block/${block.hash})$`));
    if (!blockUrl.test(page.url())) {
      await tabTo(page, `main a[href="/chain/${ZONE}/block/${block.hash}"]`);
      await page.keyboard.press('Enter');
    }
    await expect(page).toHaveURL(blockUrl);

    // The block's transaction: Tab to its link in the table, Enter.
    await tabTo(page, `a[href="/tx/${forward}"]`);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`/tx/${forward}$`));

    // The tabs: one stop (the selected tab), arrows move between them and wrap, Home and End.
    const tablist = page.getByRole('tablist', { name: 'Sections' });
    const overview = tablist.getByRole('tab', { name: 'Overview' });
    await expect(overview).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('tabpanel', { name: 'Overview' })).toBeVisible();
    await tabTo(page, '[role="tab"]');
    await expect(overview).toBeFocused();
    const tabs = await tablist.getByRole('tab').all();
    await page.keyboard.press('ArrowLeft');
    await expect(tabs.at(-1)!).toBeFocused();
    await page.keyboard.press('Home');
    await expect(tabs[0]!).toBeFocused();
    await page.keyboard.press('End');
    await expect(tabs.at(-1)!).toBeFocused();
    await page.keyboard.press('ArrowRight');
    await expect(overview).toBeFocused();
    // Tab leaves the tablist rather than walking its other tabs.
    await page.keyboard.press('Tab');
    await expect(tablist.locator(':focus')).toHaveCount(0);

    await page.keyboard.press('Shift+Tab');
    await expect(overview).toBeFocused();
    const trace = tablist.getByRole('tab', { name: 'Trace', exact: true });
    for (let i = 0; i < tabs.length && !(await trace.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press('ArrowRight');
    await expect(trace).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`/tx/${forward}\\?tab=trace$`));
    await expect(trace).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('tabpanel', { name: 'Trace' })).toBeVisible();

    // A frame of the call tree folds and unfolds from the keyboard.
    const root = page.locator('[data-testid="trace-frame"][data-path="root"] > details');
    await expect(root).toHaveAttribute('open', '');
    await tabTo(page, '[data-path="root"] > details > summary');
    await page.keyboard.press('Enter');
    await expect(root).not.toHaveAttribute('open');
    await page.keyboard.press('Space');
    await expect(root).toHaveAttribute('open', '');
  });
});

/**
 * The focused element, read in the page: why it shows no ring (an outline or a box shadow a reader
 * can see), or null when it shows one; and whether it matches `selector`.
 */
function focusedElement(selector: string | null): { ring: string | null; matches: boolean } {
  const el = document.activeElement as HTMLElement | null;
  if (!el || el === document.body) return { ring: 'nothing focused', matches: false };
  const style = getComputedStyle(el);
  const outlined = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0;
  const ring = outlined || style.boxShadow !== 'none' ? null : `${el.tagName} ${el.id || el.textContent?.slice(0, 40)}: no outline or shadow`;
  return { ring, matches: selector !== null && el.matches(selector) };
}

/** The focused element shows a ring: an outline or a box shadow a reader can see. */
async function expectFocusRing(page: Page): Promise<void> {
  expect((await page.evaluate(focusedElement, null)).ring).toBeNull();
}

/** Presses Tab until the focused element matches `selector` (at most 120 stops), checking each stop's ring. */
async function tabTo(page: Page, selector: string): Promise<void> {
  for (let i = 0; i < 120; i++) {
    await page.keyboard.press('Tab');
    // The ring and the match read in one round trip per stop.
    const focused = await page.evaluate(focusedElement, selector);
    expect(focused.ring).toBeNull();
    if (focused.matches) return;
  }
  throw new Error(`120 Tab presses did not reach ${selector}`);
}
