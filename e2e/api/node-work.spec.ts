/**
 * Node work of a caller's choosing, bounded, against the built explorer and the suite's devnet,
 * with a contract of our own whose every read burns all its gas (the Snare,
 * devnet/test-support/gas-snare.ts), as an attacker would use it:
 *
 * - 40 `tokenbalance` calls against it, each naming a new holder (so no answer is kept): the
 *   client's budget answers the first 30 and refuses the rest with 429 and Retry-After;
 * - the gas cap: `eth_estimateGas` of a call that loops says it needs more than the cap allows,
 *   `eth_call` of it runs out of gas (the dry run's bounds: lib/server/node/node-work.devnet.test.ts);
 * - 6,000 approvals the Snare plants for one owner: `…/approvals?limit=2` reads none of them from
 *   the node and counts them apart, and the Approvals tab collapses them into one line, no Revoke;
 * - through each of these, the zone's node answers `blockNumber` within 2 s, asked as a client
 *   would (the setup aside: mining the Snare's 6,000 logs is the chain's own work, not a caller's).
 *
 * Every request names a client of its own in X-Forwarded-For (the suite trusts one proxy), so the
 * budget spent here is this spec's alone.
 */
import type { APIRequestContext } from '@playwright/test';
import { expect, test } from '../fixtures';
import { plantData, plantGas, snareDeployData } from '../../devnet/test-support/gas-snare';
import { startLatencyProbe, type LatencyProbe } from '../../devnet/test-support/latency-probe';
import { QUAI, deployContract, freshAccount, fundedAccount, nonceOf, sendRaw, signAt, waitForReceipt, type TestAccount } from '../support/chain-actions';
import { devnetUrl } from '../support/env';
import type { Address } from 'viem';

const ZONE = 'cyprus1';
const url = devnetUrl(ZONE);
const PLANTED = 6_000;
const CAP = 2_000_000n;

let attacker: TestAccount;
let snare: Address;
let clients = 0;

/**
 * A client of its own: an address of TEST-NET-3 nobody else in the suite names. A retry runs in a
 * new worker whose count starts again, so it takes TEST-NET-1: the first try's budgets are spent.
 */
const client = () => ({ 'x-forwarded-for': `${test.info().retry === 0 ? '203.0.113' : '192.0.2'}.${100 + clients++}` });

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(180_000);
  attacker = await fundedAccount(url, ZONE, 'node-work-attacker', 2n * QUAI);
  snare = await deployContract(url, ZONE, attacker, snareDeployData());
});

/**
 * Runs `work` while asking the zone's node blockNumber as a client would: it answered each within
 * 2 s of what it takes unattacked. The suite's devnet runs every chain, with traffic, in one
 * process; on a machine shared with other work its plain blockNumber alone can take a second or
 * two, so the node's own time, asked the same way for as many answers just before, is the
 * baseline. (lib/server/node/node-work.devnet.test.ts holds a quiet 1x1 devnet to 2 s flat.)
 */
async function nodeStillAnswers(work: () => Promise<void>): Promise<void> {
  const quiet = startLatencyProbe(ZONE, url);
  await expect.poll(async () => (await quiet.peek()).asked, { timeout: 60_000 }).toBeGreaterThanOrEqual(20);
  const baseline = await quiet.stop();
  const probe: LatencyProbe = startLatencyProbe(ZONE, url);
  try {
    await work();
    // Work that ends quickly still has the node asked a few times while it ran and just after.
    await expect.poll(async () => (await probe.peek()).asked, { timeout: 60_000 }).toBeGreaterThan(3);
  } finally {
    const { slowestMs, slowestAt, asked, failed } = await probe.stop();
    expect(failed).toBeNull();
    expect(asked).toBeGreaterThan(3);
    expect(slowestMs, `the slowest blockNumber of ${asked}, asked at ${slowestAt} (unattacked: ${baseline.slowestMs.toFixed(0)} ms)`).toBeLessThan(
      2_000 + baseline.slowestMs,
    );
  }
}

async function json(response: Awaited<ReturnType<APIRequestContext['get']>>): Promise<Record<string, unknown>> {
  return (await response.json()) as Record<string, unknown>;
}

test('tokenbalance of a contract that loops, a new holder each time: 30 answered, the rest refused with 429 and Retry-After', async ({ request }) => {
  test.setTimeout(120_000);
  const headers = client();
  let answers: Awaited<ReturnType<APIRequestContext['get']>>[] = [];
  await nodeStillAnswers(async () => {
    answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        request.get(`/api?module=account&action=tokenbalance&contractaddress=${snare}&address=0x${(i + 1).toString(16).padStart(40, '0')}`, { headers }),
      ),
    );
  });
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
  await nodeStillAnswers(async () => {
    const estimate = await json(await request.get(`/chain/${ZONE}/api?module=proxy&action=eth_estimateGas&to=${snare}&data=0x&gas=0x1c9c380`, { headers: client() }));
    expect(estimate.error).toMatchObject({ message: `gas required exceeds allowance (${CAP})` });
    const call = await json(await request.get(`/chain/${ZONE}/api?module=proxy&action=eth_call&to=${snare}&data=0x70a08231&gas=0x1c9c380`, { headers: client() }));
    expect(call.error).toMatchObject({ message: 'out of gas' });
  });
});

test('6,000 approvals planted by the Snare: the API reads none from the node and counts them apart; the tab collapses them, no Revoke', async ({ request, page }) => {
  test.setTimeout(240_000);
  const owner = freshAccount(ZONE, 'node-work-owner');
  const nonce = await nonceOf(url, attacker.address);
  const hash = await sendRaw(url, await signAt(attacker, nonce, { to: snare, value: 0n, gas: plantGas(PLANTED), data: plantData(owner.address, PLANTED) }));
  const receipt = await waitForReceipt(url, hash, 120_000);
  expect(receipt.status).toBe('0x1');
  // Both passes of the index past the planted block.
  await expect
    .poll(async () => {
      const status = (await (await request.get('/api/v1/index/status')).json()) as { chains: { chain: string; indexedHeight: string | null; traceCursor: string | null }[] };
      const zone = status.chains.find((c) => c.chain === ZONE);
      return BigInt(zone?.traceCursor ?? -1) >= BigInt(receipt.blockNumber) && BigInt(zone?.indexedHeight ?? -1) >= BigInt(receipt.blockNumber);
    }, { timeout: 120_000, intervals: [1_000] })
    .toBe(true);

  await nodeStillAnswers(async () => {
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
});
