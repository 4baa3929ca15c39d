/**
 * The history API and Etherscan's txlist kept per (URL, index version)
 * (the page cache's per-index-version policy, lib/server/page-cache/): a repeat within one indexed block is answered from the
 * kept bytes (counted: strata_cache_lookups_total{cache="api-…",result="hit"} on /api/metrics,
 * the route not run), with exactly the route's body and headers, gzip or brotli as asked; the
 * next requests after a new block is indexed read the index again, once for all of them, and show
 * the new block.
 *
 * An explorer with its own index and a devnet of the test's own, so blocks come when the test says.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startDevnet, type Devnet } from '../../devnet/index';
import { getChain } from '../../lib/protocol/chains';
import { expect, test } from '../fixtures';
import { rpcEnvFor } from '../support/env';
import { startExplorer, type ExplorerInstance } from '../support/explorer';
import { devnetOffset, freePort } from '../support/ports';
import { rpc } from '../support/rpc';
import { counterSum } from '../support/explorer-metrics';
import { untilIndexed } from '../support/index-status';

const CHAINS = ['prime', 'cyprus', 'cyprus1'].map((n) => getChain(n as 'prime'));
/** Headers that differ between any two responses (per request, or the transfer's framing). */
const PER_RESPONSE = new Set(['date', 'x-request-id', 'content-length', 'transfer-encoding', 'connection', 'keep-alive']);

const lookups = (explorer: ExplorerInstance, cache: string, result: 'hit' | 'miss') =>
  counterSum(explorer.url, 'strata_cache_lookups_total', `cache="${cache}"`, `result="${result}"`);

function sameHeaders(headers: Headers): Record<string, string> {
  return Object.fromEntries([...headers.entries()].filter(([name]) => !PER_RESPONSE.has(name)).sort(([a], [b]) => a.localeCompare(b)));
}

async function get(url: string, encoding: string): Promise<{ status: number; body: string; headers: Headers }> {
  const response = await fetch(url, { headers: { 'accept-encoding': encoding } });
  return { status: response.status, body: await response.text(), headers: response.headers };
}

test.describe('API answers kept per index version', () => {
  let devnet: Devnet | undefined;
  let explorer: ExplorerInstance | undefined;
  const indexDir = mkdtempSync(join(tmpdir(), 'strata-e2e-api-answers-'));

  test.afterAll(async () => {
    await explorer?.stop();
    await devnet?.stop();
    rmSync(indexDir, { recursive: true, force: true });
  });

  test('a repeat costs no read and gives the route’s bytes and headers; a new indexed block shows on the next request', async () => {
    test.setTimeout(240_000);
    const offset = devnetOffset();
    // With traffic, so that an address has history; mined only while the test lets it.
    devnet = await startDevnet({ topology: '1x1', portOffset: offset, blockTimeMs: 500, traffic: true, trafficRate: 4 });
    await devnet.waitForBlocks('cyprus1', 8, 60_000);
    await devnet.pauseMining();
    explorer = await startExplorer(await freePort(), { ...rpcEnvFor(offset, CHAINS), STRATA_LOG: 'off', STRATA_INDEX: 'on', STRATA_INDEX_DIR: indexDir });
    const origin = explorer.url;
    const zone = devnet.urlOf('cyprus1');

    const indexed = () => untilIndexed(origin, zone, 'cyprus1');
    await indexed();

    // A sender of the devnet's traffic: an address with history.
    let account: string | undefined;
    const head = Number(await rpc<string>(zone, 'quai_blockNumber', []));
    for (let n = 1; !account && n <= head; n++) {
      const block = await rpc<{ transactions: Array<{ from: string }> }>(zone, 'quai_getBlockByNumber', [`0x${n.toString(16)}`, true]);
      account = block.transactions[0]?.from;
    }
    if (!account) throw new Error('no transaction in the devnet’s first blocks');
    const apis = [
      { cache: 'api-transactions', path: `/api/v1/address/${account}/transactions?limit=50` },
      { cache: 'api-txlist', path: `/api?module=account&action=txlist&address=${account}&sort=desc` },
    ];
    for (const { cache, path } of apis) {
      // The route's answer (Next streams it, so its compression gzips it whatever its size), then repeats from the kept bytes.
      const first = await get(`${origin}${path}`, 'gzip');
      expect(first.status, path).toBe(200);
      expect(first.body.toLowerCase(), `${path} lists the sender's transactions`).toContain(account.toLowerCase().slice(2));
      const hits = await lookups(explorer, cache, 'hit');
      const repeat = await get(`${origin}${path}`, 'gzip');
      const brotli = await get(`${origin}${path}`, 'br');
      const plain = await get(`${origin}${path}`, 'identity');
      expect(await lookups(explorer, cache, 'hit'), `three repeats of ${path} within one block, answered from the kept bytes`).toBe(hits + 3);
      for (const answer of [repeat, brotli, plain]) {
        expect(answer.status).toBe(200);
        expect(answer.body).toBe(first.body);
      }
      expect(sameHeaders(repeat.headers), `${path}: the kept answer's headers are the route's`).toEqual(sameHeaders(first.headers));
      expect(repeat.headers.get('content-encoding')).toBe(first.headers.get('content-encoding'));
      expect(brotli.headers.get('content-encoding')).toBe('br');
      expect(plain.headers.get('content-encoding')).toBeNull();
      expect(first.headers.get('content-security-policy')).toContain("default-src 'none'");
    }

    // A new block indexed: the next request reads the index again (a miss) and shows it.
    const before = await get(`${origin}${apis[1]?.path}`, 'gzip');
    const misses = await lookups(explorer, 'api-txlist', 'miss');
    devnet.resumeMining();
    await devnet.waitForBlocks('cyprus1', 1, 60_000);
    await devnet.pauseMining();
    await indexed();
    // Eight callers at once right after the commit: one reads the index, the others share its answer.
    const hitsBefore = await lookups(explorer, 'api-txlist', 'hit');
    const after = await Promise.all(Array.from({ length: 8 }, () => get(`${origin}${apis[1]?.path}`, 'gzip')));
    expect(await lookups(explorer, 'api-txlist', 'miss'), 'the requests after the commit read the index once').toBe(misses + 1);
    expect(await lookups(explorer, 'api-txlist', 'hit')).toBe(hitsBefore + 7);
    for (const answer of after) {
      expect(answer.status).toBe(200);
      expect(answer.body).toBe(after[0]?.body);
      // The route's headers, but for the ETag: the body is the new block's.
      expect({ ...sameHeaders(answer.headers), etag: null }).toEqual({ ...sameHeaders(before.headers), etag: null });
      expect(answer.headers.get('etag')).toBe(after[0]?.headers.get('etag'));
    }
    // txlist's confirmations count from the indexed tip: the new block changes them.
    expect(after[0]?.body).not.toBe(before.body);
  });
});
