/**
 * Node work of a caller's choosing, bounded, against the built explorer and the suite's devnet,
 * with a contract of our own whose every read burns all its gas (the Snare,
 * devnet/test-support/gas-snare.ts), as an attacker would use it:
 *
 * - 40 `tokenbalance` calls against it, each naming a new holder (so no answer is kept): the
 *   client's budget answers the first 30 and refuses the rest with 429 and Retry-After;
 * - the gas cap: `eth_estimateGas` of a call that loops says it needs more than the cap allows;
 * - the dry run: gas above the block's gas limit is a 400; at the block's gas limit the Snare runs
 *   within the cap (`gasCap`, a note, gas used the cap's); five at once each get an answer;
 * - 6,000 approvals the Snare plants for one owner: `…/approvals?limit=2` reads none of them from
 *   the node and counts them apart, and the Approvals tab collapses them into one line, no Revoke;
 * - through all of it, the zone's node answers `blockNumber` within 2 s, asked as a client would.
 *
 * Every request names a client of its own in X-Forwarded-For (the suite trusts one proxy), so the
 * budget spent here is this spec's alone.
 */
import type { APIRequestContext } from '@playwright/test';
import { expect, test } from '../fixtures';
import { plantData, plantGas, snareDeployData } from '../../devnet/test-support/gas-snare';
import { startLatencyProbe, type LatencyProbe } from '../../devnet/test-support/latency-probe';
import { QUAI, deployContract, freshAccount, fundedAccount, nonceOf, sendRaw, signAt, waitForReceipt, type TestAccount } from '../support/chain-actions';
import { BASE_URL, devnetUrl } from '../support/env';
import { untilIndexed } from '../support/index-status';
import type { Address } from 'viem';

const ZONE = 'cyprus1';
const url = devnetUrl(ZONE);
const PLANTED = 6_000;
const CAP = 2_000_000n;

let attacker: TestAccount;
let snare: Address;
let probe: LatencyProbe;
let clients = 0;

/** A client of its own: an address of TEST-NET-3 nobody else in the suite names. */
const client = () => ({ 'x-forwarded-for': `203.0.113.${100 + clients++}` });

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(180_000);
  attacker = await fundedAccount(url, ZONE, 'node-work-attacker', 2n * QUAI);
  snare = await deployContract(url, ZONE, attacker, snareDeployData());
  probe = startLatencyProbe(ZONE, url);
});

test.afterAll(async () => {
  // Through every test of this file: the node answered blockNumber within 2 s.
  const { slowestMs, asked, failed } = await probe.stop();
  expect(failed).toBeNull();
  expect(asked).toBeGreaterThan(10);
  expect(slowestMs, `the slowest blockNumber of ${asked}`).toBeLessThan(2_000);
});

async function json(response: Awaited<ReturnType<APIRequestContext['get']>>): Promise<Record<string, unknown>> {
  return (await response.json()) as Record<string, unknown>;
}

test('tokenbalance of a contract that loops, a new holder each time: 30 answered, the rest refused with 429 and Retry-After', async ({ request }) => {
  test.setTimeout(120_000);
  const headers = client();
  const answers = await Promise.all(
    Array.from({ length: 40 }, (_, i) =>
      request.get(`/api?module=account&action=tokenbalance&contractaddress=${snare}&address=0x${(i + 1).toString(16).padStart(40, '0')}`, { headers }),
    ),
  );
  const statuses = answers.map((a) => a.status());
  const refused = answers.filter((a) => a.status() === 429);
  expect(refused.length, statuses.join(',')).toBe(10);
  for (const r of refused) expect(Number(r.headers()['retry-after'])).toBeGreaterThanOrEqual(1);
  // The others ran (within the cap) and were answered: the node's refusal (out of gas), or a full lane's 503 with Retry-After.
  for (const a of answers.filter((x) => x.status() !== 429)) {
    expect([502, 503], await a.text()).toContain(a.status());
    if (a.status() === 502) expect((await json(a)).result).toMatch(/out of gas/);
    else expect(Number(a.headers()['retry-after'])).toBeGreaterThanOrEqual(1);
  }
});

test('the gas cap: a call that loops is run with 2,000,000 gas at most, whatever the caller asks', async ({ request }) => {
  const estimate = await json(await request.get(`/chain/${ZONE}/api?module=proxy&action=eth_estimateGas&to=${snare}&data=0x&gas=0x1c9c380`, { headers: client() }));
  expect(estimate.error).toMatchObject({ message: `gas required exceeds allowance (${CAP})` });
  const call = await json(await request.get(`/chain/${ZONE}/api?module=proxy&action=eth_call&to=${snare}&data=0x70a08231&gas=0x1c9c380`, { headers: client() }));
  expect(call.error).toMatchObject({ message: 'out of gas' });
});

test('simulate: gas above the block gas limit is a 400; at the limit the run stops at the cap and says so; five at once each answer', async ({ request }) => {
  test.setTimeout(120_000);
  const body = (gas: string) => ({ chain: ZONE, from: attacker.address, to: snare, data: '0x', gas });
  const above = await request.post('/api/v1/simulate', { headers: client(), data: body('30000001') });
  expect(above.status()).toBe(400);
  expect((await json(above)).error).toMatch(/above Cyprus 1's block gas limit of 30000000/);

  const one = await request.post('/api/v1/simulate', { headers: client(), data: body('30000000') });
  expect(one.status()).toBe(200);
  const answer = await json(one);
  expect(answer).toMatchObject({ status: 'reverted', error: 'out of gas', gasCap: CAP.toString(), gasUsed: CAP.toString() });
  expect(answer.notes).toContainEqual(expect.stringMatching(/ran out of gas at the explorer's cap of 2000000 gas/));

  const headers = client();
  const five = await Promise.all(Array.from({ length: 5 }, () => request.post('/api/v1/simulate', { headers, data: body('30000000') })));
  for (const r of five) {
    expect([200, 503]).toContain(r.status());
    if (r.status() === 503) expect(Number(r.headers()['retry-after'])).toBeGreaterThanOrEqual(1);
  }
});

test('6,000 approvals planted by the Snare: the API reads none from the node and counts them apart; the tab collapses them, no Revoke', async ({ request, page }) => {
  test.setTimeout(240_000);
  const owner = freshAccount(ZONE, 'node-work-owner');
  const nonce = await nonceOf(url, attacker.address);
  const hash = await sendRaw(url, await signAt(attacker, nonce, { to: snare, value: 0n, gas: plantGas(PLANTED), data: plantData(owner.address, PLANTED) }));
  const receipt = await waitForReceipt(url, hash, 120_000);
  expect(receipt.status).toBe('0x1');
  await untilIndexed(BASE_URL, url, ZONE);

  // Listed (and so read from the node) are only contracts that look like tokens: none here.
  const response = await request.get(`/api/v1/address/${owner.address}/approvals?limit=2`, { headers: client() });
  expect(response.status()).toBe(200);
  const page1 = await json(response);
  expect(page1.items).toEqual([]);
  expect(page1.unrecognised).toEqual({ approvals: PLANTED, contracts: 1, top: [{ chain: ZONE, token: snare.toLowerCase(), approvals: PLANTED }] });

  await page.setExtraHTTPHeaders(client());
  await page.goto(`/address/${owner.address}?tab=approvals`);
  const hidden = page.getByTestId('approvals-unrecognised');
  await expect(hidden).toHaveAttribute('data-approvals', String(PLANTED));
  await expect(hidden).toContainText('6,000 approvals from 1 contract not known as tokens');
  await expect(page.getByTestId('approval')).toHaveCount(0);
  await expect(page.getByRole('button', { name: /Revoke/ })).toHaveCount(0);
});
