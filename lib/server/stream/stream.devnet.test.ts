/**
 * The event streams against a real devnet (prime, cyprus, cyprus1, cyprus2), over real HTTP:
 * a stream service fed by real tip reads (the production read, readTipsAndBlocks), served by a
 * Node server that runs server.ts's client-address stage and then the stream route.
 */
import { encodeEventTopics, type Address } from 'viem';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import type { Devnet, ReorgResult } from '@/devnet/index';
import { startDevnetOnFreePorts } from '@/devnet/test-support/free-ports';
import { createSender, type Sender } from '@/devnet/test-support/sender';
import { DevTokenAbi, devTokenDeployData, tokenTransferData } from '@/devnet/contracts';
import { loadConfig } from '@/lib/ops/config';
import { createNetworkReaders, type NetworkReaders } from '@/lib/server/node/clients';
import { readTipsAndBlocks } from '@/lib/server/tips/tips';
import { fetchStream, type FetchedStream } from '@/lib/live/fetch-stream';
import { parsePosition } from '@/lib/live/position';
import type { StreamBlock, StreamEvent } from '@/lib/live/stream-events';
import { loadStreamConfig } from './stream-config';
import { createStreamService, type StreamService } from './stream-service';
import { serveStream, type ServedStream } from './testing/serve-stream';

const WINDOW = 40;
const PER_CLIENT = 3;

let devnet: Devnet;
let readers: NetworkReaders;
let service: StreamService;
const servers: ServedStream[] = [];
/** Trusts one proxy (X-Forwarded-For names the client), as the e2e explorer does. */
let base: string;
/** Trusts none: a client's X-Forwarded-For is not its identity. */
let untrusting: string;
const open: FetchedStream[] = [];

function envFor(d: Devnet): Record<string, string> {
  const env: Record<string, string> = { STRATA_CHAINS: d.chains.map((c) => c.name).join(',') };
  for (const chain of d.chains) env[`STRATA_RPC_${chain.name.toUpperCase()}`] = chain.url;
  return env;
}

let clients = 0;

/** A stream of a client of its own (X-Forwarded-For), unless `headers` names one. */
async function stream(query: string, headers: Record<string, string> = {}, at = base): Promise<FetchedStream> {
  const opened = await fetchStream(`${at}?${query}`, { 'x-forwarded-for': `192.0.2.${++clients % 250}`, ...headers });
  open.push(opened);
  return opened;
}

const isBlock = (chain: string) => (e: StreamEvent): e is Extract<StreamEvent, { event: 'block' }> => e.event === 'block' && e.data.chain === chain;

async function rpc<T>(chain: string, method: string, params: unknown[]): Promise<T> {
  const response = await fetch(devnet.urlOf(chain as 'cyprus1'), { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }) });
  const body = (await response.json()) as { result: T; error?: unknown };
  if (body.error) throw new Error(JSON.stringify(body.error));
  return body.result;
}

beforeAll(async () => {
  devnet = await startDevnetOnFreePorts({ topology: '1x2', blockTimeMs: 400 });
  await devnet.waitForBlocks('cyprus1', 3, 60_000);
  readers = createNetworkReaders(loadConfig(envFor(devnet)));
  service = createStreamService({
    config: { ...loadStreamConfig({}), replay: WINDOW, heartbeatMs: 250, perClient: PER_CLIENT },
    poll: async () => {
      const read = await readTipsAndBlocks(readers.all, { poolOf: await service.wants() });
      await service.ingest(read);
    },
    readerOf: (chain) => readers.byName.get(chain),
    served: () => readers.all.map((r) => r.chain.name),
    redis: () => undefined,
    pollMs: 100,
  });
  servers.push(await serveStream(service, { trustedProxies: 1, ipv6Prefix: 64 }), await serveStream(service, { trustedProxies: 0, ipv6Prefix: 64 }));
  [base, untrusting] = servers.map((s) => s.url) as [string, string];
}, 120_000);

afterEach(() => {
  for (const s of open.splice(0)) s.close();
});

afterAll(async () => {
  service?.stop('the test is over');
  await Promise.all(servers.map((s) => s.close()));
  await devnet?.stop();
});

describe('GET /api/v1/stream', () => {
  test('a chain stream: ready, then every block in order, none skipped, as the node has them; heartbeats between', async () => {
    const s = await stream('chain=cyprus1');
    expect(s.status).toBe(200);
    expect(s.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(s.headers.get('cache-control')).toMatch(/no-transform/);
    const ready = await s.next((e) => e.event === 'ready');
    expect(ready.data).toMatchObject({ follows: "cyprus1's blocks", replayWindow: WINDOW });
    const blocks: StreamBlock[] = [];
    for (let i = 0; i < 6; i++) blocks.push((await s.next(isBlock('cyprus1'))).data);
    for (let i = 1; i < blocks.length; i++) {
      expect(BigInt(blocks[i]!.number)).toBe(BigInt(blocks[i - 1]!.number) + 1n);
      expect(blocks[i]!.parentHash).toBe(blocks[i - 1]!.hash);
    }
    for (const block of blocks) {
      const onNode = await rpc<{ hash: string; number: string[] }>('cyprus1', 'quai_getBlockByNumber', [`0x${BigInt(block.number).toString(16)}`, false]);
      expect(block.hash).toBe(onNode.hash);
      expect(block.numbers).toEqual(onNode.number.map((n) => BigInt(n).toString()));
    }
    // Every event has an id of this feed; ids grow.
    const ids = s.events.map((e) => parsePosition(e.id));
    expect(ids.every((p) => p !== undefined)).toBe(true);
    await s.next(() => s.comments > 0);
  }, 60_000);

  test('chain=all: the blocks of every chain, a coincident block on each chain it is in', async () => {
    const s = await stream('chain=all');
    await s.next(isBlock('prime'), 90_000);
    const region = await s.next(isBlock('cyprus'), 60_000);
    expect(region.data.order).toBeLessThanOrEqual(1);
    // A region block is also a zone block: the same hash on its zone's stream, before or after.
    const sameHash = (e: StreamEvent) => e.event === 'block' && e.data.hash === region.data.hash && e.data.chain.startsWith('cyprus') && e.data.chain !== 'cyprus';
    const zoneOfIt = s.events.find(sameHash) ?? (await s.next(sameHash));
    expect(zoneOfIt.event === 'block' && ['cyprus1', 'cyprus2'].includes(zoneOfIt.data.chain)).toBe(true);
  }, 90_000);

  test('a reconnect with Last-Event-ID replays what it missed, in order, and goes on', async () => {
    const watcher = await stream('chain=cyprus1');
    const first = await watcher.next(isBlock('cyprus1'));
    const later: StreamBlock[] = [];
    for (let i = 0; i < 3; i++) later.push((await watcher.next(isBlock('cyprus1'))).data);
    const back = await stream('chain=cyprus1', { 'last-event-id': first.id });
    const replayed: StreamBlock[] = [];
    for (let i = 0; i < 3; i++) replayed.push((await back.next(isBlock('cyprus1'))).data);
    expect(replayed.map((b) => b.hash)).toEqual(later.map((b) => b.hash));
    // The same through ?from= (a client that cannot set headers).
    const viaQuery = await stream(`chain=cyprus1&from=${encodeURIComponent(first.id)}`);
    expect((await viaQuery.next(isBlock('cyprus1'))).data.hash).toBe(later[0]!.hash);
  }, 60_000);

  test('a Last-Event-ID past the replay window gets a gap event, then the window and live blocks', async () => {
    const watcher = await stream('chain=all');
    const first = await watcher.next((e) => e.event === 'block');
    const start = parsePosition(first.id)!;
    // Wait for the window to move past it: WINDOW more entries.
    await watcher.next((e) => (parsePosition(e.id)?.seq ?? 0) > start.seq + WINDOW + 2, 120_000);
    const back = await stream('chain=all', { 'last-event-id': first.id });
    const gap = await back.next((e) => e.event === 'gap');
    expect(gap.data).toMatchObject({ reason: 'past-window', lastEventId: first.id });
    expect(back.events[0]?.event).toBe('gap'); // the first event
    const next = await back.next((e) => e.event === 'block');
    expect(parsePosition(next.id)!.seq).toBeGreaterThan(start.seq + 1);
    // An id of another run of the feed, or none this explorer writes.
    const other = await stream('chain=all', { 'last-event-id': 'zzzz.12.0' });
    expect((await other.next((e) => e.event === 'gap')).data).toMatchObject({ reason: 'restarted' });
    const junk = await stream('chain=all', { 'last-event-id': 'not an id' });
    expect((await junk.next((e) => e.event === 'gap')).data).toMatchObject({ reason: 'unknown-id' });
  }, 180_000);

  test("an address's transaction: pending while the txpool holds it, then mined", async () => {
    const account = devnet.accounts.find((a) => a.zone === 'cyprus1')!;
    const client = readers.clients.get('cyprus1')!;
    const sender: Sender = await createSender(devnet, 'cyprus1', client, account);
    const to: Address = `0x0a${'5e'.repeat(19)}`;
    const s = await stream(`address=${to}`);
    await s.next((e) => e.event === 'ready');
    await devnet.pauseMining();
    let hash: string;
    let pending: StreamEvent;
    try {
      hash = await sender.send(to, '0x', 12345n);
      pending = await s.next((e) => e.event === 'pending');
    } finally {
      devnet.resumeMining();
    }
    expect(pending.event === 'pending' && pending.data.transactions).toEqual([
      expect.objectContaining({ hash, address: to.toLowerCase(), direction: 'in', value: '12345', from: account.address.toLowerCase() }),
    ]);
    const mined = await s.next((e) => e.event === 'transactions');
    expect(mined.event === 'transactions' && mined.data).toMatchObject({ chain: 'cyprus1', transactions: [expect.objectContaining({ hash, direction: 'in' })] });
    // The sender's own stream sees it as going out.
    const own = await stream(`address=${account.address},${to}`, { 'last-event-id': pending.id });
    const again = await own.next((e) => e.event === 'transactions');
    expect(again.event === 'transactions' && again.data.transactions.map((t) => t.direction).sort()).toEqual(['in', 'out']);
  }, 90_000);

  test("an ETX's delivery reaches the recipient's stream", async () => {
    const account = devnet.accounts.find((a) => a.zone === 'cyprus1')!;
    const sender = await createSender(devnet, 'cyprus1', readers.clients.get('cyprus1')!, devnet.accounts.filter((a) => a.zone === 'cyprus1')[1] ?? account);
    const to: Address = `0x2a${'7c'.repeat(19)}`; // cyprus2
    const s = await stream(`address=${to}`);
    await s.next((e) => e.event === 'ready');
    const hash = await sender.sendEtx(to, 777n);
    const delivered = await s.next((e) => e.event === 'etxs', 150_000);
    expect(delivered.event === 'etxs' && delivered.data).toMatchObject({ chain: 'cyprus2', deliveries: [expect.objectContaining({ to: to.toLowerCase(), value: '777', address: to.toLowerCase() })] });
    expect(hash).toMatch(/^0x/);
  }, 180_000);

  test("a contract's logs by topic0", async () => {
    const account = devnet.accounts.filter((a) => a.zone === 'cyprus1')[2] ?? devnet.accounts[0]!;
    const sender = await createSender(devnet, 'cyprus1', readers.clients.get('cyprus1')!, account);
    const { address: token } = await sender.deploy(devTokenDeployData(1_000n));
    const [transferTopic] = encodeEventTopics({ abi: DevTokenAbi, eventName: 'Transfer' });
    const s = await stream(`chain=cyprus1&address=${token}&topic0=${transferTopic}`);
    await s.next((e) => e.event === 'ready');
    const { tx } = await sender.run(token, tokenTransferData(`0x01${'00'.repeat(19)}`, 5n));
    // The deployment's own Transfer (the mint) may come first: its block can reach the feed after the stream opened.
    const logs = await s.next((e) => e.event === 'logs' && e.data.logs.some((l) => l.transactionHash === tx.hash));
    expect(logs.event === 'logs' && logs.data.logs).toEqual([expect.objectContaining({ address: token.toLowerCase(), transactionHash: tx.hash, topics: expect.arrayContaining([transferTopic]) })]);
  }, 90_000);

  test('a reorg is an event of its own: the blocks removed and the ancestor, then the new branch in order', async () => {
    const s = await stream('chain=cyprus1');
    await s.next(isBlock('cyprus1'));
    let reorg: ReorgResult | undefined;
    for (let attempt = 0; attempt < 40 && !reorg; attempt++) {
      reorg = await devnet.reorg('cyprus1', 2).catch(() => undefined);
      if (!reorg) await s.next(isBlock('cyprus1'));
    }
    if (!reorg) throw new Error('the devnet refused every reorg');
    const event = await s.next((e) => e.event === 'reorg');
    expect(event.event === 'reorg' && event.data).toMatchObject({ chain: 'cyprus1', ancestor: { number: String(reorg.ancestor) } });
    if (event.event !== 'reorg') return;
    // Every dropped block the stream announced is among those it says it removed, newest first. (The
    // feed may have read a dropped block it had not sent yet when the reorg came: it is removed too.)
    const announced = new Set(s.events.flatMap((e) => (e.event === 'block' ? [e.data.hash] : [])));
    const removedDropped = event.data.removed.map((r) => r.hash).filter((h) => reorg.dropped.includes(h));
    expect(removedDropped).toEqual(expect.arrayContaining([...reorg.dropped].filter((h) => announced.has(h))));
    expect(removedDropped).toEqual([...reorg.dropped].filter((h) => removedDropped.includes(h)).reverse());
    const branch: string[] = [];
    for (let i = 0; i < reorg.replacement.length; i++) branch.push((await s.next(isBlock('cyprus1'))).data.hash);
    expect(branch).toEqual(reorg.replacement);
  }, 120_000);

  test('limits: a client holds at most STRATA_STREAM_PER_CLIENT streams, keyed as the rate limit keys it', async () => {
    const mine = { 'x-forwarded-for': '198.51.100.7' };
    const held: FetchedStream[] = [];
    for (let i = 0; i < PER_CLIENT; i++) held.push(await stream('chain=prime', mine));
    expect(held.map((h) => h.status)).toEqual(Array(PER_CLIENT).fill(200));
    const over = await stream('chain=prime', mine);
    expect(over.status).toBe(429);
    expect(over.headers.get('retry-after')).toBeTruthy();
    expect(over.refusal?.error).toMatch(/Too many open streams/);
    // Another client is not held by this one's streams.
    expect((await stream('chain=prime', { 'x-forwarded-for': '198.51.100.8' })).status).toBe(200);
    // A stream closed is a stream given back.
    held[0]!.close();
    await held[0]!.ended;
    let again: FetchedStream | undefined;
    for (let i = 0; i < 50 && again?.status !== 200; i++) again = await stream('chain=prime', mine);
    expect(again?.status).toBe(200);
    // Without trusted proxies a client's X-Forwarded-For names nobody: every stream from this socket counts as one client.
    const named = [];
    for (let i = 0; i < PER_CLIENT; i++) named.push(await stream('chain=prime', { 'x-forwarded-for': `203.0.113.${i}` }, untrusting));
    const fourth = await stream('chain=prime', { 'x-forwarded-for': '203.0.113.99' }, untrusting);
    expect(named.every((n) => n.status === 200) && fourth.status).toBe(429);
  }, 60_000);

  test('bad subscriptions are 400 JSON saying what is wrong', async () => {
    for (const [query, reason] of [
      ['', /Say what to follow/],
      ['chain=atlantis', /not a chain/],
      ['chain=hydra1', /not served/],
      ['address=0x12', /not a 20-byte hex address/],
      [`chain=cyprus&address=0x01${'00'.repeat(19)}`, /chain must name a zone/],
      [`chain=cyprus2&address=0x01${'00'.repeat(19)}`, /lives in cyprus1/],
      ['chain=cyprus1&colour=red', /Unknown parameter "colour"/],
    ] as const) {
      const s = await stream(query);
      expect(s.status, query).toBe(400);
      expect(s.refusal?.error, query).toMatch(reason);
    }
  });

  test('stop: every open stream gets an end event and ends', async () => {
    const s = await stream('chain=cyprus1');
    await s.next((e) => e.event === 'ready');
    service.stop('the server is stopping');
    const end = await s.next((e) => e.event === 'end');
    expect(end.data).toEqual({ reason: 'the server is stopping' });
    await s.ended;
  });
});
