/**
 * Node work of a caller's choosing, bounded, against a real devnet (1x1, no traffic) over HTTP,
 * with a contract of our own whose every read burns all its gas (the Snare,
 * devnet/test-support/gas-snare.ts). The routes' handlers are called as Next calls them, on the
 * process's clients (a lane of 2 per zone here, so the lane fills):
 *
 * - `POST /api/v1/simulate`: gas above the block's gas limit is a 400; at the block's gas limit the
 *   Snare runs within the cap (gasCap, gas used the cap's, a note); five at once each get an
 *   answer (200, or 503 with Retry-After when the lane stays full), and when the last has
 *   answered, nothing of theirs still holds a slot of the lane;
 * - `POST /api/address/<snare>/call` (the read and write contract forms): the call and the gas
 *   estimate run within the cap;
 * - through all of it, the devnet answers `blockNumber` within 2 s, asked as a client would.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Address } from 'viem';
import { devAccountsOf } from '@/devnet/accounts';
import type { Devnet } from '@/devnet/index';
import { startDevnetOnFreePorts } from '@/devnet/test-support/free-ports';
import { snareDeployData } from '@/devnet/test-support/gas-snare';
import { startLatencyProbe, type LatencyProbe } from '@/devnet/test-support/latency-probe';
import { createSender } from '@/devnet/test-support/sender';
import { createChainClient } from '@/lib/rpc/client';

const ZONE = 'cyprus1';
const CAP = '2000000';
let devnet: Devnet;
let snare: Address;
let probe: LatencyProbe;
let simulateRoute: typeof import('@/app/api/v1/simulate/route');
let callRoute: typeof import('@/app/api/address/[address]/call/route');
const from = devAccountsOf(ZONE)[1]!.address;

beforeAll(async () => {
  devnet = await startDevnetOnFreePorts({ topology: '1x1', blockTimeMs: 300 });
  const client = createChainClient({ chain: ZONE, url: devnet.urlOf(ZONE), timeoutMs: 20_000 });
  const sender = await createSender(devnet, ZONE, client, devAccountsOf(ZONE)[0]!);
  snare = (await sender.deploy(snareDeployData())).address;
  // Configuration is read once: point the explorer at the devnet before its modules load.
  process.env.STRATA_CHAINS = 'prime,cyprus,cyprus1';
  for (const chain of ['prime', 'cyprus', 'cyprus1'] as const) process.env[`STRATA_RPC_${chain.toUpperCase()}`] = devnet.urlOf(chain);
  process.env.STRATA_INDEX = 'off';
  process.env.STRATA_NODE_WORK_IN_FLIGHT = '2';
  simulateRoute = await import('@/app/api/v1/simulate/route');
  callRoute = await import('@/app/api/address/[address]/call/route');
  probe = startLatencyProbe(ZONE, devnet.urlOf(ZONE));
}, 120_000);

afterAll(async () => {
  await probe?.stop();
  await devnet?.stop();
});

async function simulate(body: unknown): Promise<{ status: number; retryAfter: string | null; json: Record<string, unknown> }> {
  const response = await simulateRoute.POST(new Request('http://strata.test/api/v1/simulate', {
    method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body),
  }));
  return { status: response.status, retryAfter: response.headers.get('retry-after'), json: (await response.json()) as Record<string, unknown> };
}

describe('node work of a caller’s choosing', () => {
  it('simulate: gas above the block gas limit is a 400; at the limit the run stops at the cap and says so', async () => {
    const above = await simulate({ chain: ZONE, from, to: snare, data: '0x', gas: '30000001' });
    expect(above.status).toBe(400);
    expect(above.json.error).toBe("gas 30000001 is above Cyprus 1's block gas limit of 30000000: no block could hold the transaction");
    // The parser's own bound is far above: what refuses it is the block's limit.
    const raw = await simulate({ chain: ZONE, from, to: snare, data: '0x', gas: '30000000' });
    expect(raw.status, JSON.stringify(raw.json)).toBe(200);
    expect(raw.json).toMatchObject({ method: 'debug_traceCall', status: 'reverted', error: 'out of gas', gasUsed: CAP, gasCap: CAP });
    expect(raw.json.notes).toContainEqual(expect.stringMatching(/^It ran out of gas at the explorer's cap of 2000000 gas \(STRATA_CALL_GAS_CAP\), below the 30000000/));
    // Within the cap asked for, the run is as asked and nothing is said about the cap.
    const small = await simulate({ chain: ZONE, from, to: snare, data: '0x', gas: '100000' });
    expect(small.json).toMatchObject({ error: 'out of gas', gasUsed: '100000', gasCap: CAP });
    expect(small.json.notes).not.toContainEqual(expect.stringMatching(/cap/));
  });

  it('simulate: five at once at 30 M gas each get an answer, none left running at the node once the last has answered', async () => {
    const { workLaneState } = await import('@/lib/server/node/clients');
    const answers = await Promise.all(Array.from({ length: 5 }, () => simulate({ chain: ZONE, from, to: snare, data: '0x', gas: '30000000' })));
    for (const a of answers) {
      expect([200, 503], JSON.stringify(a.json)).toContain(a.status);
      if (a.status === 200) expect(a.json).toMatchObject({ error: 'out of gas', gasUsed: CAP });
      else expect(Number(a.retryAfter)).toBeGreaterThanOrEqual(1);
    }
    expect(answers.filter((a) => a.status === 200).length).toBeGreaterThanOrEqual(2);
    // Every call the lane let through was answered by the node: one it were still running (or the
    // explorer had given up on, lib/rpc/work-lane.ts) would still hold its slot.
    expect(workLaneState(ZONE)).toEqual({ inFlight: 0, waiting: 0 });
  });

  it('read and write contract: the call and the gas estimate run within the cap', async () => {
    const response = await callRoute.POST(
      new Request(`http://strata.test/api/address/${snare}/call`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ data: '0x70a08231' }) }),
      { params: Promise.resolve({ address: snare }) },
    );
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ callError: 'out of gas', gasError: `gas required exceeds allowance (${CAP})` });
  });

  it('the devnet answered blockNumber within 2 s all along', async () => {
    const { slowestMs, asked, failed } = await probe.stop();
    expect(failed).toBeNull();
    expect(asked).toBeGreaterThan(10);
    expect(slowestMs).toBeLessThan(2_000);
  });
});
