/**
 * `npm run profile:pages`: where a page's time goes, on the production build (`npm run build`
 * first), for the budgeted pages. It starts a 1x1 devnet with traffic at --port-offset and one
 * explorer with its own history index (PGlite in a temporary directory) under `node --cpu-prof`,
 * then for each URL: 16 kept-alive connections for --seconds, and around that load a scrape of
 * /api/metrics before and after:
 *
 *   req/s, mean ms            the requests answered in the window
 *   node ms, db ms            mean wall-clock time a request waited on the node / the index
 *                             (strata_request_node_seconds, strata_request_db_seconds)
 *   ELU                       the event loop's busy share over the window (strata_event_loop_utilization)
 *   CPU split                 the server's CPU profile samples inside the window, by where the
 *                             code lives (React's server renderer, Next, viem, PGlite, the app's
 *                             own bundled code, GC, …), and the top functions by self time
 *
 * A measurement, not a test: it prints, asserts nothing. The profiler slows the server; the
 * split, not the throughput, is the point (bench:explorer measures throughput without it).
 */
import { Agent, get as httpGet } from 'node:http';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { startDevnet } from '../devnet/index';
import { getChain } from '../lib/protocol/chains';
import { rpcEnvFor } from '../e2e/support/env';
import { spawn } from 'node:child_process';
import { freePort } from '../e2e/support/ports';

const { values } = parseArgs({ options: { seconds: { type: 'string', default: '5' }, 'port-offset': { type: 'string', default: '9200' }, only: { type: 'string' } } });
const SECONDS = Number(values.seconds);
const CONNECTIONS = 16;
const CHAINS = ['prime', 'cyprus', 'cyprus1'].map((n) => getChain(n as 'prime'));

function get(url: string, agent: Agent): Promise<void> {
  return new Promise((resolve, reject) => {
    httpGet(url, { agent, headers: { 'accept-encoding': 'gzip, deflate, br', accept: 'text/html,*/*' } }, (response) => {
      response.on('data', () => undefined);
      response.on('end', () => resolve());
      response.on('error', reject);
    }).on('error', reject);
  });
}

async function load(url: string): Promise<number> {
  let count = 0;
  const end = performance.now() + SECONDS * 1000;
  const agent = new Agent({ keepAlive: true, maxSockets: CONNECTIONS });
  await Promise.all(Array.from({ length: CONNECTIONS }, async () => {
    while (performance.now() < end) {
      await get(url, agent);
      count++;
    }
  }));
  agent.destroy();
  return count;
}

/** Sum and count of a histogram's series for `route`, and the event loop's utilization since the last scrape. */
async function scrape(origin: string, route: string): Promise<{ node: [number, number]; db: [number, number]; http: [number, number]; elu: number }> {
  const text = await (await fetch(`${origin}/api/metrics`)).text();
  const pick = (name: string): [number, number] => {
    let sum = 0;
    let count = 0;
    for (const line of text.split('\n')) {
      const m = /^(\w+)_(sum|count)\{([^}]*)\} ([\d.e+-]+)/.exec(line);
      if (!m || m[1] !== name || !m[3]?.includes(`route="${route}"`)) continue;
      if (m[2] === 'sum') sum += Number(m[4]);
      else count += Number(m[4]);
    }
    return [sum, count];
  };
  const elu = Number(/^strata_event_loop_utilization ([\d.e+-]+)/m.exec(text)?.[1] ?? NaN);
  return { node: pick('strata_request_node_seconds'), db: pick('strata_request_db_seconds'), http: pick('strata_http_request_duration_seconds'), elu };
}

interface ProfileNode { id: number; callFrame: { functionName: string; url: string; lineNumber: number } }
interface Profile { nodes: ProfileNode[]; startTime: number; samples: number[]; timeDeltas: number[] }

/** Where a function's code lives, in words. */
function placeOf(frame: ProfileNode['callFrame']): string {
  const { url, functionName } = frame;
  if (functionName === '(garbage collector)') return 'GC';
  if (functionName === '(idle)') return 'idle';
  if (functionName === '(program)') return 'V8/native (program)';
  if (!url) return `native: ${functionName || '(anonymous)'}`;
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url)?.[1];
  if (pkg === 'next' && /react-dom|react-server-dom/.test(url)) return 'react-dom server render (next/dist/compiled)';
  if (pkg) return pkg;
  if (url.startsWith('node:')) return 'node core';
  if (/\.next\/server\/chunks/.test(url)) return /node_modules|\[externals\]/.test(url) ? 'bundled packages' : 'app code (bundled)';
  return url.replace(/^.*\/(.*)$/, '$1');
}

function split(profile: Profile, from: number, to: number): { total: number; places: Array<[string, number]>; functions: Array<[string, number]> } {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const places = new Map<string, number>();
  const functions = new Map<string, number>();
  let t = profile.startTime;
  let total = 0;
  profile.samples.forEach((id, i) => {
    const dt = profile.timeDeltas[i] ?? 0;
    t += dt;
    if (t < from || t > to) return;
    const node = byId.get(id);
    if (!node) return;
    const place = placeOf(node.callFrame);
    if (place === 'idle') return;
    total += dt;
    places.set(place, (places.get(place) ?? 0) + dt);
    const name = `${node.callFrame.functionName || '(anonymous)'} ${node.callFrame.url.replace(/^.*\/(node_modules\/)?/, '')}:${node.callFrame.lineNumber}`;
    functions.set(name, (functions.get(name) ?? 0) + dt);
  });
  const top = (m: Map<string, number>, n: number) => [...m].sort((a, b) => b[1] - a[1]).slice(0, n);
  return { total, places: top(places, 8), functions: top(functions, 8) };
}

async function indexedToken(origin: string, account: string): Promise<string | undefined> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    const response = await fetch(`${origin}/api/v1/address/${account}/token-transfers?limit=1`).catch(() => undefined);
    if (response?.ok) {
      const token = ((await response.json()) as { items?: Array<{ token?: unknown }> }).items?.[0]?.token;
      if (typeof token === 'string' && /^0x[0-9a-fA-F]{40}$/.test(token)) return token;
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  return undefined;
}

/** The server (`npm run serve`) under `node --cpu-prof` (not allowed in NODE_OPTIONS); the profile is written when it exits on SIGTERM. */
async function startProfiled(port: number, env: Record<string, string>, profileDir: string): Promise<{ url: string; stop(): Promise<void> }> {
  const server = join(process.cwd(), '.next', 'strata', 'server.mjs');
  const child = spawn(process.execPath, ['--cpu-prof', `--cpu-prof-dir=${profileDir}`, server, '-p', String(port), '-H', '127.0.0.1'], {
    env: { ...process.env, ...env }, stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error('explorer exited early');
    if (await fetch(`${url}/api/tips`).then(() => true, () => false)) break;
    if (Date.now() > deadline) throw new Error(`explorer did not start on ${port}`);
    await new Promise((r) => setTimeout(r, 250));
  }
  const stop = () => new Promise<void>((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
  return { url, stop };
}

async function main(): Promise<void> {
  const offset = Number(values['port-offset']);
  const devnet = await startDevnet({ topology: '1x1', portOffset: offset, blockTimeMs: 1000, traffic: true, trafficRate: 2 });
  const indexDir = mkdtempSync(join(tmpdir(), 'strata-profile-index-'));
  const profileDir = mkdtempSync(join(tmpdir(), 'strata-cpu-prof-'));
  const env: Record<string, string> = {
    ...rpcEnvFor(offset, CHAINS), STRATA_LOG: 'off', STRATA_RATE_LIMIT: 'off', STRATA_INDEX: 'on', STRATA_INDEX_DIR: indexDir,
  };
  const explorer = await startProfiled(await freePort(), env, profileDir);
  const windows: Array<{ label: string; from: number; to: number; line: string }> = [];
  try {
    await devnet.waitForBlocks('cyprus1', 6, 60_000);
    const origin = explorer.url;
    const account = devnet.accounts.find((a) => a.zone === 'cyprus1')?.address ?? '0x0000000000000000000000000000000000000000';
    const token = await indexedToken(origin, account);
    const pages: Array<[string, string, string]> = [
      ['/', '/', '/'],
      ['/chain/cyprus1', '/chain/cyprus1', '/chain/[chain]'],
      ['/address/<a>', `/address/${account}`, '/address/[address]'],
      ['/address/<a>?tab=history', `/address/${account}?tab=history`, '/address/[address]'],
      ['/token/<t>', token ? `/token/${token}` : '', '/token/[address]'],
      ['/network', '/network', '/network'],
      ['/api/v1/address/<a>/transactions', `/api/v1/address/${account}/transactions`, '/api/v1/address/[address]/transactions'],
      ['/api?module=account&action=txlist', `/api?module=account&action=txlist&address=${account}`, '/api'],
    ];
    for (const [label, path, route] of pages) {
      if (!path || (values.only && !label.includes(values.only))) continue;
      await fetch(`${origin}${path}`).then((r) => r.arrayBuffer());
      const before = await scrape(origin, route);
      const from = Number(process.hrtime.bigint() / 1000n);
      const count = await load(`${origin}${path}`);
      const to = Number(process.hrtime.bigint() / 1000n);
      const after = await scrape(origin, route);
      const n = after.http[1] - before.http[1];
      const mean = (pair: 'node' | 'db' | 'http') => (n > 0 ? ((after[pair][0] - before[pair][0]) * 1000) / (after[pair][1] - before[pair][1] || n) : NaN);
      windows.push({
        label, from, to,
        line: `${count / SECONDS} req/s, mean ${mean('http').toFixed(1)} ms: node ${mean('node').toFixed(1)} ms, db ${mean('db').toFixed(1)} ms; ELU ${(after.elu * 100).toFixed(0)} %`,
      });
    }
  } finally {
    await explorer.stop();
    await devnet.stop();
    rmSync(indexDir, { recursive: true, force: true });
  }
  // The server's profile: the largest one written (the server's own process).
  const files = readdirSync(profileDir).filter((f) => f.endsWith('.cpuprofile')).map((f) => join(profileDir, f));
  const file = files.sort((a, b) => statSync(b).size - statSync(a).size)[0];
  const profile = file ? (JSON.parse(readFileSync(file, 'utf8')) as Profile) : undefined;
  console.log(`\nprofile:pages — 1x1 devnet with traffic, ${CONNECTIONS} connections, ${SECONDS} s per URL, under --cpu-prof (${file ?? 'no profile written'})\n`);
  for (const w of windows) {
    console.log(`${w.label}\n  ${w.line}`);
    if (!profile) continue;
    const s = split(profile, w.from, w.to);
    const pct = (us: number) => `${((us / Math.max(1, s.total)) * 100).toFixed(0)} %`;
    console.log(`  CPU ${(s.total / 1000).toFixed(0)} ms in the window: ${s.places.map(([p, us]) => `${p} ${pct(us)}`).join(', ')}`);
    for (const [name, us] of s.functions) console.log(`    ${pct(us).padStart(5)}  ${name}`);
  }
  rmSync(profileDir, { recursive: true, force: true });
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
