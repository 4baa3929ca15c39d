/**
 * The trust boundaries, against standalone servers of their own (each needs a
 * configuration the suite's explorer does not have):
 * - the rate limit's client is the socket's address unless proxies are trusted: a client that
 *   names itself anew in X-Forwarded-For on every request (or forges server.ts's own headers)
 *   still spends one budget;
 * - a bad or missing STRATA_LABELS stops the server at start (exit 2, naming the variable), as
 *   `npm start` does, instead of serving empty 500s.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { APIRequestContext } from '@playwright/test';
import { expect, test } from '../fixtures';
import { DEVNET_OFFSET, rpcEnvFor } from '../support/env';
import { freePort } from '../support/ports';
import { startStandalone } from '../support/standalone';

/** A budget small enough that a dozen requests of one client must meet a 429. */
const TIGHT = { STRATA_RATE_BURST: '3', STRATA_RATE_PER_MINUTE: '1' };

/** Each route asked `times`, each time naming a new client in X-Forwarded-For: the statuses. */
async function spoofed(request: APIRequestContext, url: string, times: number): Promise<Record<string, number[]>> {
  const routes: Record<string, (headers: Record<string, string>) => Promise<number>> = {
    search: async (headers) => (await request.get(`${url}/search?q=123`, { headers })).status(),
    broadcast: async (headers) => (await request.post(`${url}/api/broadcast`, { headers, data: { raw: '0x00' } })).status(),
    call: async (headers) => (await request.post(`${url}/api/address/0x00000000000000000000000000000000000000aa/call`, { headers, data: { data: '0x' } })).status(),
  };
  const statuses: Record<string, number[]> = {};
  let n = 0;
  for (const [name, ask] of Object.entries(routes)) {
    statuses[name] = [];
    // The headers server.ts sets for the code behind it (the client's address, the page cache's own
    // render) are forged too: it replaces the one and strips the other, so neither buys a budget.
    for (let i = 0; i < times; i++, n++) {
      statuses[name].push(await ask({ 'x-forwarded-for': `10.9.${n >> 8}.${n & 255}`, 'x-strata-client': `forged-${n}`, 'x-strata-render': '1' }));
    }
  }
  return statuses;
}

test.describe('trust boundaries (standalone servers)', () => {
  // Each starts a server of its own and asks 36 node-work requests one after another: a minute
  // on a loaded machine, where the suite's default of 60 s cut it short.
  test.describe.configure({ mode: 'serial', timeout: 120_000 });

  test('with no trusted proxy, a made-up X-Forwarded-For does not buy a new budget', async ({ request, allowConsoleErrors }) => {
    allowConsoleErrors(/status of 429/);
    const server = await startStandalone(await freePort(), { ...rpcEnvFor(DEVNET_OFFSET), ...TIGHT, STRATA_TRUSTED_PROXIES: '0' });
    try {
      const statuses = await spoofed(request, server.url, 12);
      for (const [route, list] of Object.entries(statuses)) expect(list, route).toContain(429);
    } finally {
      await server.stop();
    }
  });

  test('with one trusted proxy, X-Forwarded-For names the client', async ({ request }) => {
    const server = await startStandalone(await freePort(), { ...rpcEnvFor(DEVNET_OFFSET), ...TIGHT, STRATA_TRUSTED_PROXIES: '1' });
    try {
      const statuses = await spoofed(request, server.url, 12);
      for (const [route, list] of Object.entries(statuses)) expect(list, route).not.toContain(429);
    } finally {
      await server.stop();
    }
  });

  test('a bad or missing STRATA_LABELS stops the server at start, naming the variable', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'strata-labels-'));
    const bad = join(dir, 'bad.json');
    writeFileSync(bad, '{"not":"a label file"}');
    for (const path of [bad, join(dir, 'missing.json')]) {
      await expect(startStandalone(await freePort(), { ...rpcEnvFor(DEVNET_OFFSET), STRATA_LABELS: path }), path).rejects.toThrow(
        /exited early \(code 2\)[\s\S]*strata: bad configuration: STRATA_LABELS/,
      );
    }
  });
});
