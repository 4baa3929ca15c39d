/**
 * Finding things, against the shared devnet through the explorer's own index: search by name
 * (the API's groups, the header's combobox by keyboard), another explorer's link pasted into
 * search, a transaction's previous and next by its sender's nonce, the three CSV exports in their
 * columns and date ranges, the History tab's advanced filter kept in its URL and exported, and the
 * countdown to a block not mined yet. This spec's own account sends everything it reads.
 */
import { readFileSync } from 'node:fs';
import type { Locator, Page } from '@playwright/test';
import { encodeFunctionData, type Address, type Hex } from 'viem';
import { DevForwarderAbi, TRACE_CONTRACTS } from '../../devnet/contracts';
import { DevTokenAbi } from '../../devnet/contracts/artifacts';
import { expect, test } from '../fixtures';
import { expectNoAxeViolations } from '../support/axe';
import { devnetUrl } from '../support/env';
import { rpc } from '../support/rpc';
import { deployNamedToken } from '../support/named-token';
import {
  QUAI, deployContract, deployToken, freshAccount, fundedAccount, nonceOf, sendRaw, signAt, waitForReceipt, type TestAccount,
} from '../support/chain-actions';

const ZONE = 'cyprus1';
const url = devnetUrl(ZONE);

test.describe.configure({ mode: 'serial' });

let owner: TestAccount;
let friend: TestAccount;
let token: Address;
let named: Address;
let tokenSend: Hex;
let paid: Hex;
/** Two transfers in a row from `owner`, its last two nonces. */
let first: Hex;
let second: Hex;
let secondNonce: bigint;
/** The UTC day of `second`'s block, YYYY-MM-DD. */
let day: string;
const NAME = `Findable${Date.now().toString(36)}`;

async function send(from: TestAccount, to: Address, fields: { value?: bigint; data?: Hex; gas?: bigint } = {}): Promise<Hex> {
  const hash = await sendRaw(url, await signAt(from, await nonceOf(url, from.address), { to, value: fields.value ?? 0n, gas: fields.gas ?? 100_000n, data: fields.data ?? '0x' }));
  const receipt = await waitForReceipt(url, hash, 90_000);
  if (receipt.status !== '0x1') throw new Error(`${hash} reverted`);
  return hash;
}

/** A CSV line of quoted fields (Etherscan's style), its quotes undone. */
function fields(line: string): string[] {
  const out: string[] = [];
  for (const match of line.matchAll(/"((?:[^"]|"")*)"(?:,|$)/g)) out.push((match[1] ?? '').replace(/""/g, '"'));
  return out;
}

test.beforeAll(async ({ request }) => {
  test.setTimeout(300_000);
  owner = await fundedAccount(url, ZONE, 'find-owner', 5n * QUAI);
  friend = freshAccount(ZONE, 'find-friend');
  token = await deployToken(url, ZONE, owner, 1_000_000n * QUAI);
  named = (await deployNamedToken(url, ZONE, owner, NAME)).address;
  tokenSend = await send(owner, token, { data: encodeFunctionData({ abi: DevTokenAbi, functionName: 'transfer', args: [friend.address, 123n * QUAI] }) });
  const forwarder = await deployContract(url, ZONE, owner, TRACE_CONTRACTS.forwarder);
  paid = await send(owner, forwarder, { value: 4_242n, data: encodeFunctionData({ abi: DevForwarderAbi, functionName: 'forward', args: [friend.address] }) });
  first = await send(owner, friend.address, { value: 1n, gas: 21_000n });
  second = await send(owner, friend.address, { value: 2n, gas: 21_000n });
  secondNonce = (await nonceOf(url, owner.address, 'latest')) - 1n;
  const receipt = await rpc<{ blockNumber: string }>(url, 'quai_getTransactionReceipt', [second]);
  const block = await rpc<{ timestamp: string }>(url, 'quai_getBlockByNumber', [receipt.blockNumber, false]);
  day = new Date(Number(BigInt(block.timestamp)) * 1000).toISOString().slice(0, 10);
  // The explorer's index follows the tip: wait until it holds the last transfer and the named token,
  // and its trace pass the payment.
  await expect
    .poll(async () => {
      const history = (await (await request.get(`/api/v1/address/${owner.address}/transactions?limit=3`)).json()) as { items?: { hash: string }[] };
      const search = (await (await request.get(`/api/v1/search?q=${NAME}`)).json()) as { items?: { kind: string }[] };
      const internal = (await (await request.get(`/api/v1/address/${friend.address}/internal-transactions?limit=3`)).json()) as { items?: { hash: string }[] };
      return Boolean(history.items?.some((i) => i.hash === second) && search.items?.some((i) => i.kind === 'token') && internal.items?.some((i) => i.hash === paid));
    }, { timeout: 120_000, intervals: [1_000] })
    .toBe(true);
});

test('the search API answers grouped suggestions: tokens by name, chains, hashes; 400 without q', async ({ request }) => {
  const answer = async (q: string) => (await (await request.get(`/api/v1/search?q=${encodeURIComponent(q)}`)).json()) as { items: { kind: string; title: string; url: string }[] };
  expect((await answer(NAME)).items).toEqual([expect.objectContaining({ kind: 'token', title: NAME, url: `/token/${named.toLowerCase()}` })]);
  expect((await answer(NAME.slice(0, 8).toLowerCase())).items.map((i) => i.url)).toContain(`/token/${named.toLowerCase()}`);
  const devTokens = (await answer('DevTok')).items.filter((i) => i.kind === 'token');
  expect(devTokens.length).toBeGreaterThan(0);
  // "DevTok" finds "Strata Dev Token": the spaces a reader leaves out do not matter.
  expect(devTokens.every((i) => i.title === 'Strata Dev Token (SDT)')).toBe(true);
  expect((await answer('cypr')).items.filter((i) => i.kind === 'chain').map((i) => i.title)).toEqual(expect.arrayContaining(['Cyprus', 'Cyprus 1']));
  expect((await answer(second)).items).toEqual([expect.objectContaining({ kind: 'transaction', url: `/tx/${second}` })]);
  expect((await request.get('/api/v1/search')).status()).toBe(400);
});

/** The header's search field and its suggestions. */
function headerSearch(page: Page): { box: Locator; list: Locator } {
  const form = page.getByRole('search', { name: 'Site search' });
  return { box: form.getByRole('combobox'), list: form.getByRole('listbox', { name: 'Suggestions' }) };
}

test('the header’s combobox by keyboard: arrows choose, Escape closes then clears, Enter opens the one chosen', async ({ page }) => {
  await page.goto('/network');
  const { box, list } = headerSearch(page);
  await box.focus();
  await page.keyboard.type('DevTok');
  await expect(list).toBeVisible();
  await expect(box).toHaveAttribute('aria-expanded', 'true');
  const options = list.getByRole('option');
  await expect(options.first()).toBeVisible();
  await expect(list.getByRole('group', { name: 'Tokens' })).toBeVisible();
  // The open list, as axe sees it, at both widths and in both themes.
  await expectNoAxeViolations(page, 'search suggestions open');
  await expect(list).toBeVisible();
  // Down chooses the first option, Up from the first wraps to the last; the field keeps the focus.
  await page.keyboard.press('ArrowDown');
  const firstOption = options.first();
  await expect(firstOption).toHaveAttribute('aria-selected', 'true');
  await expect(box).toHaveAttribute('aria-activedescendant', (await firstOption.getAttribute('id'))!);
  await expect(box).toBeFocused();
  await page.keyboard.press('ArrowUp');
  await expect(options.last()).toHaveAttribute('aria-selected', 'true');
  // Escape closes and keeps the text; again, it clears it.
  await page.keyboard.press('Escape');
  await expect(box).toHaveAttribute('aria-expanded', 'false');
  await expect(list).toBeHidden();
  await expect(box).toHaveValue('DevTok');
  await page.keyboard.press('Escape');
  await expect(box).toHaveValue('');
  // The unique name: one token; Enter on it opens its page.
  await page.keyboard.type(NAME.slice(0, 12));
  await expect(list.getByRole('option', { name: new RegExp(NAME) })).toBeVisible();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/token/${named}$`, 'i'));
});

test('another explorer’s link pasted into search opens ours', async ({ page }) => {
  await page.goto('/network');
  const { box, list } = headerSearch(page);
  // Suggested as ours, and opened by Enter on it…
  await box.fill(`https://etherscan.io/tx/${tokenSend}`);
  await expect(list.getByRole('option')).toHaveCount(1);
  await expect(list.getByRole('option')).toContainText(tokenSend);
  await box.press('ArrowDown');
  await box.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/tx/${tokenSend}$`));
  // …or by submitting the form (the /search page redirects, without JavaScript too).
  await headerSearch(page).box.fill(`https://quaiscan.io/address/${owner.address}`);
  await headerSearch(page).box.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/address/${owner.address}$`, 'i'));
  await page.goto(`/search?q=${encodeURIComponent('https://etherscan.io/block/1')}`);
  await expect(page).toHaveURL(/\/block\/1$|\/chain\/[a-z0-9]+\/block\/1$/);
});

test('a transaction links its sender’s previous and next by nonce; past the last, the nonce page says why', async ({ page }) => {
  await page.goto(`/tx/${first}`);
  const next = page.getByTestId('nonce-next');
  await expect(next).toHaveAttribute('href', `/tx/${second}`);
  await expect(next).toContainText(`nonce ${secondNonce}`);
  await next.click();
  await expect(page).toHaveURL(new RegExp(`/tx/${second}$`));
  await expect(page.getByTestId('nonce-previous')).toHaveAttribute('href', `/tx/${first}`);
  const after = page.getByTestId('nonce-next');
  await expect(after).toHaveAttribute('href', `/address/${owner.address.toLowerCase()}/nonce/${secondNonce + 1n}`);
  const missing = await page.request.get(`/address/${owner.address}/nonce/${secondNonce + 1n}`);
  expect(missing.status()).toBe(404);
  expect(await missing.text()).toContain(`No transaction with nonce ${secondNonce + 1n} yet`);
  const found = await page.request.get(`/address/${owner.address}/nonce/${secondNonce}`, { maxRedirects: 0 });
  expect(found.status()).toBe(307);
  expect(found.headers().location).toBe(`/tx/${second}`);
});

test('the exports: Etherscan’s columns, date ranges in UTC days, 400 for a bad one', async ({ request }) => {
  const csv = async (path: string) => {
    const response = await request.get(path);
    expect(response.status(), path).toBe(200);
    expect(response.headers()['content-type']).toContain('text/csv');
    return (await response.text()).trim().split('\n');
  };
  const [tokenHeader, ...tokenLines] = await csv(`/api/v1/address/${friend.address}/token-transfers.csv?from=${day}&to=${day}`);
  expect(fields(tokenHeader!)).toEqual([
    'Txhash', 'Blockno', 'UnixTimestamp', 'DateTime (UTC)', 'From', 'To', 'TokenValue', 'ContractAddress', 'TokenName', 'TokenSymbol', 'TokenId', 'TokenStandard', 'Chain',
  ]);
  const sent = tokenLines.map(fields).find((f) => f[0] === tokenSend);
  expect(sent).toBeDefined();
  const [, blockno, unix, dateTime, from, to, value, contract, tokenName, , tokenId, standard, chain] = sent!;
  expect(BigInt(blockno!)).toBeGreaterThan(0n);
  expect(dateTime).toBe(new Date(Number(unix) * 1000).toISOString().slice(0, 19).replace('T', ' '));
  expect([from, to, value, contract, tokenName, tokenId, standard, chain]).toEqual([
    owner.address.toLowerCase(), friend.address.toLowerCase(), '123', token.toLowerCase(), 'Strata Dev Token', '', 'ERC-20', ZONE,
  ]);

  const [internalHeader, ...internalLines] = await csv(`/api/v1/address/${friend.address}/internal-transactions.csv?to=${day}`);
  expect(fields(internalHeader!)).toEqual([
    'Txhash', 'Blockno', 'UnixTimestamp', 'DateTime (UTC)', 'ParentTxFrom', 'ParentTxTo', 'ParentTxQUAI_Value', 'From', 'TxTo', 'ContractAddress',
    'Value_IN(QUAI)', 'Value_OUT(QUAI)', 'Status', 'ErrCode', 'Type', 'TraceId', 'Chain',
  ]);
  const payment = internalLines.map(fields).find((f) => f[0] === paid);
  expect(payment?.slice(4)).toEqual([
    owner.address.toLowerCase(), expect.stringMatching(/^0x[0-9a-f]{40}$/), '0.000000000000004242', expect.stringMatching(/^0x[0-9a-f]{40}$/), friend.address.toLowerCase(), '',
    '0.000000000000004242', '0', '0', '', 'call', '0', ZONE,
  ]);

  // The day's transactions only, each timestamp inside it; a day long before: the header alone.
  const [header, ...lines] = await csv(`/api/v1/address/${owner.address}/transactions.csv?from=${day}&to=${day}`);
  expect(header).toBe('hash,chain,blockNumber,blockHash,index,timestamp,direction,type,status,from,to,contractAddress,otherChain,value');
  expect(lines.some((l) => l.startsWith(second))).toBe(true);
  const start = Date.parse(`${day}T00:00:00Z`) / 1000;
  for (const l of lines) expect(Number(l.split(',')[5]) - start).toBeGreaterThanOrEqual(0);
  for (const l of lines) expect(Number(l.split(',')[5]) - start).toBeLessThan(86_400);
  expect(await csv(`/api/v1/address/${owner.address}/transactions.csv?from=2001-01-01&to=2001-01-02`)).toEqual([header]);
  expect(await csv(`/api/v1/address/${owner.address}/token-transfers.csv?from=2001-01-01&to=2001-01-01`)).toHaveLength(1);

  for (const bad of ['from=2026-02-30', 'to=yesterday', `from=${day}&to=2001-01-01`, 'direction=up']) {
    const response = await request.get(`/api/v1/address/${owner.address}/internal-transactions.csv?${bad}`);
    expect(response.status(), bad).toBe(400);
    expect(((await response.json()) as { error: string }).error.length).toBeGreaterThan(0);
  }
});

test('the History tab’s advanced filter is kept in its URL and its exports export what it shows', async ({ page }) => {
  await page.goto(`/address/${owner.address}?tab=history`);
  await page.getByText('Advanced filter').click();
  const filter = page.getByTestId('history-filter');
  await filter.getByLabel('Direction').selectOption('in');
  await filter.getByLabel('From (UTC day)').fill(day);
  await filter.getByLabel('To (UTC day, included)').fill(day);
  await filter.getByRole('button', { name: 'Apply' }).click();
  // The blank fields are dropped: one URL per filter.
  await expect(page).toHaveURL(new RegExp(`/address/${owner.address}\\?tab=history&direction=in&from=${day}&to=${day}$`, 'i'));
  await expect(page.getByTestId('history-filter')).toHaveAttribute('open', '');
  await expect(page.getByTestId('history-row').first()).toBeVisible();
  await expect(page.locator(`[data-testid="history-row"][data-hash="${second}"]`)).toHaveCount(0);
  const link = page.getByTestId('history-csv');
  await expect(link).toHaveAttribute('href', `/api/v1/address/${owner.address}/transactions.csv?direction=in&from=${day}&to=${day}`);
  await expect(page.getByTestId('token-transfers-csv')).toHaveAttribute('href', new RegExp(`token-transfers\\.csv\\?direction=in&from=${day}&to=${day}$`));
  const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
  expect(download.suggestedFilename()).toBe(`${owner.address.toLowerCase()}-transactions-${day}-${day}.csv`);
  const lines = readFileSync(await download.path(), 'utf8').trim().split('\n').slice(1);
  expect(lines.length).toBeGreaterThan(0);
  // Received, or sent to itself (a transaction to itself is both).
  for (const l of lines) expect(l.split(',')[6]).toMatch(/^(in|self)$/);
  expect(lines.some((l) => l.split(',')[6] === 'in')).toBe(true);
  // By method: the token transfer alone.
  await page.goto(`/address/${owner.address}?tab=history&method=transfer`);
  await expect(page.locator('[data-testid="history-row"]')).toHaveCount(1);
  await expect(page.locator(`[data-testid="history-row"][data-hash="${tokenSend}"]`)).toBeVisible();
  await page.goto(`/address/${owner.address}?tab=history&method=noSuchFunction`);
  await expect(page.getByTestId('history-filter-problem')).toContainText('noSuchFunction');
});

test('the countdown to a block not mined yet; a block mined already is its page', async ({ page }) => {
  const tip = BigInt(await rpc<string>(url, 'quai_blockNumber'));
  await page.goto(`/block/countdown/${tip + 1_000n}?chain=${ZONE}`);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(`Countdown to block #${(tip + 1_000n).toLocaleString('en-US')} on Cyprus 1`);
  const remaining = Number((await page.getByTestId('countdown-remaining').textContent())!.replace(/,/g, ''));
  expect(remaining).toBeGreaterThan(0);
  expect(remaining).toBeLessThanOrEqual(1_000);
  expect(Number(await page.getByTestId('countdown-estimate').getAttribute('data-seconds'))).toBeGreaterThan(0);
  await page.goto(`/block/countdown/1?chain=${ZONE}`);
  await expect(page).toHaveURL(new RegExp(`/chain/${ZONE}/block/1$`));
});
