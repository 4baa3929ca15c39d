/**
 * `npm run bench:explorer`: the figures of issues #13 and #21's tables, in one run, against the
 * production build (`npm run build` first). It starts what it needs on 127.0.0.1 (a 1x1 devnet with
 * traffic at --port-offset, counting relays in front of it, explorers on free ports with their own
 * history index on PGlite in a temporary directory, a redis-server when Debian's is installed) and
 * stops it all at the end. A benchmark: it prints, it asserts nothing.
 *
 *   throughput   16 kept-alive connections for --seconds (default 8) per URL, asking for
 *                compression like a browser and not decompressing: a static file (/favicon.ico,
 *                the reference), a stored block page by hash, /block/<hash> (the EIP-3091
 *                redirect), a stored transaction; and issue #21's pages that follow the tip:
 *                the home page, a chain's overview, an address, its History tab, a token, the
 *                network page, the history API and Etherscan's txlist for the same address,
 *                EIP-3091's /block/<n> (one height on every chain, once every chain's block at it
 *                is deep), and the browse lists (/blocks, /txs, and the blocks, transactions and
 *                tokens APIs)
 *   --only       a comma-separated list of the rows to measure (static, block, anyBlock, tx, /,
 *                /chain/cyprus1, address, history, token, network, api, txlist, blockNumber, blocks,
 *                txs, apiBlocks, apiTxs, apiTokens):
 *                only those, without the viewer load and the JavaScript figures (with --fleet,
 *                the API rows among them from the fleet's read-only explorer too)
 *   node load    viewers polling /api/tips every 2 s: node requests per chain per second at the
 *                relays, for 200 and 1,000 viewers on one instance, and 600 viewers spread over
 *                3 instances sharing Redis
 *   JavaScript   what Chromium downloads for home, block, tx, address, fees (budgeted), network
 *                and token, scrolled to the bottom: scripts/bench/js-bytes.ts
 *   stream       event streams (`--only stream` for these rows alone): 1 and 1,000 subscribers of
 *                every chain's stream on one explorer, and 1,000 over 3 instances sharing Redis:
 *                the delay from the explorer seeing a block to a subscriber reading it (p50, p99),
 *                resident memory per subscriber, node requests per chain per second against one
 *                viewer polling /api/tips with no subscriber, and /api/health?live's p99 with them
 *                open (scripts/bench/stream-bench.ts)
 *   --fleet      also the history API, txlist and the lists' APIs from an explorer with STRATA_INDEX=read beside
 *                `npm run indexer`, both on a PostgreSQL server the bench starts (initdb + pg_ctl,
 *                as lib/index/testing/test-postgres.ts does; Debian's postgresql), against the
 *                single explorer's figures for the same URLs
 */
import { Agent, get as httpGet } from 'node:http';
import { parseArgs } from 'node:util';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startDevnet } from '../devnet/index';
import { getChain, type ChainName } from '../lib/protocol/chains';
import { rpcEnvFor } from '../e2e/support/env';
import { startExplorer, type ExplorerInstance } from '../e2e/support/explorer';
import { startCountingRelay, type CountingRelay } from '../e2e/support/counting-relay';
import { freePort } from '../e2e/support/ports';
import { startRedis, type RedisServer } from '../e2e/support/redis';
import { startIndexer, type IndexerProcess } from '../e2e/support/indexer';
import { startTestPostgres, type TestPostgres } from '../lib/index/testing/test-postgres';
import { startContractAddresses } from '../devnet/contracts';
import { printJsBytes } from './bench/js-bytes';
import { healthP99, pollingReference, rssOf, streamLoad, type StreamFigures } from './bench/stream-bench';

const { values } = parseArgs({
  options: {
    seconds: { type: 'string', default: '8' },
    'port-offset': { type: 'string', default: '2000' },
    'viewer-seconds': { type: 'string', default: '8' },
    fleet: { type: 'boolean', default: false },
    only: { type: 'string' },
  },
});
const ONLY = values.only === undefined ? undefined : new Set(values.only.split(',').map((s) => s.trim()));
/** Whether the row named `name` is measured in this run. */
const measured = (name: string) => ONLY === undefined || ONLY.has(name);
/** The finality depth the bench's explorers use (STRATA_FINALITY_DEPTH). */
const DEPTH = 3;
const SECONDS = Number(values.seconds);
const VIEWER_SECONDS = Number(values['viewer-seconds']);
const CONNECTIONS = 16;
const CHAINS = ['prime', 'cyprus', 'cyprus1'].map((n) => getChain(n as 'prime'));

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
}

/**
 * One GET as a browser sends it (Accept-Encoding: gzip, deflate, br), on a kept-alive connection,
 * reading the body as sent: decompressing it is the reader's work, not the server's, and done in
 * this one process that also drives the load it made a 272 KB page look slower than it is served.
 */
function get(url: string, agent: Agent): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = httpGet(url, { agent, headers: { 'accept-encoding': 'gzip, deflate, br', accept: 'text/html,*/*' } }, (response) => {
      response.on('data', () => undefined);
      response.on('end', () => resolve(response.statusCode ?? 0));
      response.on('error', reject);
    });
    request.on('error', reject);
  });
}

interface Load {
  readonly rps: number;
  readonly p50: number;
  readonly p99: number;
  readonly statuses: string;
}
const NOT_MEASURED: Load = { rps: NaN, p50: NaN, p99: NaN, statuses: 'not measured' };

/** CONNECTIONS loops requesting `url` for SECONDS: requests per second and latency percentiles. */
async function load(url: string): Promise<Load> {
  const latencies: number[] = [];
  const statuses = new Map<number, number>();
  const end = performance.now() + SECONDS * 1000;
  const agent = new Agent({ keepAlive: true, maxSockets: CONNECTIONS });
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (performance.now() < end) {
        const started = performance.now();
        const status = await get(url, agent);
        latencies.push(performance.now() - started);
        statuses.set(status, (statuses.get(status) ?? 0) + 1);
      }
    }),
  );
  agent.destroy();
  latencies.sort((a, b) => a - b);
  return { rps: latencies.length / SECONDS, p50: percentile(latencies, 50), p99: percentile(latencies, 99), statuses: [...statuses].map(([s, n]) => `${s}×${n}`).join(' ') };
}

/** `viewers` polling /api/tips every 2 s over `explorers`; node requests per chain per second. */
async function viewerLoad(relays: readonly CountingRelay[], explorers: readonly ExplorerInstance[], viewers: number): Promise<number> {
  const total = () => relays.reduce((sum, r) => sum + r.count(), 0);
  let running = true;
  const loops = Array.from({ length: viewers }, async (_, i) => {
    const explorer = explorers[i % explorers.length] as ExplorerInstance;
    await new Promise((r) => setTimeout(r, (i * 2000) / viewers)); // spread the polls like real viewers
    while (running) {
      await fetch(`${explorer.url}/api/tips`).then((r) => r.arrayBuffer()).catch(() => undefined);
      await new Promise((r) => setTimeout(r, 2_000));
    }
  });
  await new Promise((r) => setTimeout(r, 2_500));
  const before = total();
  await new Promise((r) => setTimeout(r, VIEWER_SECONDS * 1000));
  const perChain = (total() - before) / VIEWER_SECONDS / relays.length;
  running = false;
  await Promise.all(loops);
  return perChain;
}

async function rpc<T>(url: string, method: string, params: unknown[]): Promise<T> {
  const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }) });
  return ((await response.json()) as { result: T }).result;
}

const pct = (x: number) => `${(x * 100).toFixed(1)} %`;

async function main(): Promise<void> {
  const offset = Number(values['port-offset']);
  const devnet = await startDevnet({ topology: '1x1', portOffset: offset, blockTimeMs: 1000, traffic: true, trafficRate: 2 });
  const relays: CountingRelay[] = [];
  // The single explorer writes its own history index (PGlite), as `npm start` does; the fleet
  // started later reads none (PGlite serves one process).
  const indexDir = mkdtempSync(join(tmpdir(), 'strata-bench-index-'));
  const env: Record<string, string> = { ...rpcEnvFor(offset, CHAINS), STRATA_LOG: 'off', STRATA_FINALITY_DEPTH: String(DEPTH), STRATA_RATE_LIMIT: 'off' };
  for (const chain of CHAINS) {
    const relay = await startCountingRelay(devnet.urlOf(chain.name));
    relays.push(relay);
    env[`STRATA_RPC_${chain.name.toUpperCase()}`] = relay.url;
  }
  let redis: RedisServer | undefined;
  const explorers: ExplorerInstance[] = [];
  try {
    if (ONLY?.has('stream')) {
      await devnet.waitForBlocks('cyprus1', 3, 60_000);
      await streamRows(env, relays, explorers);
      return;
    }
    const single = await startExplorer(await freePort(), { ...env, STRATA_INDEX: 'on', STRATA_INDEX_DIR: indexDir });
    explorers.push(single);
    await devnet.waitForBlocks('cyprus1', 6, 60_000);
    const zone = devnet.urlOf('cyprus1');
    // A block with a transaction, deep enough for its transaction page to be stored.
    let blockHash = '';
    let txHash = '';
    for (let n = 1; n < 6 && !txHash; n++) {
      const block = await rpc<{ hash: string; transactions: string[] }>(zone, 'quai_getBlockByNumber', [`0x${n.toString(16)}`, false]);
      blockHash ||= block.hash;
      if (block.transactions[0]) [blockHash, txHash] = [block.hash, block.transactions[0]];
    }
    // EIP-3091's /block/<n>: a height every chain has buried under DEPTH blocks.
    const height = 1;
    await deepOnEveryChain(devnet.urlOf.bind(devnet), height);
    const origin = single.url;
    const account = devnet.accounts.find((a) => a.zone === 'cyprus1')?.address ?? '0x0000000000000000000000000000000000000000';
    const token = await indexedToken(origin, account);
    const urls = {
      static: `${origin}/favicon.ico`,
      block: `${origin}/chain/cyprus1/block/${blockHash}`,
      anyBlock: `${origin}/block/${blockHash}`,
      tx: `${origin}/tx/${txHash}`,
    };
    for (const url of [urls.block, urls.tx, urls.anyBlock]) await fetch(url); // warm: rendered once, stored

    const staticFile = await load(urls.static);
    const block = measured('block') ? await load(urls.block) : NOT_MEASURED;
    const anyBlock = measured('anyBlock') ? await load(urls.anyBlock) : NOT_MEASURED;
    const tx = measured('tx') ? await load(urls.tx) : NOT_MEASURED;
    const tipPages: Array<[string, string, string, string]> = [
      ['/', '/', `${origin}/`, '≥ 40 %, p99 ≤ 50 ms'],
      ['/chain/cyprus1', '/chain/cyprus1', `${origin}/chain/cyprus1`, '≥ 40 %, p99 ≤ 50 ms'],
      ['address', '/address/<a>', `${origin}/address/${account}`, 'p99 ≤ 100 ms'],
      ['history', '/address/<a>?tab=history', `${origin}/address/${account}?tab=history`, 'p99 ≤ 100 ms'],
      ['token', '/token/<t>', token ? `${origin}/token/${token}` : '', 'p99 ≤ 100 ms'],
      ['network', '/network', `${origin}/network`, 'p99 ≤ 100 ms'],
      ['api', '/api/v1/address/<a>/transactions', `${origin}/api/v1/address/${account}/transactions`, 'p99 ≤ 20 ms'],
      ['txlist', '/api?module=account&action=txlist&address=<a>', `${origin}/api?module=account&action=txlist&address=${account}`, 'p99 ≤ 20 ms'],
      ['blockNumber', `/block/<n> (${CHAINS.length} chains at height ${height}, deep)`, `${origin}/block/${height}`, 'p99 ≤ 50 ms'],
      // The browse lists, kept per index version: pages and their JSON twins.
      ['blocks', '/blocks?chain=cyprus1', `${origin}/blocks?chain=cyprus1`, 'p99 ≤ 100 ms'],
      ['txs', '/txs?chain=cyprus1', `${origin}/txs?chain=cyprus1`, 'p99 ≤ 100 ms'],
      ['apiBlocks', '/api/v1/blocks?chain=cyprus1', `${origin}/api/v1/blocks?chain=cyprus1`, 'p99 ≤ 50 ms'],
      ['apiTxs', '/api/v1/txs?chain=cyprus1', `${origin}/api/v1/txs?chain=cyprus1`, 'p99 ≤ 50 ms'],
      ['apiTokens', '/api/v1/tokens', `${origin}/api/v1/tokens`, 'p99 ≤ 50 ms'],
    ];
    const followed: Array<[string, string, string]> = [];
    /** The single explorer's figures by path, for the fleet's rows. */
    const singleRps = new Map<string, number>();
    for (const [name, label, url, needed] of tipPages) {
      if (!measured(name)) continue;
      if (!url) {
        followed.push([label, 'skipped: no token indexed', needed]);
        continue;
      }
      await fetch(url).then((r) => r.arrayBuffer()); // warm: the first render compiles nothing, but fills caches
      const r = await load(url);
      singleRps.set(url.slice(origin.length), r.rps);
      followed.push([label, `${r.rps.toFixed(0)} req/s (${pct(r.rps / staticFile.rps)} of static), p50 ${r.p50.toFixed(1)} ms, p99 ${r.p99.toFixed(1)} ms [${r.statuses}]`, needed]);
    }
    if (ONLY !== undefined) {
      console.log(`\nbench:explorer --only ${values.only} — ${CONNECTIONS} connections, ${SECONDS} s per URL\n`);
      console.log(`static file (/favicon.ico)  ${staticFile.rps.toFixed(0)} req/s, p50 ${staticFile.p50.toFixed(1)} ms, p99 ${staticFile.p99.toFixed(1)} ms`);
      for (const [what, load] of [['stored block', block], ['/block/<hash>', anyBlock], ['stored tx', tx]] as const) {
        if (load !== NOT_MEASURED) console.log(`${what}  ${load.rps.toFixed(0)} req/s (${pct(load.rps / staticFile.rps)} of static), p99 ${load.p99.toFixed(1)} ms [${load.statuses}]`);
      }
      for (const [what, now] of followed) console.log(`${what}  ${now}`);
      if (values.fleet) {
        // The measured API rows again from the fleet's read-only explorer.
        await single.stop();
        explorers.length = 0;
        const apiPaths = tipPages.flatMap(([name, label, url]) => (measured(name) && label.startsWith('/api') && url ? [[label, url.slice(origin.length)] as const] : []));
        for (const [what, now] of await fleetRows(env, zone, apiPaths, singleRps)) console.log(`${what}  ${now}`);
      }
      return;
    }

    await single.stop();
    explorers.length = 0;
    if (values.fleet) {
      const apiPaths = tipPages.flatMap(([, label, url]) => (label.startsWith('/api') && url ? [[label, url.slice(origin.length)] as const] : []));
      followed.push(...(await fleetRows(env, zone, apiPaths, singleRps)));
    }

    // The viewers' node load on an explorer without the index: the
    // index writer's own reads of every block would count at the relays too.
    explorers.push(await startExplorer(await freePort(), env));
    const v200 = await viewerLoad(relays, explorers, 200);
    const v1000 = await viewerLoad(relays, explorers, 1000);
    let fleet: number | undefined;
    const hasRedis = await import('node:child_process').then(({ spawnSync }) => spawnSync('redis-server', ['--version']).status === 0);
    if (hasRedis) {
      redis = await startRedis(await freePort());
      await Promise.all(explorers.map((e) => e.stop()));
      explorers.length = 0;
      for (let i = 0; i < 3; i++) explorers.push(await startExplorer(await freePort(), { ...env, REDIS_URL: redis.url }));
      fleet = await viewerLoad(relays, explorers, 600);
    }
    const rows: Array<[string, string, string]> = [
      ['static file (/favicon.ico), 16 connections', `${staticFile.rps.toFixed(0)} req/s, p50 ${staticFile.p50.toFixed(1)} ms, p99 ${staticFile.p99.toFixed(1)} ms`, 'reference'],
      ['warm /chain/cyprus1/block/<hash> (stored)', `${block.rps.toFixed(0)} req/s (${pct(block.rps / staticFile.rps)} of static), p99 ${block.p99.toFixed(1)} ms [${block.statuses}]`, '≥ 40 %, p99 ≤ 50 ms'],
      ['warm /block/<hash> (307 to the above)', `${anyBlock.rps.toFixed(0)} req/s (${pct(anyBlock.rps / staticFile.rps)} of static), p99 ${anyBlock.p99.toFixed(1)} ms [${anyBlock.statuses}]`, '≥ 40 %, p99 ≤ 50 ms'],
      ['warm /tx/<hash> (stored, 3 blocks deep)', `${tx.rps.toFixed(0)} req/s (${pct(tx.rps / staticFile.rps)} of static), p99 ${tx.p99.toFixed(1)} ms [${tx.statuses}]`, 'as the block page'],
      ...followed,
      ['node requests per chain per second, 200 viewers', v200.toFixed(2), '≤ 1'],
      ['… 1,000 viewers', v1000.toFixed(2), '≤ 1'],
      ['… 600 viewers over 3 instances sharing Redis', fleet === undefined ? 'skipped: no redis-server' : fleet.toFixed(2), '≤ 1'],
    ];
    const width = Math.max(...rows.map((r) => r[0].length));
    console.log(`\nbench:explorer — 1x1 devnet with traffic, ${CONNECTIONS} connections, ${SECONDS} s per URL, viewers for ${VIEWER_SECONDS} s\n`);
    for (const [what, now, needed] of rows) console.log(`${what.padEnd(width)}  ${now}   (needed: ${needed})`);
    // The JS figures' address: the devnet's first account (its contracts' deployer), not the bench's cyprus1 account above.
    const deployer = devnet.accounts[0]?.address ?? '0x0000000000000000000000000000000000000000';
    await printJsBytes(explorers[0]?.url ?? origin, { blockPath: `/chain/cyprus1/block/${blockHash}`, txHash, address: deployer, token: startContractAddresses(deployer, 'cyprus1').token.address, feesChain: 'cyprus1' });
    await Promise.all(explorers.map((e) => e.stop()));
    explorers.length = 0;
    await streamRows(env, relays, explorers);
  } finally {
    await Promise.all(explorers.map((e) => e.stop()));
    await redis?.stop();
    await Promise.all(relays.map((r) => r.stop()));
    await devnet.stop();
    rmSync(indexDir, { recursive: true, force: true });
  }
}

/** The stream rows (see the header): started and stopped here, on the bench's devnet and relays. */
async function streamRows(env: Record<string, string>, relays: readonly CountingRelay[], explorers: ExplorerInstance[]): Promise<void> {
  // Each subscriber is a client of its own (X-Forwarded-For, one trusted proxy): the per-client limit is not what is measured.
  const streamEnv = { ...env, STRATA_TRUSTED_PROXIES: '1' };
  const rows: Array<[string, string, string]> = [];
  const seconds = Math.max(VIEWER_SECONDS, 10);
  const line = (f: StreamFigures) =>
    `${f.events} block events to ${f.opened}/${f.subscribers} subscribers (${(f.events / Math.max(1, f.opened) / seconds).toFixed(2)}/s each): delay p50 ${f.p50.toFixed(0)} ms, p99 ${f.p99.toFixed(0)} ms, max ${f.max.toFixed(0)} ms`;
  const single = await startExplorer(await freePort(), streamEnv);
  explorers.push(single);
  const idleRss = rssOf(single.pid);
  const idleHealth = await healthP99(single);
  const reference = await pollingReference(relays, single, seconds);
  const one = await streamLoad(relays, [single], 1, seconds);
  const thousand = await streamLoad(relays, [single], 1000, seconds);
  rows.push(
    ['node requests per chain per second: 1 viewer polling /api/tips, no subscriber', reference.toFixed(2), 'reference'],
    ['one process, 1 subscriber', `${line(one)}; node ${one.perChainPerSecond.toFixed(2)} req/chain/s`, 'p99 ≤ 1000 ms'],
    ['one process, 1,000 subscribers', `${line(thousand)}; node ${thousand.perChainPerSecond.toFixed(2)} req/chain/s`, 'p99 ≤ 1000 ms, node as the reference'],
    ['… memory per subscriber', `${((thousand.rss - idleRss) / 1000 / 1024).toFixed(1)} KiB (RSS ${(idleRss / 2 ** 20).toFixed(0)} → ${(thousand.rss / 2 ** 20).toFixed(0)} MiB)`, 'reported'],
    ['… /api/health?live p99', `${idleHealth.toFixed(1)} ms without subscribers, ${thousand.healthP99.toFixed(1)} ms with 1,000`, 'stays fast'],
  );
  await single.stop();
  explorers.length = 0;
  const hasRedis = await import('node:child_process').then(({ spawnSync }) => spawnSync('redis-server', ['--version']).status === 0);
  let redis: RedisServer | undefined;
  try {
    if (hasRedis) {
      redis = await startRedis(await freePort());
      for (let i = 0; i < 3; i++) explorers.push(await startExplorer(await freePort(), { ...streamEnv, REDIS_URL: redis.url }));
      const fleet = await streamLoad(relays, explorers, 1000, seconds);
      rows.push(['3 instances on Redis, 1,000 subscribers', `${line(fleet)}; node ${fleet.perChainPerSecond.toFixed(2)} req/chain/s`, 'as one process']);
    } else {
      rows.push(['3 instances on Redis, 1,000 subscribers', 'skipped: no redis-server', 'as one process']);
    }
  } finally {
    await Promise.all(explorers.map((e) => e.stop()));
    explorers.length = 0;
    await redis?.stop();
  }
  const width = Math.max(...rows.map((r) => r[0].length));
  console.log(`\nbench:explorer --only stream — 1x1 devnet with traffic, ${seconds} s per row\n`);
  for (const [what, now, needed] of rows) console.log(`${what.padEnd(width)}  ${now}   (needed: ${needed})`);
}

/** Resolves once every chain of the bench's devnet has buried `height` under DEPTH blocks (a minute at most). */
async function deepOnEveryChain(urlOf: (chain: ChainName) => string, height: number): Promise<void> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const heights = await Promise.all(CHAINS.map(async (c) => Number(await rpc<string>(urlOf(c.name), 'quai_blockNumber', []))));
    if (heights.every((h) => h >= height + DEPTH)) return;
    if (Date.now() > deadline) throw new Error(`height ${height} is not ${DEPTH} deep on every chain after a minute (heights ${heights.join(', ')})`);
    await new Promise((r) => setTimeout(r, 500));
  }
}

/**
 * The fleet's topology: a PostgreSQL server, `npm run indexer` writing it and an explorer reading
 * it (STRATA_INDEX=read), on the same devnet (the node directly, not the relays: the indexer's
 * block reads are not the viewers'). Once the indexer has caught up with the zone's head, each of
 * `paths` is loaded as on the single explorer; rows with the single explorer's req/s beside.
 */
async function fleetRows(
  env: Record<string, string>,
  zone: string,
  paths: ReadonlyArray<readonly [string, string]>,
  singleRps: ReadonlyMap<string, number>,
): Promise<Array<[string, string, string]>> {
  let postgres: TestPostgres | undefined;
  let indexer: IndexerProcess | undefined;
  let reader: ExplorerInstance | undefined;
  try {
    postgres = await startTestPostgres();
    const direct = { ...env, ...rpcEnvFor(Number(values['port-offset']), CHAINS), DATABASE_URL: postgres.url };
    indexer = await startIndexer(direct);
    reader = await startExplorer(await freePort(), { ...direct, STRATA_INDEX: 'read' });
    await untilCaughtUp(reader.url, zone);
    const rows: Array<[string, string, string]> = [];
    for (const [label, path] of paths) {
      const url = `${reader.url}${path}`;
      await fetch(url).then((r) => r.arrayBuffer());
      const r = await load(url);
      const single = singleRps.get(path);
      const share = single ? ` (${pct(r.rps / single)} of npm start's)` : '';
      rows.push([`${label}, read-only explorer beside npm run indexer (PostgreSQL)`, `${r.rps.toFixed(0)} req/s${share}, p50 ${r.p50.toFixed(1)} ms, p99 ${r.p99.toFixed(1)} ms [${r.statuses}]`, 'p99 ≤ 20 ms, ≥ 50 % of npm start\'s']);
    }
    return rows;
  } finally {
    await reader?.stop();
    await indexer?.stop();
    await postgres?.stop();
  }
}

/** Resolves once the index the explorer at `origin` reads holds the zone's head as it was when called. */
async function untilCaughtUp(origin: string, zone: string): Promise<void> {
  const head = BigInt(await rpc<string>(zone, 'quai_blockNumber', []));
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    const response = await fetch(`${origin}/api/v1/index/status`).catch(() => undefined);
    const body = response?.ok ? ((await response.json()) as { chains?: Array<{ chain: string; indexedHeight: string | null }> }) : undefined;
    const indexed = body?.chains?.find((c) => c.chain === 'cyprus1')?.indexedHeight;
    if (indexed && BigInt(indexed) >= head) return;
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error('the fleet\'s indexer did not catch up with the zone in 2 minutes');
}

/**
 * A token the index holds for `account` (the zone's first dev account deploys the traffic's
 * DevToken and sends its transfers): read from the history API once the index has one, or
 * undefined after a minute.
 */
async function indexedToken(origin: string, account: string): Promise<string | undefined> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    const response = await fetch(`${origin}/api/v1/address/${account}/token-transfers?limit=1`).catch(() => undefined);
    if (response?.ok) {
      const body = (await response.json()) as { items?: Array<{ token?: unknown }> };
      const token = body.items?.[0]?.token;
      if (typeof token === 'string' && /^0x[0-9a-fA-F]{40}$/.test(token)) return token;
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  return undefined;
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
