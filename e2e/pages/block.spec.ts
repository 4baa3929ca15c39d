/**
 * Block, uncle, chain and EIP-3091 block pages against the devnet: real data, the proof-of-work
 * check, the raw tab, timestamps, 404s that say why, no JavaScript, and screenshots of each page type.
 * Uses cyprus1, its region cyprus and prime, which every devnet topology has.
 */
import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures';
import { screenshotAll } from '../screenshots';
import { BASE_URL, devnetUrl } from '../support/env';
import { rpc } from '../support/rpc';
import { untilTipsReach } from '../support/tips-snapshot';
import { hydrated } from '../support/hydration';

interface RpcBlock {
  hash: string;
  number: [string, string, string];
  order: number;
  transactions: string[];
  uncles: Array<{ hash: string }>;
  subManifest: string[];
  miner: string;
}

const ZONE = 'cyprus1';
const REGION = 'cyprus';

async function tipOf(chain: string): Promise<bigint> {
  return BigInt(await rpc<string>(devnetUrl(chain), 'quai_blockNumber'));
}

/**
 * The tip of `chain` once it is at least `min`: a freshly started devnet may not have mined that far
 * yet (a test reading tip − 2 as the first test of a run would ask for a negative height).
 */
async function tipAtLeast(chain: string, min: bigint): Promise<bigint> {
  let tip = 0n;
  await expect
    .poll(
      async () => {
        tip = await tipOf(chain);
        return tip >= min;
      },
      { timeout: 90_000, intervals: [500, 1_000, 2_000], message: `${chain} to reach height ${min}` },
    )
    .toBe(true);
  return tip;
}

async function blockAt(chain: string, n: bigint): Promise<RpcBlock> {
  const block = await rpc<RpcBlock | null>(devnetUrl(chain), 'quai_getBlockByNumber', [`0x${n.toString(16)}`, false]);
  if (!block) throw new Error(`${chain} has no block ${n}`);
  return block;
}

/** The newest block of `chain` (searching back at most `depth`) that satisfies `want`; polls while none does. */
async function findBlock(chain: string, want: (b: RpcBlock) => boolean, depth = 150): Promise<{ n: bigint; block: RpcBlock }> {
  let found: { n: bigint; block: RpcBlock } | undefined;
  await expect
    .poll(
      async () => {
        const tip = await tipOf(chain);
        for (let n = tip; n >= 0n && n > tip - BigInt(depth); n--) {
          const block = await blockAt(chain, n);
          if (want(block)) {
            found = { n, block };
            return true;
          }
        }
        return false;
      },
      { timeout: 90_000, intervals: [2_000] },
    )
    .toBe(true);
  if (!found) throw new Error('unreachable');
  return found;
}

async function text(page: Page, testId: string): Promise<string> {
  return (await page.getByTestId(testId).first().textContent()) ?? '';
}

test.describe('block page', () => {
  test('shows a zone block as the node has it, with a verified proof of work', async ({ page }) => {
    // n − 1 is visited through the previous link, so n must be at least 1.
    const n = (await tipAtLeast(ZONE, 3n)) - 2n;
    const block = await blockAt(ZONE, n);
    const response = await page.goto(`/chain/${ZONE}/block/${n}`);
    expect(response?.status()).toBe(200);

    await expect(page.getByRole('heading', { level: 1 })).toContainText(`Block ${n.toLocaleString('en-US')}`);
    await expect(page.getByText(block.hash).first()).toBeVisible();
    // [Prime, Region, Zone] numbers as the node reports them, each a link to that level's chain,
    // each named by its level for a screen reader ("Prime 12"; the brackets are hidden from it).
    const numbers = block.number.map((h) => BigInt(h).toLocaleString('en-US'));
    await expect(page.getByTestId('block-numbers')).toHaveText(`[Prime ${numbers[0]}, Region ${numbers[1]}, Zone ${numbers[2]}]`);
    await expect(page.getByTestId('block-numbers').getByRole('link', { name: `Zone ${numbers[2]}`, exact: true })).toBeVisible();
    await expect(page.getByTestId('block-numbers').getByRole('link').first()).toHaveAttribute('href', `/chain/prime/block/${BigInt(block.number[0])}`);
    // The seal recomputed from the header fields matches the hash and meets the target.
    await expect(page.getByTestId('pow-check')).toHaveAttribute('data-status', 'verified');
    await expect(page.getByText('✓ verified')).toBeVisible();

    // The hash's copy button copies it and says so for a moment (one listener serves every copy
    // button: components/layout/CopyHandler.tsx).
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    const copy = page.locator('header').getByRole('button', { name: 'Copy hash' });
    await hydrated(page.locator('header h1'));
    await copy.click();
    await expect(page.locator('header').getByRole('button', { name: 'Copied' })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(block.hash);
    await expect(copy).toBeVisible();

    // Previous / next by height.
    await page.getByRole('link', { name: `← Block ${(n - 1n).toLocaleString('en-US')}` }).click();
    await expect(page).toHaveURL(new RegExp(`/chain/${ZONE}/block/${n - 1n}$`));
    await expect(page.getByRole('heading', { level: 1 })).toContainText(`Block ${(n - 1n).toLocaleString('en-US')}`);

    await page.goto(`/chain/${ZONE}/block/${n}`);
    await screenshotAll(page, 'block');
  });

  test('a timestamp: its age follows the clock; the switch shows it as local time or UTC, remembered', async ({ page }) => {
    const n = (await tipAtLeast(ZONE, 1n)) - 1n;
    await page.goto(`/chain/${ZONE}/block/${n}`);
    const stamp = page.locator('time').first();
    const age = stamp.locator('.time-age');
    await hydrated(stamp);
    // A block under a second old reads "just now" (lib/text/format.ts); blocks can come that fast.
    await expect(age).toHaveText(/ ago$/);
    const first = await age.textContent();
    // Seconds pass: the age is re-read from the page's one clock, not the server's render.
    await expect.poll(() => age.textContent(), { timeout: 90_000, message: 'the age to change' }).not.toBe(first);

    const utc = String(await stamp.getAttribute('title'));
    const toggle = page.getByRole('button', { name: /^showing age · switch$/ });
    await toggle.click();
    await expect(page.getByRole('button', { name: /^showing local time · switch$/ })).toBeVisible();
    await expect(stamp.locator('.time-local')).toBeVisible();
    await expect(age).toBeHidden();
    await page.getByRole('button', { name: /^showing local time · switch$/ }).click();
    await expect(stamp.locator('.time-utc')).toBeVisible();
    await expect(stamp.locator('.time-utc')).toHaveText(utc);
    await page.reload();
    await expect(page.locator('time').first().locator('.time-utc')).toBeVisible();
    await expect(page.locator('time').first().locator('.time-age')).toBeHidden();
    await hydrated(page.locator('time').first());
    await page.getByRole('button', { name: /^showing UTC · switch$/ }).click();
    await expect(page.locator('time').first().locator('.time-age')).toBeVisible();
  });

  test('by hash: the same block, and its raw tab decodes the node’s RLP', async ({ page }) => {
    const n = (await tipAtLeast(ZONE, 3n)) - 3n;
    const block = await blockAt(ZONE, n);
    await page.goto(`/chain/${ZONE}/block/${block.hash}?tab=raw`);
    await expect(page.getByRole('heading', { level: 1 })).toContainText(`Block ${n.toLocaleString('en-US')}`);
    const rlp = await rpc<string>(devnetUrl(ZONE), 'debug_getBlockRlp', [Number(n)]);
    const shown = (await text(page, 'raw-rlp')).trim();
    expect(shown.replace(/^0x/, '')).toBe(rlp.replace(/^0x/, ''));
    await expect(page.getByText("Its header hashes to this block's hash.")).toBeVisible();
    await expect(page.getByTestId('rlp-tree')).toContainText('header');
    await expect(page.getByTestId('print-block')).not.toBeEmpty();
    await screenshotAll(page, 'block-raw');
  });

  test('an uncle: listed on its block and shown on its own page with a PoW check', async ({ page }) => {
    const { n, block } = await findBlock(ZONE, (b) => b.uncles.length > 0, 400);
    await page.goto(`/chain/${ZONE}/block/${n}?tab=uncles`);
    const list = page.getByTestId('uncle-list');
    await expect(list.locator('li')).toHaveCount(block.uncles.length);
    await list.getByRole('link').first().click();
    await expect(page).toHaveURL(new RegExp(`/chain/${ZONE}/block/${block.hash}/uncle/0$`));
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Uncle #0 of block');
    await expect(page.getByText(block.uncles[0]!.hash).first()).toBeVisible();
    await expect(page.getByTestId('pow-check')).toHaveAttribute('data-status', /verified|unverifiable/);
    await screenshotAll(page, 'uncle');
  });

  test('a region block’s sub-manifest links to the zone blocks it lists', async ({ page }) => {
    const { n, block } = await findBlock(REGION, (b) => b.subManifest.length > 0);
    await page.goto(`/chain/${REGION}/block/${n}?tab=submanifest`);
    const links = page.getByTestId('submanifest-list').getByRole('link');
    await expect(links).toHaveCount(block.subManifest.length);
    // A region block is one block with its zone block: the page links to it there.
    await expect(page.getByTestId('coincident-on')).toContainText(/Cyprus \d/);
    await screenshotAll(page, 'block-region');
    const target = block.subManifest[0]!;
    await links.first().click();
    await expect(page).toHaveURL(new RegExp(`/chain/cyprus\\d/block/${target}$`));
    await expect(page.getByText(target).first()).toBeVisible();
  });

  test('EIP-3091 /block/<hash> redirects to the chain that has it; /block/<n> lists each chain', async ({ page }) => {
    const n = (await tipAtLeast(ZONE, 2n)) - 2n;
    const block = await blockAt(ZONE, n);
    if (block.order === 2) {
      await page.goto(`/block/${block.hash}`);
      await expect(page).toHaveURL(new RegExp(`/chain/${ZONE}/block/${block.hash}$`));
    }
    await page.goto('/block/1');
    await expect(page.getByTestId('any-chain-list')).toContainText('Prime');
    await expect(page.getByTestId('any-chain-list')).toContainText('Cyprus 1');
    await screenshotAll(page, 'block-any-chain');
  });

  test('block tags: latest redirects to the newest block’s number', async ({ page }) => {
    const before = await tipOf(ZONE);
    await page.goto(`/chain/${ZONE}/block/latest`);
    await expect(page).toHaveURL(/\/chain\/cyprus1\/block\/\d+$/);
    const shown = BigInt(page.url().split('/').pop() ?? '');
    expect(shown >= before).toBe(true);
  });

  test('chain overview lists the newest blocks', async ({ page }) => {
    const before = await tipOf(ZONE);
    // The page follows the explorer's tips snapshot (two seconds old at most): once that has seen
    // `before`, the page shows it or a newer block.
    await untilTipsReach(BASE_URL, ZONE, before);
    await page.goto(`/chain/${ZONE}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Cyprus 1');
    // The first row is a tip the node had: the one the page was rendered with, or a newer one the
    // chain's stream brought since (so the node is asked after the row is read).
    const firstHeight = BigInt(((await page.getByTestId('recent-blocks').locator('tbody tr td a').first().textContent()) ?? '').replace(/,/g, ''));
    const after = await tipOf(ZONE);
    expect(firstHeight >= before && firstHeight <= after).toBe(true);
    // Twenty rows, or every block from genesis on a young devnet.
    await expect(page.getByTestId('recent-blocks').locator('tbody tr')).toHaveCount(Number(firstHeight < 19n ? firstHeight + 1n : 20n));
    await screenshotAll(page, 'chain');
  });

  test('the tip beside "Block N+1 →" follows the chain: one read of /api/tips, then the chain\'s stream', async ({ page }) => {
    const n = (await tipAtLeast(ZONE, 3n)) - 2n;
    let polls = 0;
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/tips') polls++;
    });
    await page.goto(`/chain/${ZONE}/block/${n}`);
    const widget = page.getByTestId('chain-tip');
    const shown = async () => BigInt((/tip: ([\d,]+)/.exec((await widget.textContent()) ?? '')?.[1] ?? '0').replace(/,/g, ''));
    await expect(widget).toContainText('Cyprus 1 tip:');
    const first = await shown();
    expect(first).toBeGreaterThanOrEqual(n);
    await expect(page.getByRole('link', { name: `Block ${(n + 1n).toLocaleString('en-US')} →` })).toBeVisible();
    // The zone's stream moves it (components/ui/live/tips-poller.ts): the figure rises with the chain, and /api/tips was read once.
    await expect.poll(shown, { timeout: 40_000, message: 'the tip widget to show a newer tip' }).toBeGreaterThan(first);
    expect(polls).toBe(1);
    // react-query's focus refetch (query-client.ts): a tab that becomes visible again asks at once
    // once its answer is older than staleTime (1 s), well before the next 10 s interval.
    const before = polls;
    await expect
      .poll(
        async () => {
          await page.evaluate(() => window.dispatchEvent(new Event('visibilitychange')));
          return polls;
        },
        { timeout: 5_000, intervals: [250], message: 'a visibilitychange to ask for the tips at once' },
      )
      .toBeGreaterThan(before);
  });

  test('works without JavaScript: the block page is complete from the server', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    const n = (await tipAtLeast(ZONE, 2n)) - 2n;
    const block = await blockAt(ZONE, n);
    await page.goto(`/chain/${ZONE}/block/${n}?tab=uncles`);
    await expect(page.getByText(block.hash).first()).toBeVisible();
    await expect(page.getByTestId('pow-check')).toHaveAttribute('data-status', 'verified');
    await expect(page.getByTestId('tab-uncles')).toBeVisible();
    await context.close();
  });
});

test.describe('block 404s say why', () => {
  test('an unknown height, an unknown hash, a missing uncle, a malformed id', async ({ page, allowConsoleErrors }) => {
    allowConsoleErrors(/404/);
    const tip = await tipOf(ZONE);
    const far = tip + 1_000_000n;
    let response = await page.goto(`/chain/${ZONE}/block/${far}`);
    expect(response?.status()).toBe(404);
    await expect(page.locator('body')).toContainText(`has no block at height ${far.toLocaleString('en-US')} yet`);
    await screenshotAll(page, 'block-404');

    const unknown = `0x${'ab'.repeat(32)}`;
    response = await page.goto(`/chain/${ZONE}/block/${unknown}`);
    expect(response?.status()).toBe(404);
    await expect(page.locator('body')).toContainText(`has no block with hash ${unknown}`);

    response = await page.goto(`/block/${unknown}`);
    expect(response?.status()).toBe(404);
    await expect(page.locator('body')).toContainText('No chain served here has a block with hash');

    response = await page.goto(`/chain/${ZONE}/block/1/uncle/99`);
    expect(response?.status()).toBe(404);
    await expect(page.locator('body')).toContainText('so there is no uncle at index 99');

    response = await page.goto(`/chain/${ZONE}/block/1/tx/999`);
    expect(response?.status()).toBe(404);
    await expect(page.locator('body')).toContainText('so there is none at index 999');

    // 20 hex digits: too long for a height, too short for a hash (proxy.ts's format check).
    response = await page.goto(`/chain/${ZONE}/block/0x1234567890abcdef1234`);
    expect(response?.status()).toBe(404);
    await expect(page.getByText('it has 20 hex digits')).toBeVisible();
  });
});
