/**
 * bench:explorer's stream rows: `subscribers` chain streams (every chain's blocks) held on the
 * explorers given, for `seconds`; per block event the delay from the explorer seeing the block
 * (its `seenAt`) to a subscriber reading it, as percentiles; the explorer's resident memory per
 * subscriber (one process); node requests per chain per second at the relays; the liveness
 * probe's latency with the subscribers open. Subscribers are plain HTTP clients in this process,
 * reading each event's `seenAt` without parsing the rest.
 */
import { readFileSync } from 'node:fs';
import { Agent, get as httpGet, type ClientRequest } from 'node:http';
import type { CountingRelay } from '../../e2e/support/counting-relay';
import type { ExplorerInstance } from '../../e2e/support/explorer';

export interface StreamFigures {
  readonly subscribers: number;
  readonly opened: number;
  readonly events: number;
  readonly p50: number;
  readonly p99: number;
  readonly max: number;
  readonly perChainPerSecond: number;
  readonly healthP99: number;
  /** The first explorer's resident memory while the subscribers are open (bytes). */
  readonly rss: number;
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
}

/** Resident memory of a process, in bytes (Linux). */
export function rssOf(pid: number | undefined): number {
  if (pid === undefined) return NaN;
  const line = readFileSync(`/proc/${pid}/status`, 'utf8').split('\n').find((l) => l.startsWith('VmRSS:'));
  return line ? Number(line.replace(/\D+/g, '')) * 1024 : NaN;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Opens `count` streams over `explorers`; each records the delay of every block event. */
async function openSubscribers(explorers: readonly ExplorerInstance[], count: number, delays: number[], measuring: () => boolean): Promise<{ requests: ClientRequest[]; opened: () => number }> {
  const agent = new Agent({ keepAlive: false, maxSockets: Infinity });
  const requests: ClientRequest[] = [];
  let opened = 0;
  for (let i = 0; i < count; i++) {
    const explorer = explorers[i % explorers.length]!;
    const request = httpGet(`${explorer.url}/api/v1/stream?chain=all`, { agent, headers: { accept: 'text/event-stream', 'x-forwarded-for': `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}` } }, (response) => {
      if (response.statusCode !== 200) return void response.resume();
      opened++;
      let buffer = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        const now = Date.now();
        buffer += chunk;
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const event = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          if (!measuring() || !event.includes('event: block')) continue;
          const seen = /"seenAt":(\d+)/.exec(event);
          if (seen) delays.push(now - Number(seen[1]));
        }
      });
      response.on('error', () => undefined);
    });
    request.on('error', () => undefined);
    requests.push(request);
    // Opened a few at a time: a thousand connections at once would measure the accept queue.
    if (i % 50 === 49) await sleep(50);
  }
  return { requests, opened: () => opened };
}

/**
 * /api/health?live's p99 over `samples` requests, timed in a process of its own: this one reads
 * every subscriber's stream, and its own event loop would be counted as the server's latency.
 */
async function healthP99(explorer: ExplorerInstance, samples = 100): Promise<number> {
  const script = `
    const xs = [];
    for (let i = 0; i < ${samples}; i++) {
      const t = performance.now();
      await fetch(${JSON.stringify(`${explorer.url}/api/health?live`)}).then((r) => r.arrayBuffer());
      xs.push(performance.now() - t);
    }
    xs.sort((a, b) => a - b);
    console.log(xs[Math.ceil(xs.length * 0.99) - 1]);`;
  const { execFile } = await import('node:child_process');
  const out = await new Promise<string>((resolve, reject) =>
    execFile(process.execPath, ['--input-type=module', '-e', script], (error, stdout) => (error ? reject(error) : resolve(stdout))),
  );
  return Number(out.trim());
}

export async function streamLoad(relays: readonly CountingRelay[], explorers: readonly ExplorerInstance[], subscribers: number, seconds: number): Promise<StreamFigures> {
  const delays: number[] = [];
  let measuring = false;
  const total = () => relays.reduce((sum, r) => sum + r.count(), 0);
  const { requests, opened } = await openSubscribers(explorers, subscribers, delays, () => measuring);
  // Every stream open and a few reads past, then measure.
  for (let i = 0; i < 100 && opened() < subscribers; i++) await sleep(100);
  await sleep(3_000);
  measuring = true;
  const before = total();
  await sleep(seconds * 1000);
  const perChainPerSecond = (total() - before) / seconds / relays.length;
  measuring = false;
  const rss = rssOf(explorers[0]!.pid);
  const health = await healthP99(explorers[0]!);
  for (const request of requests) request.destroy();
  delays.sort((a, b) => a - b);
  return { subscribers, opened: opened(), events: delays.length, p50: percentile(delays, 50), p99: percentile(delays, 99), max: delays[delays.length - 1] ?? NaN, perChainPerSecond, healthP99: health, rss };
}

/** Node requests per chain per second with one viewer polling /api/tips every 2 s and no subscriber: the reference. */
export async function pollingReference(relays: readonly CountingRelay[], explorer: ExplorerInstance, seconds: number): Promise<number> {
  const total = () => relays.reduce((sum, r) => sum + r.count(), 0);
  let running = true;
  const loop = (async () => {
    while (running) {
      await fetch(`${explorer.url}/api/tips`).then((r) => r.arrayBuffer()).catch(() => undefined);
      await sleep(2_000);
    }
  })();
  await sleep(2_500);
  const before = total();
  await sleep(seconds * 1000);
  const perChain = (total() - before) / seconds / relays.length;
  running = false;
  await loop;
  return perChain;
}

export { healthP99 };
