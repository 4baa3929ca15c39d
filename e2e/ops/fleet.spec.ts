/**
 * The explorer as communities run it past one process, on one devnet of the file's own (1x1, with
 * traffic, so addresses have history), started once for its three tests:
 *
 * - Several instances sharing a real Redis (REDIS_URL): the node's load stays that of one instance
 *   however many viewers poll the tips and however many instances serve them (one poller per
 *   refresh for the fleet), and a page stored by one instance is served by the others. Node
 *   requests are counted at relays in front of the devnet.
 * - `npm run indexer` writing a real PostgreSQL and an explorer reading it (STRATA_INDEX=read):
 *   the explorer hears the index's commits (LISTEN/NOTIFY, lib/index/commit-version.ts), so it
 *   keeps the history API's and txlist's answers per commit as `npm start` does (counted as hits
 *   on /api/metrics), and the first request after a commit reads the new rows.
 * - An explorer restarted 0.3 s after a kill -9, while its data directory's lock still names a
 *   live process: /api/health answers 503 with the reason until the lock's owner is gone, then the
 *   index opens without another restart and the instance is ready.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { spawn } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startDevnet, type Devnet } from '../../devnet/index';
import { getChain } from '../../lib/protocol/chains';
import { LOCK_FILE, processStarted } from '../../lib/index/drivers/data-dir-lock';
import { startTestPostgres, type TestPostgres } from '../../lib/index/testing/test-postgres';
import { expect, test } from '../fixtures';
import { rpcEnvFor } from '../support/env';
import { startExplorer, type ExplorerInstance } from '../support/explorer';
import { counterSum } from '../support/explorer-metrics';
import { startCountingRelay, type CountingRelay } from '../support/counting-relay';
import { untilIndexed } from '../support/index-status';
import { startIndexer, type IndexerProcess } from '../support/indexer';
import { devnetOffset, freePort } from '../support/ports';
import { startRedis, type RedisServer } from '../support/redis';
import { rpc, type RpcBlockLite } from '../support/rpc';

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

test.describe('fleets on one devnet', () => {
  let devnet: Devnet | undefined;
  let offset = 0;
  let redis: RedisServer | undefined;
  let postgres: TestPostgres | undefined;
  let indexer: IndexerProcess | undefined;
  const relays: CountingRelay[] = [];
  const explorers: ExplorerInstance[] = [];
  const dirs: string[] = [];

  test.beforeAll(async () => {
    test.setTimeout(120_000);
    offset = devnetOffset();
    devnet = await startDevnet({ topology: '1x1', portOffset: offset, blockTimeMs: 1000, traffic: true, trafficRate: 2 });
  });

  test.afterAll(async () => {
    await Promise.all(explorers.map((e) => e.stop()));
    await indexer?.stop();
    await postgres?.stop();
    await Promise.all(relays.map((r) => r.stop()));
    await redis?.stop();
    await devnet?.stop();
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  test('Redis: node requests stay flat from 1 to 30 viewers and from 1 to 3 instances; stored pages are shared', async () => {
    test.setTimeout(240_000);
    if (!devnet) throw new Error('no devnet');
    redis = await startRedis(await freePort());
    const env: Record<string, string> = { ...rpcEnvFor(offset, CHAINS), REDIS_URL: redis.url, STRATA_LOG: 'off' };
    for (const chain of CHAINS) {
      const relay = await startCountingRelay(devnet.urlOf(chain.name));
      relays.push(relay);
      env[`STRATA_RPC_${chain.name.toUpperCase()}`] = relay.url;
    }
    const fleet: ExplorerInstance[] = [await startExplorer(await freePort(), env)];
    explorers.push(...fleet);
    await devnet.waitForBlocks('cyprus1', 2, 60_000);

    const one = await nodeRate(relays, fleet, 1);
    const thirty = await nodeRate(relays, fleet, 30);
    // The other two start side by side (each start is a process booting, not a wait on the other),
    // on two ports drawn before either listens: distinct, or drawn again.
    let ports = [await freePort(), await freePort()];
    while (ports[0] === ports[1]) ports = [ports[0]!, await freePort()];
    const started = await Promise.allSettled(ports.map((port) => startExplorer(port, env)));
    for (const s of started) if (s.status === 'fulfilled') fleet.push(s.value);
    explorers.push(...fleet.slice(1));
    for (const s of started) if (s.status === 'rejected') throw s.reason;
    const many = await nodeRate(relays, fleet, 30);
    console.log(`node requests/s: 1 viewer ${one.toFixed(1)}, 30 viewers ${thirty.toFixed(1)}, 30 viewers on 3 instances ${many.toFixed(1)}`);
    // One tips refresh every 2 s is 2 requests per chain (3/s here); no instance adds its own.
    expect(one).toBeGreaterThan(0);
    expect(thirty).toBeLessThanOrEqual(Math.max(one * 1.5, 8));
    expect(many).toBeLessThanOrEqual(Math.max(one * 1.5, 8));

    // A page stored by the first instance is served by the third without rendering.
    const hash = (await rpc<RpcBlockLite>(devnet.urlOf('cyprus1'), 'quai_getBlockByNumber', ['0x1', false])).hash;
    const [a, , c] = fleet as [ExplorerInstance, ExplorerInstance, ExplorerInstance];
    expect((await fetch(`${a.url}/chain/cyprus1/block/${hash}`)).headers.get('x-strata-store')).toBe('miss');
    const before = relays.reduce((sum, r) => sum + r.count(), 0);
    const shared = await fetch(`${c.url}/chain/cyprus1/block/${hash}`);
    expect(shared.headers.get('x-strata-store')).toBe('hit');
    expect(shared.status).toBe(200);
    // At most the banner's health probe (3 chains); no render.
    expect(relays.reduce((sum, r) => sum + r.count(), 0) - before).toBeLessThanOrEqual(3);
    await Promise.all(fleet.map((e) => e.stop()));
  });

  test('PostgreSQL: a read-only explorer beside npm run indexer keeps API answers per commit and shows a commit at the next request', async () => {
    test.setTimeout(240_000);
    if (!devnet) throw new Error('no devnet');
    postgres = await startTestPostgres();
    const env = { ...rpcEnvFor(offset, CHAINS), DATABASE_URL: postgres.url, STRATA_LOG: 'off' };
    indexer = await startIndexer(env);
    const reader = await startExplorer(await freePort(), { ...env, STRATA_INDEX: 'read' });
    explorers.push(reader);
    const zone = devnet.urlOf('cyprus1');
    const lookups = (cache: string, result: 'hit' | 'miss') =>
      counterSum(reader.url, 'strata_cache_lookups_total', `cache="${cache}"`, `result="${result}"`);

    // A still chain, wholly indexed, as the explorer reads the database.
    await devnet.waitForBlocks('cyprus1', 4, 60_000);
    await devnet.pauseMining();
    try {
      await untilIndexed(reader.url, zone, 'cyprus1');
      const account = await senderOnChain(zone);
      const apis = [
        { cache: 'api-transactions', path: `/api/v1/address/${account}/transactions?limit=50` },
        { cache: 'api-txlist', path: `/api?module=account&action=txlist&address=${account}&sort=desc` },
      ];
      for (const { cache, path } of apis) {
        const first = await fetch(`${reader.url}${path}`);
        expect(first.status, path).toBe(200);
        const body = await first.text();
        expect(body.toLowerCase(), `${path} lists the sender's transactions`).toContain(account.toLowerCase().slice(2));
        const hits = await lookups(cache, 'hit');
        for (let i = 0; i < 3; i++) expect(await (await fetch(`${reader.url}${path}`)).text()).toBe(body);
        expect(await lookups(cache, 'hit'), `three repeats of ${path} within one commit, answered from the kept bytes`).toBe(hits + 3);
      }

      // A block committed by the indexer (another process): the explorer's next request reads it.
      const [, txlist] = apis as [unknown, { cache: string; path: string }];
      const before = await (await fetch(`${reader.url}${txlist.path}`)).text();
      const misses = await lookups('api-txlist', 'miss');
      devnet.resumeMining();
      await devnet.waitForBlocks('cyprus1', 1, 60_000);
      await devnet.pauseMining();
      // Every pass at the new head (the balance pass commits behind the others): one version from here.
      await untilIndexed(reader.url, zone, 'cyprus1');
      const after = await (await fetch(`${reader.url}${txlist.path}`)).text();
      expect(await lookups('api-txlist', 'miss'), 'the first request after the commit reads the index').toBe(misses + 1);
      // txlist's confirmations count from the indexed tip: the new block changes them.
      expect(after).not.toBe(before);
      const hits = await lookups('api-txlist', 'hit');
      expect(await (await fetch(`${reader.url}${txlist.path}`)).text()).toBe(after);
      expect(await lookups('api-txlist', 'hit'), 'and the next one is kept again').toBe(hits + 1);
    } finally {
      devnet.resumeMining();
    }
    await reader.stop();
    await indexer.stop();
  });

  test('a restart 0.3 s after a kill -9 opens the index once the lock\'s owner is gone, and health is 503 until then', async () => {
    test.setTimeout(420_000);
    const dir = mkdtempSync(join(tmpdir(), 'strata-e2e-restart-'));
    dirs.push(dir);
    const env = { ...rpcEnvFor(offset, CHAINS), STRATA_INDEX: 'on', STRATA_INDEX_DIR: dir, STRATA_LOG: 'off' };
    const first = await startExplorer(await freePort(), env);
    explorers.push(first);
    await expect.poll(async () => (await health(first.url)).index.state, { timeout: 180_000, message: 'the first explorer opens its index' }).toBe('ready');

    // The dead process's lock may still name a live pid for a while (its memory being released).
    // Here it names one for as long as the test says, so the restart meets it whatever the kernel's pace.
    const holder = spawn('sleep', ['120'], { stdio: 'ignore' });
    try {
      await new Promise((resolve) => holder.once('spawn', resolve));
      first.kill('SIGKILL');
      // A killed process writes nothing more: the lock is the test's from here on.
      writeFileSync(join(dir, LOCK_FILE), JSON.stringify({ pid: holder.pid, started: processStarted(holder.pid as number) }));
      // The restart, 0.3 s after the kill (the crash being reproduced, not a wait for an event).
      await new Promise((resolve) => setTimeout(resolve, 300));
      const second = await startExplorer(await freePort(), env);
      explorers.push(second);
      await expect.poll(async () => (await health(second.url)).index.state, { timeout: 30_000 }).toBe('unavailable');
      const held = await fetch(`${second.url}/api/health`);
      expect(held.status, 'not ready while its index is not open').toBe(503);
      const heldBody = (await held.json()) as Health;
      expect(heldBody).toMatchObject({ ready: false, status: 'unready', index: { state: 'unavailable', ready: false } });
      expect(heldBody.index.error).toContain(`open in process ${holder.pid}`);

      await first.exited;
      holder.kill('SIGKILL');
      await expect.poll(() => health(second.url), { timeout: 120_000, message: 'ready once the index opens' }).toMatchObject({ ready: true, index: { state: 'ready', ready: true } });
      expect((await fetch(`${second.url}/api/health`)).status).toBe(200);
      // Its writer carries on from the index the killed process left, up to the zone's head (mining goes on).
      const head = BigInt(await rpc<string>(devnet?.urlOf('cyprus1') ?? '', 'quai_blockNumber', []));
      await expect.poll(async () => (await indexedHeight(second.url)) >= head, { timeout: 60_000, message: 'the index reaches the head' }).toBe(true);
    } finally {
      holder.kill('SIGKILL');
    }
  });
});

interface Health {
  readonly ready: boolean;
  readonly status: string;
  readonly index: { readonly state: string; readonly ready: boolean; readonly error?: string };
}

async function health(url: string): Promise<Health> {
  return (await (await fetch(`${url}/api/health`)).json()) as Health;
}

/** The zone's indexed height as the explorer's status API reports it (-1 before any block). */
async function indexedHeight(url: string): Promise<bigint> {
  const status = (await (await fetch(`${url}/api/v1/index/status`)).json()) as { chains?: Array<{ chain: string; indexedHeight: string | null }> };
  return BigInt(status.chains?.find((c) => c.chain === 'cyprus1')?.indexedHeight ?? -1);
}

/** A sender of the devnet's traffic on `zone`: an address with history. */
async function senderOnChain(zone: string): Promise<string> {
  const head = Number(await rpc<string>(zone, 'quai_blockNumber', []));
  for (let n = 1; n <= head; n++) {
    const block = await rpc<{ transactions: Array<{ from: string }> }>(zone, 'quai_getBlockByNumber', [`0x${n.toString(16)}`, true]);
    const from = block.transactions[0]?.from;
    if (from) return from;
  }
  throw new Error('no transaction on the devnet yet');
}
