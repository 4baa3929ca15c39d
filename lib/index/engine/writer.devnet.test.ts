/**
 * The writer against a running devnet (1x2: two zones, ETXs between them, traffic from the
 * first dev account of each zone): backfill compared with the node block by block, kills -9
 * during the block pass and the trace pass resumed to an identical index, a cross-zone send as sent then received, a forced
 * reorg rolled back, and two writers on one real PostgreSQL.
 */
import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Devnet, ReorgResult } from '@/devnet/index';
import { startDevnetOnFreePorts } from '@/devnet/test-support/free-ports';
import { startTraffic, type Traffic } from '@/devnet/traffic';
import type { DevAccount } from '@/devnet/accounts';
import type { ChainName } from '@/lib/protocol/chains';
import { signTransaction } from '@/lib/protocol/transaction';
import { createChainClient } from '@/lib/rpc/client';
import type { Address, Hash } from '@/lib/rpc/domain';
import { readCursor } from './block-store';
import { readTraceCursor } from './trace-pass/trace-store';
import type { Db } from '../drivers/db';
import { historyRows, type HistoryItem } from '../readers/history-reader';
import { devnetConfig, devnetEnv, dumpIndex, recomputedDailyStats, recomputedEtxFlow, tempIndexDir, waitFor } from '../testing/index-test-support';
import { dayOf } from '../derivations/daily-stats';
import { dailyCounts } from '../readers/stats-reader';
import { startIndexWriter } from '../writer';
import type { IndexWriter } from './index-writer';
import { openIndex } from '../open-index';
import { zoneSources } from './sources';
import { startTestPostgres } from '../testing/test-postgres';
import { addressTokenTransfers, tokenTransfersOfToken, type TokenTransferItem } from '../readers/tokens/token-transfer-reader';
import { readTokenString, TOKEN_CALLS } from '@/lib/decode/token-metadata';
import { etxJourney, etxJourneysOfTx, type EtxJourney } from '../readers/etx-reader';
import { tokenTransfersOf } from '@/lib/decode/token-transfers';
import { devAccountsOf } from '@/devnet/accounts';
import { forwardData } from '@/devnet/contracts';
import { createSender } from '@/devnet/test-support/sender';
import { addressInternalTransfers } from '../readers/internal-transfer-reader';

const ZONES_OF_TEST: readonly ChainName[] = ['cyprus1', 'cyprus2'];
/** Indexed height of the backfill and crash tests. */
const H = 30n;

let devnet: Devnet;
let traffic: Traffic;
const dirs: string[] = [];
/** DevForwarder forwards sent by the test (beforeAll): each an internal transfer to `to`. */
const forwards: { zone: ChainName; hash: Hash; to: Address; block: bigint }[] = [];

async function history(db: Db, address: Address): Promise<HistoryItem[]> {
  const items: HistoryItem[] = [];
  for await (const item of historyRows(db, address)) items.push(item);
  return items;
}

async function indexUntil(dir: string, until: bigint): Promise<Db> {
  const db = await openIndex({ dataDir: dir });
  const writer = startIndexWriter({ db, sources: zoneSources(devnetConfig(devnet)), from: 0n, concurrency: 8, until, progressMs: 0 });
  await writer.done;
  return db;
}

/**
 * A fresh index of blocks 0..H, written once for the file: the tests that compare it with the node
 * only read it, and the crash test compares its resumed index with it. Blocks 0..H are mined
 * before any test runs (beforeAll), so every build of it would be the same.
 */
let indexedToH: Promise<Db> | undefined;
function freshIndexToH(): Promise<Db> {
  if (!indexedToH) {
    const dir = tempIndexDir();
    dirs.push(dir);
    indexedToH = indexUntil(dir, H);
  }
  return indexedToH;
}

beforeAll(async () => {
  devnet = await startDevnetOnFreePorts({ topology: '1x2', blockTimeMs: 300 });
  const trafficAccounts = ZONES_OF_TEST.map((z) => devnet.accounts.find((a) => a.zone === z) as DevAccount);
  traffic = startTraffic({
    zones: devnet.executions, accounts: trafficAccounts, ratePerSecond: 4, chainId: devnet.chainId, seed: 7,
    stateRootOf: (zone) => devnet.network.store(zone).head.header.stateRoot,
  });
  // Value through each zone's DevForwarder (deployed by the traffic at start), from the second dev
  // account: internal transfers below block H for the crash test to compare.
  await Promise.all(
    ZONES_OF_TEST.map(async (zone) => {
      const forwarder = await waitFor(`${zone}'s DevForwarder`, async () => traffic.stats().contracts.get(zone)?.forwarder ?? null, 60_000);
      const client = createChainClient({ chain: zone, url: devnet.urlOf(zone), timeoutMs: 10_000 });
      const sender = await createSender(devnet, zone, client, devAccountsOf(zone)[1]!);
      const to = devAccountsOf(zone)[0]!.address;
      const hashes = [await sender.send(forwarder, forwardData(to), 1_000n), await sender.send(forwarder, forwardData(to), 2_000n)];
      for (const hash of hashes) forwards.push({ zone, hash, to: to.toLowerCase() as Address, block: (await sender.mined(hash)).receipt.blockNumber });
    }),
  );
  await Promise.all(ZONES_OF_TEST.map((z) => devnet.waitForBlocks(z, Number(H) + 2, 90_000)));
}, 120_000);

afterAll(async () => {
  traffic?.stop();
  await devnet?.stop();
  await (await indexedToH?.catch(() => undefined))?.close();
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

describe('index writer on a devnet', () => {
  it('behavior: every transaction of blocks 1..H of every zone is in its sender\'s and recipient\'s history', async () => {
    const db = await freshIndexToH();
    const expected = new Map<Address, Set<string>>();
    const expect_ = (address: Address | null, key: string): void => {
      if (!address) return;
      const a = address.toLowerCase() as Address;
      if (!expected.has(a)) expected.set(a, new Set());
      expected.get(a)?.add(key);
    };
    let count = 0;
    for (const zone of ZONES_OF_TEST) {
      const client = createChainClient({ chain: zone, url: devnet.urlOf(zone) });
      for (let n = 0n; n <= H; n++) {
        const block = await client.getBlockByNumber({ blockNumber: n, full: true });
        if (!block) throw new Error(`no block ${n}`);
        for (const tx of block.transactions) {
          count++;
          const key = `${zone}:${n}:${tx.hash}`;
          if (tx.type === 1) {
            expect_(tx.sender, key);
            expect_(tx.to, key);
          } else {
            expect_(tx.from, key);
            if (tx.type === 0) expect_(tx.to, key);
            if (tx.to === null) {
              const receipt = await client.getTransactionReceipt({ hash: tx.hash });
              expect_(receipt?.contractAddress ?? null, key);
            }
          }
        }
      }
    }
    expect(count).toBeGreaterThan(20);
    for (const [address, keys] of expected) {
      const got = new Set((await history(db, address)).map((i) => `${i.chain}:${i.blockNumber}:${i.hash}`));
      expect([...got].sort(), address).toEqual([...keys].sort());
    }
    const [rows] = await db.query('SELECT count(*)::int AS n FROM address_transactions');
    expect(rows?.n).toBe([...expected.values()].reduce((s, k) => s + k.size, 0));
  }, 180_000); // a backfill and a block-by-block read of the node: minutes on a loaded machine

  it('behavior: the daily counts of blocks 0..H equal what the node\'s blocks say, per zone and UTC day', async () => {
    const db = await freshIndexToH();
    let etxs = 0;
    for (const zone of ZONES_OF_TEST) {
      const client = createChainClient({ chain: zone, url: devnet.urlOf(zone) });
      const expected = new Map<number, { blocks: number; transactions: bigint; etxSent: bigint; etxReceived: bigint; addresses: Set<string> }>();
      for (let n = 0n; n <= H; n++) {
        const block = await client.getBlockByNumber({ blockNumber: n, full: true });
        if (!block) throw new Error(`no block ${n}`);
        const day = dayOf(block.timestamp);
        const e = expected.get(day) ?? { blocks: 0, transactions: 0n, etxSent: 0n, etxReceived: 0n, addresses: new Set<string>() };
        expected.set(day, e);
        e.blocks += 1;
        for (const tx of block.transactions) {
          e.transactions += 1n;
          const receipt = await client.getTransactionReceipt({ hash: tx.hash });
          e.etxSent += BigInt(receipt?.etxs.length ?? 0);
          if (tx.type === 1) e.etxReceived += 1n;
          // Who was active: the sender (an ETX's originating account), the recipient unless it
          // lives in another zone (type 2), the contract a creation made.
          const actors = [tx.type === 1 ? tx.sender : tx.from, tx.type === 2 ? null : tx.to, receipt?.contractAddress ?? null];
          for (const a of actors) if (a) e.addresses.add(a.toLowerCase());
        }
      }
      const days = [...expected.keys()].sort((a, b) => a - b);
      const first = days[0] as number;
      const last = days.at(-1) as number;
      const got = await dailyCounts(db, zone, last - first + 1, BigInt(last) * 86_400n);
      expect(got.filter((d) => d.blocks > 0), zone).toEqual(days.map((day) => {
        const e = expected.get(day)!;
        return {
          day: new Date(day * 86_400_000).toISOString().slice(0, 10), blocks: e.blocks, transactions: e.transactions,
          etxSent: e.etxSent, etxReceived: e.etxReceived, activeAddresses: BigInt(e.addresses.size),
        };
      }));
      etxs += got.reduce((s, d) => s + Number(d.etxSent + d.etxReceived), 0);
    }
    expect(etxs, 'the traffic made cross-zone sends in blocks 0..H').toBeGreaterThan(0);
  }, 180_000); // a backfill and a block-by-block read of the node: minutes on a loaded machine

  it('behavior: every DevToken Transfer of blocks 1..H is in both parties\' token transfers and the token\'s, symbol SDT on the node', async () => {
    const db = await freshIndexToH();
    const token = traffic.stats().tokens.get('cyprus1') as Address;
    expect(token).toBeDefined();
    const client = createChainClient({ chain: 'cyprus1', url: devnet.urlOf('cyprus1') });
    expect(readTokenString(await client.call({ request: { to: token, data: TOKEN_CALLS.symbol } }))).toBe('SDT');
    const expected: string[] = [];
    for (let n = 0n; n <= H; n++) {
      const block = await client.getBlockByNumber({ blockNumber: n, full: true });
      for (const tx of block?.transactions ?? []) {
        const receipt = await client.getTransactionReceipt({ hash: tx.hash });
        for (const t of tokenTransfersOf(receipt?.logs ?? [])) {
          if (t.token.toLowerCase() === token.toLowerCase()) expected.push(`${n}:${tx.hash}:${t.from.toLowerCase()}:${t.to.toLowerCase()}:${t.amount}`);
        }
      }
    }
    // The deploy mints the supply (a Transfer from zero) and the traffic moves some of it.
    expect(expected.length).toBeGreaterThan(1);
    const asKey = (i: TokenTransferItem): string => `${i.blockNumber}:${i.txHash}:${i.from}:${i.to}:${i.amount}`;
    const ofToken = await tokenTransfersOfToken(db, token, { limit: 100 });
    expect(ofToken.items.map(asKey).sort()).toEqual([...expected].sort());
    for (const item of ofToken.items) {
      for (const party of [item.from, item.to]) {
        const page = await addressTokenTransfers(db, party, { limit: 100 });
        expect(page.items.map(asKey), party).toContain(asKey(item));
      }
    }
  }, 180_000); // a backfill and a block-by-block read of the node: minutes on a loaded machine

  it('behavior: killed with SIGKILL during both passes and restarted, the index equals a fresh one', async () => {
    const dir = tempIndexDir();
    dirs.push(dir);
    // One block per window: a run's first transaction holds one block and any transaction at most
    // MERGE (16) windows (chain-follower.ts), so each run backfills the H + 1 blocks of a chain in
    // three commits or more; the trace pass's first window is eight blocks (trace-pacer.ts). The
    // first kill comes after a block-pass commit that left blocks to do and reached a block with a
    // transaction to trace, while the devnet holds its traces (so the trace pass is behind too);
    // the next two after a trace-pass commit that left blocks to trace. The child logs each commit once it is on disk (STRATA_INDEX_LOG_COMMITS,
    // indexer/main.ts), so the cursors after the kill are at least the logged ones; stdout to a
    // pipe is synchronous in Node, and every block more needs answers from the devnet in this very
    // process, so the child goes on at most a few blocks before the kill reaches it.
    const env = { ...process.env, ...devnetEnv(devnet), STRATA_INDEX_DIR: dir, STRATA_INDEX_CONCURRENCY: '1', STRATA_INDEX_LOG_COMMITS: '1' };
    type Pass = 'committed' | 'traced';
    type Run = { exit: string; out: string; killedAfter?: { chain: ChainName; through: bigint } };
    // The first block of each chain that the trace pass must ask the node for (one holding a
    // transaction that runs the EVM): blocks before it are traced without the node, so a trace
    // pass held by the devnet still catches up with a block pass that has committed only those.
    const firstTraced = new Map<ChainName, bigint>();
    for (const z of ZONES_OF_TEST) {
      const client = createChainClient({ chain: z, url: devnet.urlOf(z) });
      for (let n = 0n; n < H && !firstTraced.has(z); n++) {
        const block = await client.getBlockByNumber({ blockNumber: n, full: true });
        if (block?.transactions.some((tx) => tx.type !== 2)) firstTraced.set(z, n);
      }
    }
    expect(firstTraced.size, 'a block below H with a transaction to trace, on some chain').toBeGreaterThan(0);
    const run = (killOn: Pass | null): Promise<Run> =>
      new Promise((resolve, reject) => {
        // node itself with tsx's loader (not npx, not the tsx CLI): one process, so SIGKILL hits the writer.
        const child = spawn(process.execPath, ['--import', 'tsx', 'indexer/main.ts', '--until', H.toString()], {
          env, stdio: ['ignore', 'pipe', 'pipe'],
        });
        let out = '';
        let scanned = 0;
        let killedAfter: Run['killedAfter'];
        child.stdout.on('data', (chunk: Buffer) => {
          out += chunk.toString();
          if (!killOn || killedAfter) return;
          // Whole lines only: a chunk may end inside one.
          const end = out.lastIndexOf('\n') + 1;
          for (const line of out.slice(scanned, end).split('\n')) {
            const commit = /^index: (\S+): (committed|traced) \d+\.\.(\d+)$/.exec(line);
            // The first commit of the pass this run is killed on that leaves blocks of its chain to do
            // (of the block pass: one that reaches a block the held trace pass cannot trace yet).
            const through = commit ? BigInt(commit[3] as string) : -1n;
            const reachesHeldTrace = killOn !== 'committed' || through >= (firstTraced.get(commit?.[1] as ChainName) ?? H);
            if (commit && commit[2] === killOn && through < H && reachesHeldTrace) {
              killedAfter = { chain: commit[1] as ChainName, through };
              child.kill('SIGKILL');
              break;
            }
          }
          scanned = end;
        });
        child.stderr.on('data', (chunk: Buffer) => (out += chunk.toString()));
        child.on('error', reject);
        child.on('exit', (code, signal) => resolve({ exit: String(signal ?? code), out, killedAfter }));
      });
    type Cursors = Map<ChainName, { block: bigint; traced: bigint }>;
    const cursors = async (): Promise<Cursors> => {
      const db = await openIndex({ dataDir: dir });
      try {
        return new Map(await Promise.all(ZONES_OF_TEST.map(async (z) => [
          z, { block: (await readCursor(db, z))?.number ?? -1n, traced: (await readTraceCursor(db, z)).number ?? -1n },
        ] as const)));
      } finally {
        await db.close();
      }
    };
    const show = (c: Cursors): string => [...c].map(([z, v]) => `${z} ${v.block}/${v.traced}`).join(', ');
    for (const [k, pass] of (['committed', 'traced', 'traced'] as const).entries()) {
      const before = await cursors();
      const release = k === 0 ? devnet.holdTraces() : undefined;
      const result = await run(pass).finally(() => release?.());
      const after = await cursors();
      const seen = `kill ${k} on ${pass}: ${result.exit} after ${JSON.stringify(result.killedAfter, (_, v: unknown) => (typeof v === 'bigint' ? v.toString() : v))}, cursors (block/traced) ${show(before)} -> ${show(after)}\n${result.out}`;
      expect(result.exit, seen).toBe('SIGKILL');
      const chain = result.killedAfter?.chain as ChainName;
      const [moved, was] = [after.get(chain), before.get(chain)];
      const cursor = pass === 'committed' ? 'block' : 'traced';
      // Mid-way: the killed run committed something of the pass and chain it was killed on, and not all of it.
      expect(moved?.[cursor], seen).toBeGreaterThanOrEqual(result.killedAfter?.through ?? H);
      expect(moved?.[cursor], seen).toBeGreaterThan(was?.[cursor] ?? H);
      expect(moved?.[cursor], seen).toBeLessThan(H);
      // The trace pass is never ahead of the block pass, and on the first kill it was behind it too.
      for (const z of ZONES_OF_TEST) expect(after.get(z)?.traced, seen).toBeLessThanOrEqual(after.get(z)?.block ?? -1n);
      if (k === 0) expect(moved?.traced, seen).toBeLessThan(moved?.block ?? -1n);
    }
    const last = await run(null);
    expect(last.exit, last.out).toBe('0');
    const resumed = await openIndex({ dataDir: dir });
    const reference = await freshIndexToH();
    try {
      const [a, b] = await Promise.all([dumpIndex(resumed), dumpIndex(reference)]);
      expect(a.blocks).toHaveLength(2 * (Number(H) + 1));
      expect(a.index_trace_cursor).toEqual(ZONES_OF_TEST.map((z) => ({ chain: z, number: H.toString(), stalled: null })));
      // The forwards below H are there (internal transfers, from traces), and in the recipient's list.
      expect(forwards.every((f) => f.block <= H)).toBe(true);
      expect(b.internal_transfers?.length).toBeGreaterThanOrEqual(forwards.length);
      for (const f of forwards) {
        const page = await addressInternalTransfers(reference, f.to, { limit: 100 });
        expect(page.items.map((i) => i.txHash)).toContain(f.hash);
      }
      expect(a).toEqual(b);
    } finally {
      await resumed.close();
    }
  }, 600_000); // four child processes, each starting tsx and PGlite, and a fresh index: a minute idle, past four at a load of 17

  describe('following the tip', () => {
    let db: Db;
    let writer: IndexWriter;
    const logs: string[] = [];
    beforeAll(async () => {
      const dir = tempIndexDir();
      dirs.push(dir);
      db = await openIndex({ dataDir: dir });
      writer = startIndexWriter({ db, sources: zoneSources(devnetConfig(devnet)), from: 0n, concurrency: 16, progressMs: 0, log: (l) => logs.push(l) });
    });
    afterAll(async () => {
      await writer?.stop();
      await db?.close();
    });

    it('behavior: a cross-zone send is in the sender\'s history as sent and, once credited, in the recipient\'s as received; its ETX journey is pending, then delivered with both blocks', async () => {
      const sender = devnet.accounts.filter((a) => a.zone === 'cyprus1')[1] as DevAccount;
      const recipient = (devnet.accounts.filter((a) => a.zone === 'cyprus2')[1] as DevAccount).address;
      const client = createChainClient({ chain: 'cyprus1', url: devnet.urlOf('cyprus1') });
      const nonce = await client.getTransactionCount({ address: sender.address, blockTag: 'pending' });
      const raw = await signTransaction(
        {
          type: 2, chainId: devnet.chainId, nonce, gasTipCap: 10n ** 9n, gasFeeCap: 20n * 10n ** 9n, gas: 100_000n, to: recipient, value: 4242n,
          data: '0x', accessList: [], etxGasLimit: 21_000n, etxGasPrice: 20n * 10n ** 9n, etxGasTip: 10n ** 9n, etxData: '0x', etxAccessList: [],
        },
        sender.privateKey,
      );
      const hash: Hash = await client.sendRawTransaction({ serializedTransaction: raw });
      const sent = await waitFor('the send in the sender\'s history', async () => (await history(db, sender.address)).find((i) => i.hash === hash));
      // Pending while the destination zone is not indexed that far: an index of cyprus1 alone, up to the origin block.
      const originDir = tempIndexDir();
      dirs.push(originDir);
      const originOnly = await openIndex({ dataDir: originDir });
      let pending: EtxJourney | undefined;
      try {
        const sources = zoneSources(devnetConfig(devnet)).filter((z) => z.chain === 'cyprus1');
        await startIndexWriter({ db: originOnly, sources, from: 0n, concurrency: 8, until: sent.blockNumber, progressMs: 0 }).done;
        [pending] = await etxJourneysOfTx(originOnly, hash);
      } finally {
        await originOnly.close();
      }
      expect(pending).toMatchObject({ status: 'pending', destination: null, origin: { chain: 'cyprus1', txHash: hash, blockNumber: sent.blockNumber, blockHash: sent.blockHash } });
      expect(sent).toMatchObject({ chain: 'cyprus1', direction: 'out', type: 'etx-sent', to: recipient.toLowerCase(), otherChain: 'cyprus2', value: 4242n, status: 'success' });
      const received = await waitFor(
        'the credit in the recipient\'s history',
        async () => (await history(db, recipient)).find((i) => i.type === 'etx-received' && i.from === sender.address.toLowerCase() && i.value === 4242n),
        90_000,
      );
      expect(received).toMatchObject({ chain: 'cyprus2', direction: 'in', otherChain: 'cyprus1' });
      expect(received.blockNumber).toBeGreaterThan(0n);
      // The credit is the ETX itself (same hash), so its journey is delivered at that block.
      const delivered = await waitFor('the journey delivered', async () => {
        const journey = await etxJourney(db, (pending as EtxJourney).hash);
        return journey?.status === 'delivered' ? journey : null;
      });
      expect(delivered).toMatchObject({ status: 'delivered', destination: { chain: 'cyprus2', blockNumber: received.blockNumber, blockHash: received.blockHash } });
      expect(received.hash).toBe(delivered?.hash);
      expect(delivered?.seconds).toBe((delivered?.destination?.timestamp ?? 0n) - sent.timestamp);
      // Above the sum of its three waits (60 s each, each naming what did not come): on a loaded
      // machine the devnet takes that long to include, credit and index a cross-zone send.
    }, 300_000);

    it('behavior: a forced reorg of depth 3 is rolled back to the common ancestor and the new branch indexed', async () => {
      const store = devnet.network.store('cyprus1');
      // Reorganise blocks the index already holds; only zone-only blocks can go, so retry until
      // the last three are.
      const reorg = await waitFor('a reorg the devnet accepts', async () => {
        await waitFor('the index at the head', async () => ((await readCursor(db, 'cyprus1'))?.number ?? -1n) >= BigInt(store.height));
        // Over JSON-RPC, as a devnet in another process would be asked (devnet_reorg; Devnet.reorg in process).
        const response = await fetch(devnet.urlOf('cyprus1'), {
          method: 'POST', headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'devnet_reorg', params: [3] }),
        });
        const body = (await response.json()) as { result?: ReorgResult };
        return body.result ?? null;
      }, 90_000);
      const branchHead = reorg.ancestor + 4;
      await waitFor('the index on the new branch', async () => ((await readCursor(db, 'cyprus1'))?.number ?? 0n) >= BigInt(branchHead));
      const stored = await db.query(`SELECT number::int AS n, '0x' || encode(hash, 'hex') AS hash FROM blocks
                                      WHERE chain = 'cyprus1' AND number BETWEEN $1 AND $2 ORDER BY number`, [reorg.ancestor + 1, branchHead]);
      expect(stored.map((r) => r.hash)).toEqual(reorg.replacement);
      const stale = await db.query(`SELECT count(*)::int AS n FROM blocks WHERE '0x' || encode(hash, 'hex') = ANY($1::text[])`, [reorg.dropped]);
      expect(stale).toEqual([{ n: 0 }]);
      // The stored chain links: every block's parent is the block below it.
      const broken = await db.query(`SELECT count(*)::int AS n FROM blocks b JOIN blocks p ON p.chain = b.chain AND p.number = b.number - 1
                                      WHERE b.parent_hash <> p.hash`);
      expect(broken).toEqual([{ n: 0 }]);
      // The daily totals were undone exactly: they equal a count over the rows now stored.
      const [all, days, flow] = await db.transaction(async (tx) => [await dumpIndex(tx), await recomputedDailyStats(tx), await recomputedEtxFlow(tx)]);
      expect(all.daily_stats).toEqual(days);
      expect(all.etx_flow_hourly).toEqual(flow);
      expect(writer.status().chains.find((c) => c.chain === 'cyprus1')?.reorgs).toBeGreaterThan(0);
      expect(logs.some((l) => l.includes('cyprus1: reorg, rolled back'))).toBe(true);
    }, 120_000);
  });

  it('behavior: two writers on one PostgreSQL never both write; when the writer stops the other takes over', async () => {
    const pg = await startTestPostgres();
    const [dbA, dbB] = await Promise.all([openIndex({ databaseUrl: pg.url, dataDir: '' }), openIndex({ databaseUrl: pg.url, dataDir: '' })]);
    const options = { sources: zoneSources(devnetConfig(devnet)), from: 0n, concurrency: 8, progressMs: 0, standbyMs: 100 };
    const errors: string[] = [];
    const a = startIndexWriter({ ...options, db: dbA, log: (l) => l.includes('does not extend') && errors.push(l) });
    const b = startIndexWriter({ ...options, db: dbB, log: (l) => l.includes('does not extend') && errors.push(l) });
    try {
      // Sampled every 50 ms for 1.5 s at least, and on until one of them has become the writer:
      // under load the migrations and the lock may take longer than the 1.5 s.
      const roles: string[] = [];
      await waitFor('one writer', async () => {
        for (let i = 0; i < 30; i++) {
          roles.push(`${a.status().role}/${b.status().role}`);
          await new Promise((r) => setTimeout(r, 50));
        }
        return roles.at(-1)?.includes('writer');
      });
      expect(roles.filter((r) => r === 'writer/writer')).toEqual([]);
      expect(roles.at(-1)?.split('/').filter((r) => r === 'writer')).toHaveLength(1);
      const [first, second] = a.status().role === 'writer' ? [a, b] : [b, a];
      const before = (await readCursor(dbA, 'cyprus1'))?.number ?? 0n;
      await first.stop();
      await waitFor('the standby to take over', async () => second.status().role === 'writer');
      await waitFor('the new writer to go on', async () => ((await readCursor(dbA, 'cyprus1'))?.number ?? 0n) > before);
      expect(errors).toEqual([]);
    } finally {
      await Promise.all([a.stop(), b.stop()]);
      await Promise.all([dbA.close(), dbB.close()]);
      await pg.stop();
    }
  }, 240_000); // a PostgreSQL server started, two indexes migrated, a takeover: minutes on a loaded machine
});
