/**
 * Blocks by hash shared by the fleet through a real redis-server started here: two sets of
 * readers (two explorer instances, each with its own in-process caches) in front of one devnet
 * node, with a counting relay between them and the node. Nothing is mocked.
 */
import Redis from 'ioredis';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type Devnet } from '@/devnet/index';
import { startDevnetOnFreePorts } from '@/devnet/test-support/free-ports';
import { startCountingRelay, type CountingRelay } from '@/e2e/support/counting-relay';
import { freePort } from '@/e2e/support/ports';
import { startRedis, type RedisServer } from '@/e2e/support/redis';
import { loadConfig } from '@/lib/ops/config';
import type { Hash } from '@/lib/rpc/domain';
import { sharedRedis } from '@/lib/ops/redis';
import { createNetworkReaders, type NetworkReaders } from '@/lib/server/node/clients';
import { cachedBlockByHash } from '@/lib/server/node/lookup';
import { sharedBlockKey } from './shared-blocks';

let devnet: Devnet;
let relay: CountingRelay;
let redisServer: RedisServer;
let redis: Redis;

/** One explorer instance's readers: its own clients and caches, through the relay. */
function instance(): NetworkReaders {
  return createNetworkReaders(loadConfig({ STRATA_CHAINS: 'cyprus1', STRATA_RPC_CYPRUS1: relay.url }));
}
const zoneOf = (readers: NetworkReaders) => readers.clients.get('cyprus1')!;

async function blockHashAt(n: number): Promise<Hash> {
  const response = await fetch(devnet.urlOf('cyprus1'), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'quai_getBlockByNumber', params: [`0x${n.toString(16)}`, false] }),
  });
  return ((await response.json()) as { result: { hash: Hash } }).result.hash;
}

beforeAll(async () => {
  devnet = await startDevnetOnFreePorts({ topology: '1x1', blockTimeMs: 500 });
  await devnet.waitForBlocks('cyprus1', 4, 90_000);
  relay = await startCountingRelay(devnet.urlOf('cyprus1'));
  redisServer = await startRedis(await freePort());
  redis = new Redis(redisServer.url);
  process.env.REDIS_URL = redisServer.url;
  sharedRedis();
  for (const deadline = Date.now() + 5_000; sharedRedis()?.status !== 'ready'; ) {
    if (Date.now() > deadline) throw new Error('Redis did not become ready');
    await new Promise((r) => setTimeout(r, 50));
  }
}, 120_000);

afterAll(async () => {
  redis?.disconnect();
  sharedRedis()?.disconnect();
  await redisServer?.stop();
  await relay?.stop();
  await devnet?.stop();
});

describe('blocks by hash shared through Redis', () => {
  test('a block one instance read is not asked of the node by another; with and without full transactions', async () => {
    const hash = await blockHashAt(2);
    const [a, b] = [instance(), instance()];
    for (const full of [false, true] as const) {
      const before = relay.count();
      const first = full ? await cachedBlockByHash(zoneOf(a), hash, true) : await cachedBlockByHash(zoneOf(a), hash);
      expect(first?.hash).toBe(hash);
      expect(relay.count()).toBe(before + 1);
      const second = full ? await cachedBlockByHash(zoneOf(b), hash, true) : await cachedBlockByHash(zoneOf(b), hash);
      expect(second).toEqual(first);
      expect(relay.count()).toBe(before + 1);
    }
  });

  test('a block not found is not shared (it may appear later); an unreadable copy is replaced by the node’s answer', async () => {
    const unknown = `0x${'ab'.repeat(32)}` as Hash;
    const [a, b] = [instance(), instance()];
    const before = relay.count();
    expect(await cachedBlockByHash(zoneOf(a), unknown)).toBeNull();
    expect(await cachedBlockByHash(zoneOf(b), unknown)).toBeNull();
    expect(relay.count()).toBe(before + 2);

    const hash = await blockHashAt(3);
    const key = sharedBlockKey(a.clients.get('cyprus1')!, hash, false);
    await redis.set(key, JSON.stringify({ hash, number: 'not a number' }));
    const asked = relay.count();
    expect((await cachedBlockByHash(zoneOf(a), hash))?.hash).toBe(hash);
    expect(relay.count()).toBe(asked + 1);
    const replaced = JSON.parse((await redis.get(key)) ?? '{}') as { hash?: string; number?: unknown };
    expect(replaced.hash).toBe(hash);
    expect(replaced.number).not.toBe('not a number');
    await cachedBlockByHash(zoneOf(b), hash);
    expect(relay.count()).toBe(asked + 1);
  });
});
