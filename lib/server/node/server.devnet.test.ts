/**
 * lib/server against a real devnet (prime + cyprus + cyprus1): tips, cross-chain lookups,
 * coalescing measured at the node, health, and the "not served" path.
 */
import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type Devnet } from '@/devnet/index';
import { startDevnetOnFreePorts } from '@/devnet/test-support/free-ports';
import { loadConfig } from '@/lib/ops/config';
import type { Hash } from '@/lib/rpc/domain';
import { createNetworkReaders } from './clients';
import { coalesce } from '@/lib/server/cache/coalesce';
import { probeNode } from '@/lib/server/node/health';
import { blocksAtHeight, findByHash } from './lookup';
import { FEED_ROWS, readTips } from '@/lib/server/tips/tips';

let devnet: Devnet;

async function rpc(url: string, method: string, params: unknown[]): Promise<unknown> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  });
  const body = (await response.json()) as { result?: unknown; error?: unknown };
  if (body.error) throw new Error(JSON.stringify(body.error));
  return body.result;
}

function envFor(urls: Record<string, string>): Record<string, string> {
  const env: Record<string, string> = { STRATA_CHAINS: Object.keys(urls).join(',') };
  for (const [name, url] of Object.entries(urls)) env[`STRATA_RPC_${name.toUpperCase()}`] = url;
  return env;
}

function readersFor(d: Devnet) {
  return createNetworkReaders(loadConfig(envFor(Object.fromEntries(d.chains.map((c) => [c.name, c.url]))))).all;
}

/** The loaders' facade over the same devnet: what the lookups take. */
function clientsFor(d: Devnet) {
  return [...createNetworkReaders(loadConfig(envFor(Object.fromEntries(d.chains.map((c) => [c.name, c.url]))))).clients.values()];
}

/** A pass-through HTTP proxy that counts the requests the node receives. */
async function countingProxy(target: string): Promise<{ url: string; count: () => number; close: () => Promise<void> }> {
  let count = 0;
  const to = new URL(target);
  const server: Server = createServer((req, res) => {
    count++;
    const upstream = httpRequest(
      { host: to.hostname, port: to.port, method: req.method, path: '/', headers: req.headers },
      (up) => {
        res.writeHead(up.statusCode ?? 502, up.headers);
        up.pipe(res);
      },
    );
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    count: () => count,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

beforeAll(async () => {
  devnet = await startDevnetOnFreePorts({ topology: '1x1', blockTimeMs: 500 });
  // Enough blocks for a block-time average and for a region (coincident) block to exist.
  await devnet.waitForBlocks('cyprus1', 8, 90_000);
});

afterAll(async () => {
  await devnet?.stop();
});

describe('readTips', () => {
  test('each chain reports the node’s own height, head and block-time average', async () => {
    const readers = readersFor(devnet);
    const before = await Promise.all(devnet.chains.map(async (c) => BigInt((await rpc(c.url, 'quai_blockNumber', [])) as string)));
    const tips = await readTips(readers, { blockTimeSample: 4 });
    const after = await Promise.all(devnet.chains.map(async (c) => BigInt((await rpc(c.url, 'quai_blockNumber', [])) as string)));

    expect(tips.chains.map((c) => c.chain)).toEqual(['prime', 'cyprus', 'cyprus1']);
    for (const [i, tip] of tips.chains.entries()) {
      expect(tip.error).toBeNull();
      const height = BigInt(tip.height ?? '-1');
      expect(height >= (before[i] ?? 0n) && height <= (after[i] ?? 0n)).toBe(true);
      // Recompute the average from the node's own blocks.
      const head = (await rpc(devnet.chains[i]!.url, 'quai_getBlockByNumber', [`0x${height.toString(16)}`, false])) as { hash: string; timestamp: string };
      expect(tip.hash).toBe(head.hash);
      if (tip.blockTimeSample > 0) {
        const base = (await rpc(devnet.chains[i]!.url, 'quai_getBlockByNumber', [`0x${(height - BigInt(tip.blockTimeSample)).toString(16)}`, false])) as { timestamp: string };
        const expected = ((Number(BigInt(head.timestamp)) - Number(BigInt(base.timestamp))) * 1000) / tip.blockTimeSample;
        expect(tip.avgBlockTimeMs).toBe(expected > 0 ? expected : null);
      }
    }
    const zone = tips.chains.find((c) => c.chain === 'cyprus1');
    expect(zone?.txpool.kind).toBe('served');
    expect(tips.chains.find((c) => c.chain === 'prime')?.syncing).toBe(false);
    // The feed holds the zone's newest blocks, newest first, with their order badge. With one zone
    // served, that zone alone fills the feed (FEED_ROWS blocks, or all of them while there are fewer).
    expect(tips.latestBlocks.length).toBe(Math.min(FEED_ROWS, Number(zone?.height ?? '0') + 1));
    expect(tips.latestBlocks.every((b) => b.chain === 'cyprus1')).toBe(true);
    const times = tips.latestBlocks.map((b) => Number(b.timestamp));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
  });

  test('behavior: ten concurrent viewers cost the node what one does', async () => {
    const proxies = await Promise.all(devnet.chains.map((c) => countingProxy(c.url)));
    try {
      const env = envFor(Object.fromEntries(devnet.chains.map((c, i) => [c.name, proxies[i]!.url])));
      const readers = createNetworkReaders(loadConfig(env)).all;
      await readTips(readers);
      const one = proxies.reduce((n, p) => n + p.count(), 0);
      // At most two batched round trips per chain (one when a chain has no older blocks yet).
      expect(one).toBeGreaterThanOrEqual(devnet.chains.length);
      expect(one).toBeLessThanOrEqual(2 * devnet.chains.length);

      const shared = coalesce(() => readTips(readers), 1_000);
      const start = proxies.reduce((n, p) => n + p.count(), 0);
      await Promise.all(Array.from({ length: 10 }, () => shared()));
      // One read's cost: a warm read may skip its second round (lib/server/node/recent-blocks.ts).
      const ten = proxies.reduce((n, p) => n + p.count(), 0) - start;
      expect(ten).toBeGreaterThanOrEqual(devnet.chains.length);
      expect(ten).toBeLessThanOrEqual(one);
    } finally {
      await Promise.all(proxies.map((p) => p.close()));
    }
  });

  test('behavior: reads that keep up with the chain cost one request per chain, and say what a fresh read says', async () => {
    const proxies = await Promise.all(devnet.chains.map((c) => countingProxy(c.url)));
    try {
      const env = envFor(Object.fromEntries(devnet.chains.map((c, i) => [c.name, proxies[i]!.url])));
      const readers = createNetworkReaders(loadConfig(env)).all;
      const total = () => proxies.reduce((n, p) => n + p.count(), 0);
      // Mining runs only between reads (paused during them): one or two blocks arrive between
      // reads, which the first round's guesses cover, however long a read takes on this machine.
      await devnet.pauseMining();
      await readTips(readers, { blockTimeSample: 4 }); // a cold read: two rounds per chain
      const costs: number[] = [];
      for (let i = 0; i < 6; i++) {
        devnet.resumeMining();
        await devnet.waitForBlocks('cyprus1', 1);
        await devnet.pauseMining();
        const before = total();
        const warm = await readTips(readers, { blockTimeSample: 4 });
        costs.push(total() - before);
        // What a read with no history says about the same heads (the node may have moved on:
        // compare only when the heads are the ones the warm read saw).
        const fresh = await readTips(createNetworkReaders(loadConfig(envFor(Object.fromEntries(devnet.chains.map((c) => [c.name, c.url]))))).all, { blockTimeSample: 4 });
        for (const tip of warm.chains) {
          const other = fresh.chains.find((c) => c.chain === tip.chain);
          if (other?.hash !== tip.hash) continue;
          expect(tip.avgBlockTimeMs, tip.chain).toBe(other.avgBlockTimeMs);
        }
        const heads = new Set(fresh.chains.map((c) => c.hash));
        if (warm.chains.every((c) => heads.has(c.hash))) expect(warm.latestBlocks).toEqual(fresh.latestBlocks);
      }
      expect(costs.filter((c) => c === devnet.chains.length).length, `requests per read: ${costs.join(', ')}`).toBeGreaterThanOrEqual(4);
    } finally {
      devnet.resumeMining();
      await Promise.all(proxies.map((p) => p.close()));
    }
  });
});

describe('lookups', () => {
  test('a zone block hash is found on the zone; a coincident block also on its region', async () => {
    const clients = clientsFor(devnet);
    const zoneUrl = devnet.urlOf('cyprus1');
    const tip = BigInt((await rpc(zoneUrl, 'quai_blockNumber', [])) as string);
    let coincident: { hash: string; order: number } | undefined;
    let plain: { hash: string; order: number } | undefined;
    for (let n = tip; n > 0n && (!coincident || !plain); n--) {
      const block = (await rpc(zoneUrl, 'quai_getBlockByNumber', [`0x${n.toString(16)}`, false])) as { hash: string; order: number };
      if (block.order < 2) coincident ??= block;
      else plain ??= block;
    }
    expect(plain).toBeDefined();
    const zoneOnly = await findByHash(clients, plain!.hash as Hash);
    expect(zoneOnly.blocks.map((b) => b.chain.name)).toEqual(['cyprus1']);
    expect(zoneOnly.transactions).toEqual([]);
    if (coincident) {
      const both = await findByHash(clients, coincident.hash as Hash);
      expect(both.blocks.map((b) => b.chain.name)).toContain('cyprus');
      expect(both.blocks.map((b) => b.chain.name)).toContain('cyprus1');
    }
  });

  test('a miss reports what was asked', async () => {
    const miss = await findByHash(clientsFor(devnet), `0x${'ee'.repeat(32)}` as Hash);
    expect(miss.blocks).toEqual([]);
    expect(miss.transactions).toEqual([]);
    expect(miss.askedBlockChains).toBe(3);
    expect(miss.askedTransactionZones).toBe(1);
    expect(miss.failures).toEqual([]);
  });

  test('a height is looked up on every chain, with the tip where it does not exist yet', async () => {
    const lookup = await blocksAtHeight(clientsFor(devnet), 1n);
    expect(lookup.results.map((r) => r.chain.name)).toEqual(['prime', 'cyprus', 'cyprus1']);
    expect(lookup.results.find((r) => r.chain.name === 'cyprus1')?.block?.number[2]).toBe(1n);
    const far = await blocksAtHeight(clientsFor(devnet), 10n ** 9n);
    expect(far.results.every((r) => r.block === null && r.tip !== null)).toBe(true);
  });
});

describe('health and degraded nodes', () => {
  test('one chain answering is enough: a hung zone beside it does not hold the probe for its timeout', async () => {
    // A zone that accepts connections and never answers (a paused node), beside the devnet's prime.
    const hung = createServer(() => undefined);
    await new Promise<void>((resolve) => hung.listen(0, '127.0.0.1', resolve));
    const prime = devnet.chains.find((c) => c.name === 'prime');
    if (!prime) throw new Error('the devnet has no prime chain');
    try {
      const readers = createNetworkReaders(
        loadConfig({
          ...envFor({ prime: prime.url, cyprus1: `http://127.0.0.1:${(hung.address() as AddressInfo).port}` }),
          // Longer than the test's own timeout: a probe that waited for the hung zone fails the test.
          STRATA_RPC_TIMEOUT_MS: '600000',
        }),
      ).all;
      expect(await probeNode(readers)).toMatchObject({ ok: true });
    } finally {
      hung.closeAllConnections();
      await new Promise<void>((resolve) => hung.close(() => resolve()));
    }
  });

  test('a node without txpool_* gives "unserved" counts, not an error; a stopped node is down', async () => {
    const bare = await startDevnetOnFreePorts({ topology: '1x1', serveTxpool: false, mining: false });
    const readers = readersFor(bare);
    try {
      const tips = await readTips(readers);
      expect(tips.chains.find((c) => c.chain === 'cyprus1')?.txpool).toEqual({ kind: 'unserved' });
      expect(tips.chains.every((c) => c.error === null)).toBe(true);
      expect((await probeNode(readers)).ok).toBe(true);
    } finally {
      await bare.stop();
    }
    const down = await probeNode(readers);
    expect(down.ok).toBe(false);
    expect(!down.ok && down.reason).toMatch(/could not be reached/);
    await expect(readTips(readers)).rejects.toThrow(/No configured chain answered/);
  });
});
