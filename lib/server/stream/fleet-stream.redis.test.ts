/**
 * A fleet's event streams through a real redis-server started here: two stream services stand
 * for two explorer instances (each its own Redis connections and HTTP server) on one devnet.
 * Either can read the node (one holds the lease on polling for the fleet's streams, and the other
 * takes over when it stops); every commit goes through Redis, and the fleet has one sequence.
 */
import Redis from 'ioredis';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import type { Devnet } from '@/devnet/index';
import { startDevnetOnFreePorts } from '@/devnet/test-support/free-ports';
import { freePort } from '@/e2e/support/ports';
import { startRedis, type RedisServer } from '@/e2e/support/redis';
import { loadConfig } from '@/lib/ops/config';
import { createNetworkReaders, type NetworkReaders } from '@/lib/server/node/clients';
import { readTipsAndBlocks } from '@/lib/server/tips/tips';
import { fetchStream, type FetchedStream } from '@/lib/live/fetch-stream';
import { parsePosition } from '@/lib/live/position';
import type { StreamEvent } from '@/lib/live/stream-events';
import { loadStreamConfig } from './stream-config';
import { createStreamService, type StreamService } from './stream-service';
import { serveStream, type ServedStream } from './testing/serve-stream';

let devnet: Devnet;
let redisServer: RedisServer;
let readers: NetworkReaders;
const connections: Redis[] = [];
const instances: Array<{ service: StreamService; served: ServedStream }> = [];
const open: FetchedStream[] = [];

async function instance(reads: boolean): Promise<{ service: StreamService; url: string }> {
  const redis = new Redis(redisServer.url, { enableOfflineQueue: false });
  connections.push(redis);
  await redis.ping().catch(() => undefined);
  await new Promise<void>((resolve) => (redis.status === 'ready' ? resolve() : redis.once('ready', () => resolve())));
  const service: StreamService = createStreamService({
    config: { ...loadStreamConfig({}), replay: 200, heartbeatMs: 500, perClient: 2 },
    poll: async () => {
      if (!reads) return;
      const read = await readTipsAndBlocks(readers.all, { poolOf: await service.wants() });
      await service.ingest(read);
    },
    readerOf: (chain) => readers.byName.get(chain),
    served: () => readers.all.map((r) => r.chain.name),
    redis: () => redis,
    pollMs: 100,
  });
  const served = await serveStream(service, { trustedProxies: 1, ipv6Prefix: 64 });
  instances.push({ service, served });
  return { service, url: served.url };
}

async function stream(url: string, query: string, client: string, headers: Record<string, string> = {}): Promise<FetchedStream> {
  const opened = await fetchStream(`${url}?${query}`, { 'x-forwarded-for': client, ...headers });
  open.push(opened);
  return opened;
}

const zoneBlock = (e: StreamEvent): e is Extract<StreamEvent, { event: 'block' }> => e.event === 'block' && e.data.chain === 'cyprus1';

beforeAll(async () => {
  redisServer = await startRedis(await freePort());
  devnet = await startDevnetOnFreePorts({ topology: '1x1', blockTimeMs: 400 });
  await devnet.waitForBlocks('cyprus1', 3, 60_000);
  const env: Record<string, string> = { STRATA_CHAINS: devnet.chains.map((c) => c.name).join(',') };
  for (const chain of devnet.chains) env[`STRATA_RPC_${chain.name.toUpperCase()}`] = chain.url;
  readers = createNetworkReaders(loadConfig(env));
}, 120_000);

afterEach(() => {
  for (const s of open.splice(0)) s.close();
});

afterAll(async () => {
  for (const { service, served } of instances) {
    service.stop('the test is over');
    await served.close();
  }
  for (const c of connections) c.disconnect();
  await devnet?.stop();
  await redisServer?.stop();
});

describe('a fleet of stream services on Redis', () => {
  test('two instances give one sequence: the same blocks under the same ids on both, in order', async () => {
    const a = await instance(true);
    const b = await instance(true);
    const onA = await stream(a.url, 'chain=cyprus1', '198.51.100.1');
    const onB = await stream(b.url, 'chain=cyprus1', '198.51.100.2');
    const fromA: Array<[string, string]> = [];
    for (let i = 0; i < 6; i++) {
      const e = await onA.next(zoneBlock);
      fromA.push([e.id, e.data.hash]);
    }
    // B heard the same events under the same ids (it may have started a block earlier or later).
    const fromB: Array<[string, string]> = [];
    while (fromB.length === 0 || fromB[fromB.length - 1]![0] !== fromA[fromA.length - 1]![0]) {
      const e = await onB.next(zoneBlock);
      fromB.push([e.id, e.data.hash]);
    }
    const common = fromB.filter(([id]) => fromA.some(([other]) => other === id));
    expect(common.length).toBeGreaterThanOrEqual(4);
    expect(common).toEqual(fromA.filter(([id]) => common.some(([other]) => other === id)));
    const epochs = new Set([...fromA, ...fromB].map(([id]) => parsePosition(id)!.epoch));
    expect(epochs.size).toBe(1);
    // In order, none skipped, on each.
    const heightsOf = (s: FetchedStream) => s.events.flatMap((e) => (zoneBlock(e) ? [Number(e.data.number)] : []));
    for (const heights of [heightsOf(onA), heightsOf(onB)]) expect(heights).toEqual(heights.map((_, i) => heights[0]! + i));
  }, 90_000);

  test('a reconnect to the other instance replays from an id the first one sent', async () => {
    const [a, b] = instances.map((i) => i.served.url) as [string, string];
    const onA = await stream(a, 'chain=cyprus1', '198.51.100.3');
    const first = await onA.next(zoneBlock);
    const next = await onA.next(zoneBlock);
    const back = await stream(b, 'chain=cyprus1', '198.51.100.3', { 'last-event-id': first.id });
    const replayed = await back.next(zoneBlock);
    expect([replayed.id, replayed.data.hash]).toEqual([next.id, next.data.hash]);
  }, 60_000);

  test("a client's open streams are counted for the fleet", async () => {
    const [a, b] = instances.map((i) => i.served.url) as [string, string];
    const client = '198.51.100.44';
    expect((await stream(a, 'chain=prime', client)).status).toBe(200);
    expect((await stream(b, 'chain=prime', client)).status).toBe(200);
    expect((await stream(a, 'chain=prime', client)).status).toBe(429);
    expect((await stream(b, 'chain=prime', client)).status).toBe(429);
  }, 30_000);

  test('when the instance that read stops, the other goes on with the same sequence', async () => {
    const [a, b] = instances as [(typeof instances)[number], (typeof instances)[number]];
    const watcher = await stream(b.served.url, 'chain=cyprus1', '198.51.100.5');
    const before = await watcher.next(zoneBlock);
    a.service.stop('stopping');
    const later: Array<Extract<StreamEvent, { event: 'block' }>> = [];
    for (let i = 0; i < 4; i++) later.push(await watcher.next(zoneBlock));
    expect(later.every((e) => parsePosition(e.id)!.epoch === parsePosition(before.id)!.epoch)).toBe(true);
    expect(later.map((e) => Number(e.data.number))).toEqual(later.map((_, i) => Number(before.data.number) + 1 + i));
  }, 60_000);
});
