/**
 * Several explorer instances sharing a real Redis (REDIS_URL): the node's load stays that of one
 * instance however many viewers poll the tips and however many instances serve them (one poller
 * per refresh for the fleet), and a page stored by one instance is served by the others. Node
 * requests are counted at relays in front of a devnet of the test's own.
 */
import { startDevnet, type Devnet } from '../devnet/index';
import { getChain } from '../lib/chains';
import { expect, test } from './fixtures';
import { rpcEnvFor } from './support/env';
import { startExplorer, type ExplorerInstance } from './support/explorer';
import { startCountingRelay, type CountingRelay } from './support/counting-relay';
import { devnetOffset, freePort } from './support/ports';
import { startRedis, type RedisServer } from './support/redis';
import { rpc, type RpcBlockLite } from './support/rpc';

const CHAINS = ['prime', 'cyprus', 'cyprus1'].map((n) => getChain(n as 'prime'));
const WINDOW_MS = 5_000;

/**
 * `viewers` clients polling /api/tips every 500 ms, spread over `explorers`, for about the window;
 * node requests per second. The 500 ms pause is the viewers' own pace (the load being simulated),
 * not a wait for the explorer.
 */
async function nodeRate(relays: readonly CountingRelay[], explorers: readonly ExplorerInstance[], viewers: number): Promise<number> {
  const total = () => relays.reduce((sum, r) => sum + r.count(), 0);
  let running = true;
  // Viewers whose first request has been answered: the window opens once every viewer is polling,
  // rather than after a fixed second that a loaded machine may not have been enough for.
  let answered = 0;
  const loops = Array.from({ length: viewers }, async (_, i) => {
    const explorer = explorers[i % explorers.length] as ExplorerInstance;
    let first = true;
    while (running) {
      await fetch(`${explorer.url}/api/tips`).then((r) => r.arrayBuffer()).catch(() => undefined);
      if (first) {
        first = false;
        answered++;
      }
      await new Promise((r) => setTimeout(r, 500));
    }
  });
  await expect.poll(() => answered, { timeout: 60_000, message: `all ${viewers} viewers answered once` }).toBe(viewers);
  const before = total();
  const start = performance.now();
  await new Promise((r) => setTimeout(r, WINDOW_MS));
  const counted = total() - before;
  // The rate over the time that really passed: on a loaded machine the timer fires late, and
  // dividing by WINDOW_MS would count those extra requests as a higher rate.
  const elapsed = performance.now() - start;
  const rate = (counted * 1000) / elapsed;
  running = false;
  await Promise.all(loops);
  return rate;
}

test.describe('a fleet sharing Redis', () => {
  let devnet: Devnet | undefined;
  let redis: RedisServer | undefined;
  const relays: CountingRelay[] = [];
  const explorers: ExplorerInstance[] = [];

  test.afterAll(async () => {
    await Promise.all(explorers.map((e) => e.stop()));
    await Promise.all(relays.map((r) => r.stop()));
    await redis?.stop();
    await devnet?.stop();
  });

  test('node requests stay flat from 1 to 30 viewers and from 1 to 3 instances; stored pages are shared', async () => {
    test.setTimeout(240_000);
    const offset = devnetOffset();
    devnet = await startDevnet({ topology: '1x1', portOffset: offset, blockTimeMs: 1000 });
    redis = await startRedis(await freePort());
    const env: Record<string, string> = { ...rpcEnvFor(offset, CHAINS), REDIS_URL: redis.url, STRATA_LOG: 'off' };
    for (const chain of CHAINS) {
      const relay = await startCountingRelay(devnet.urlOf(chain.name));
      relays.push(relay);
      env[`STRATA_RPC_${chain.name.toUpperCase()}`] = relay.url;
    }
    explorers.push(await startExplorer(await freePort(), env));
    await devnet.waitForBlocks('cyprus1', 2, 60_000);

    const one = await nodeRate(relays, explorers, 1);
    const thirty = await nodeRate(relays, explorers, 30);
    explorers.push(await startExplorer(await freePort(), env), await startExplorer(await freePort(), env));
    const fleet = await nodeRate(relays, explorers, 30);
    console.log(`node requests/s: 1 viewer ${one.toFixed(1)}, 30 viewers ${thirty.toFixed(1)}, 30 viewers on 3 instances ${fleet.toFixed(1)}`);
    // One tips refresh every 2 s is 2 requests per chain (3/s here); no instance adds its own.
    expect(one).toBeGreaterThan(0);
    expect(thirty).toBeLessThanOrEqual(Math.max(one * 1.5, 8));
    expect(fleet).toBeLessThanOrEqual(Math.max(one * 1.5, 8));

    // A page stored by the first instance is served by the third without rendering.
    const hash = (await rpc<RpcBlockLite>(devnet.urlOf('cyprus1'), 'quai_getBlockByNumber', ['0x1', false])).hash;
    const [a, , c] = explorers as [ExplorerInstance, ExplorerInstance, ExplorerInstance];
    expect((await fetch(`${a.url}/chain/cyprus1/block/${hash}`)).headers.get('x-strata-store')).toBe('miss');
    const before = relays.reduce((sum, r) => sum + r.count(), 0);
    const shared = await fetch(`${c.url}/chain/cyprus1/block/${hash}`);
    expect(shared.headers.get('x-strata-store')).toBe('hit');
    expect(shared.status).toBe(200);
    // At most the banner's health probe (3 chains); no render.
    expect(relays.reduce((sum, r) => sum + r.count(), 0) - before).toBeLessThanOrEqual(3);
  });
});
