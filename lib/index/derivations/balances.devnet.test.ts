/**
 * The balance pass against a running devnet (1x1, traffic from the first dev account): an account
 * funded and moved in several blocks (a send to it, a send from it, value forwarded to it by a
 * contract, most of it sent away) has exactly those changes in its history, each equal to the
 * node's balance at that block; every address the index holds changes for, block by block, changes
 * exactly where the node says; the top accounts equal the node's balances at the block they state;
 * killed with SIGKILL during the pass and restarted the index equals a fresh one; and a reorg of
 * blocks it has read leaves it equal to the node again.
 */
import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generatePrivateKey, privateKeyToAddress } from 'viem/accounts';
import type { Devnet } from '@/devnet/index';
import { startDevnetOnFreePorts } from '@/devnet/test-support/free-ports';
import { startTraffic, type Traffic } from '@/devnet/traffic';
import { devAccountsOf, type DevAccount } from '@/devnet/accounts';
import { forwardData } from '@/devnet/contracts';
import { createSender } from '@/devnet/test-support/sender';
import { zoneOf, type ChainName } from '@/lib/protocol/chains';
import { createChainClient, type ChainClient } from '@/lib/rpc/client';
import type { Address } from '@/lib/rpc/domain';
import type { Db } from '../drivers/db';
import { readBalanceCursor } from '../engine/balance-pass/balance-store';
import { readCursor } from '../engine/block-store';
import type { IndexWriter } from '../engine/index-writer';
import { zoneSources } from '../engine/sources';
import { openIndex } from '../open-index';
import { topAccounts, type AccountItem } from '../readers/account-reader';
import { balanceHistoryPage, type BalanceChangeItem } from '../readers/balance-reader';
import { devnetConfig, devnetEnv, dumpIndex, tempIndexDir, waitFor } from '../testing/index-test-support';
import { startIndexWriter } from '../writer';

const ZONE: ChainName = 'cyprus1';

let devnet: Devnet;
let traffic: Traffic;
let client: ChainClient;
const dirs: string[] = [];
/** The account the test funds and moves, and the blocks it moved in (oldest first). */
let account: Address;
const moves: bigint[] = [];
/** Indexed height of the backfill and crash tests. */
let H: bigint;
/** An index of blocks 0..H built in one go: the reference the resumed one must equal. */
let reference: Db;

/** A key whose address lives in ZONE. */
function keyInZone(): { privateKey: `0x${string}`; address: Address } {
  for (;;) {
    const privateKey = generatePrivateKey();
    const address = privateKeyToAddress(privateKey);
    if (zoneOf(address).name === ZONE) return { privateKey, address };
  }
}

async function history(db: Db, address: Address): Promise<BalanceChangeItem[]> {
  const items: BalanceChangeItem[] = [];
  let cursor: string | null = null;
  do {
    const page = await balanceHistoryPage(db, address, { limit: 7, cursor });
    items.push(...page.items);
    cursor = page.next;
  } while (cursor);
  return items;
}

/** The node's balance of each address at each block from..to (and at from - 1). */
async function nodeBalances(addresses: readonly Address[], from: bigint, to: bigint): Promise<Map<string, bigint>> {
  const out = new Map<string, bigint>();
  const asks: [Address, bigint][] = [];
  for (const a of addresses) for (let n = from > 0n ? from - 1n : 0n; n <= to; n++) asks.push([a, n]);
  for (let i = 0; i < asks.length; i += 400) {
    const chunk = asks.slice(i, i + 400);
    const got = await Promise.all(chunk.map(([a, n]) => client.getBalance({ address: a, blockTag: n })));
    chunk.forEach(([a, n], j) => out.set(`${a.toLowerCase()}@${n}`, got[j] as bigint));
  }
  return out;
}

/**
 * For every address of `addresses`: its changes in blocks from..to are exactly the blocks where the
 * node's balance differs from the block before, each with the node's balance and difference.
 */
async function expectNodeHistory(db: Db, addresses: readonly Address[], from: bigint, to: bigint): Promise<void> {
  const node = await nodeBalances(addresses, from, to);
  for (const address of addresses) {
    const a = address.toLowerCase();
    const expected: { blockNumber: bigint; balance: bigint; delta: bigint }[] = [];
    for (let n = from; n <= to; n++) {
      const now = node.get(`${a}@${n}`) as bigint;
      const before = n > 0n ? (node.get(`${a}@${n - 1n}`) as bigint) : 0n;
      if (now !== before) expected.push({ blockNumber: n, balance: now, delta: now - before });
    }
    const got = (await history(db, address)).filter((i) => i.blockNumber >= from && i.blockNumber <= to).reverse();
    expect(got.map((i) => ({ blockNumber: i.blockNumber, balance: i.balance, delta: i.delta })), address).toEqual(expected);
  }
}

/** Every address the index holds a balance change of in ZONE. */
async function changedAddresses(db: Db): Promise<Address[]> {
  const rows = await db.query(`SELECT DISTINCT '0x' || encode(address, 'hex') AS address FROM balance_changes WHERE chain = $1`, [ZONE]);
  return rows.map((r) => String(r.address) as Address);
}

async function allAccounts(db: Db): Promise<{ through: bigint | null; total: bigint; items: AccountItem[] }> {
  const items: AccountItem[] = [];
  let cursor: string | null = null;
  let first: Awaited<ReturnType<typeof topAccounts>> | null = null;
  do {
    const page = await topAccounts(db, ZONE, { limit: 5, cursor });
    first ??= page;
    items.push(...page.items);
    cursor = page.next;
  } while (cursor);
  return { through: first?.through ?? null, total: first?.total ?? 0n, items };
}

async function indexUntil(dir: string, until: bigint): Promise<Db> {
  const db = await openIndex({ dataDir: dir });
  await startIndexWriter({ db, sources: zoneSources(devnetConfig(devnet)), from: 0n, concurrency: 8, until, progressMs: 0 }).done;
  return db;
}

beforeAll(async () => {
  devnet = await startDevnetOnFreePorts({ topology: '1x1', blockTimeMs: 300 });
  traffic = startTraffic({
    zones: devnet.executions, accounts: [devAccountsOf(ZONE)[0] as DevAccount], ratePerSecond: 4, chainId: devnet.chainId, seed: 11,
    stateRootOf: (zone) => devnet.network.store(zone).head.header.stateRoot,
  });
  client = createChainClient({ chain: ZONE, url: devnet.urlOf(ZONE), timeoutMs: 10_000 });
  const forwarder = await waitFor(`${ZONE}'s DevForwarder`, async () => traffic.stats().contracts.get(ZONE)?.forwarder ?? null, 60_000);
  const funder = await createSender(devnet, ZONE, client, devAccountsOf(ZONE)[1] as DevAccount);
  const key = keyInZone();
  account = key.address.toLowerCase() as Address;
  const own = await createSender(devnet, ZONE, client, { zone: ZONE, seedIndex: -1, ...key });
  const blockOf = async (send: Promise<`0x${string}`>, sender = funder): Promise<bigint> => (await sender.mined(await send)).receipt.blockNumber;
  // Funded, then a send from it, then value a contract forwards to it (an internal transfer), then most of it sent away.
  moves.push(await blockOf(funder.send(account, '0x', 10n ** 18n)));
  moves.push(await blockOf(own.send(funder.account.address, '0x', 10n ** 17n), own));
  moves.push(await blockOf(funder.send(forwarder, forwardData(account), 5_000n)));
  const left = await client.getBalance({ address: account, blockTag: 'latest' });
  moves.push(await blockOf(own.send(funder.account.address, '0x', left - 5n * 10n ** 16n), own));
  H = (moves.at(-1) as bigint) + 3n;
  await waitFor('the devnet past H', async () => BigInt(devnet.network.store(ZONE).height) >= H + 1n, 90_000);
  const dir = tempIndexDir();
  dirs.push(dir);
  reference = await indexUntil(dir, H);
}, 240_000);

afterAll(async () => {
  traffic?.stop();
  await reference?.close();
  await devnet?.stop();
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

describe('the balance pass on a devnet', () => {
  it('behavior: an account funded and moved in four blocks has exactly those four changes, each the node\'s balance at its block', async () => {
    expect(new Set(moves).size, `moves in ${moves.join(', ')}`).toBe(4);
    const items = await history(reference, account);
    expect(items.map((i) => i.blockNumber)).toEqual([...moves].reverse());
    for (const item of items) {
      expect(item.balance).toBe(await client.getBalance({ address: account, blockTag: item.blockNumber }));
      expect(item.balance - item.delta).toBe(await client.getBalance({ address: account, blockTag: item.blockNumber - 1n }));
      expect(item.blockHash).toBe((await client.getBlockByNumber({ blockNumber: item.blockNumber }))?.hash);
    }
    // The forward is an internal transfer: its change was read by the internal stage.
    expect(items.find((i) => i.blockNumber === moves[2])?.delta).toBe(5_000n);
    expect((await readBalanceCursor(reference, ZONE))).toEqual({ parties: H, internal: H });
  }, 60_000);

  it('behavior: every address with a change in the index changes exactly where the node says, in blocks 1..H', async () => {
    const addresses = await changedAddresses(reference);
    // The traffic's sender, its recipients and contracts, the miner, the funder, the account.
    expect(addresses.length).toBeGreaterThan(5);
    await expectNodeHistory(reference, addresses, 1n, H);
  }, 120_000);

  it('behavior: the top accounts are the node\'s balances at the block they state, richest first, their shares summing to one', async () => {
    const { through, total, items } = await allAccounts(reference);
    expect(through).toBe(H);
    expect(items.length).toBe((await changedAddresses(reference)).length);
    const node = await Promise.all(items.map((i) => client.getBalance({ address: i.address, blockTag: H })));
    expect(items.map((i) => i.balance)).toEqual(node);
    expect([...items.map((i) => i.balance)].sort((a, b) => (a > b ? -1 : a < b ? 1 : 0))).toEqual(items.map((i) => i.balance));
    expect(total).toBe(node.reduce((s, b) => s + b, 0n));
    expect(items.reduce((s, i) => s + i.share, 0)).toBeCloseTo(1, 6);
    // Funded, sent twice: three transactions (the forward is the funder's; the account is only its internal transfer's recipient).
    expect(items.find((i) => i.address === account)?.transactions).toBe(3n);
  }, 60_000);

  it('behavior: killed with SIGKILL during the balance pass and restarted, the index equals a fresh one', async () => {
    const dir = tempIndexDir();
    dirs.push(dir);
    // One block per block-pass window, two per balance window (twice the block pass's): the balance
    // pass commits H / 2 times, and each kill comes after one of its commits that left blocks to do.
    const env = { ...process.env, ...devnetEnv(devnet), STRATA_INDEX_DIR: dir, STRATA_INDEX_CONCURRENCY: '1', STRATA_INDEX_LOG_COMMITS: '1' };
    const run = (kill: { line: RegExp; below: bigint } | null): Promise<{ exit: string; out: string; through?: bigint }> =>
      new Promise((resolve, reject) => {
        const child = spawn(process.execPath, ['--import', 'tsx', 'indexer/main.ts', '--until', H.toString()], { env, stdio: ['ignore', 'pipe', 'pipe'] });
        let out = '';
        let scanned = 0;
        let through: bigint | undefined;
        child.stdout.on('data', (chunk: Buffer) => {
          out += chunk.toString();
          if (!kill || through !== undefined) return;
          const end = out.lastIndexOf('\n') + 1;
          for (const line of out.slice(scanned, end).split('\n')) {
            const commit = kill.line.exec(line);
            if (commit && BigInt(commit[1] as string) < kill.below) {
              through = BigInt(commit[1] as string);
              child.kill('SIGKILL');
              break;
            }
          }
          scanned = end;
        });
        child.stderr.on('data', (chunk: Buffer) => (out += chunk.toString()));
        child.on('error', reject);
        child.on('exit', (code, signal) => resolve({ exit: String(signal ?? code), out, through }));
      });
    const cursorsOf = async (): Promise<string> => {
      const db = await openIndex({ dataDir: dir });
      try {
        const c = await readBalanceCursor(db, ZONE);
        return `block ${(await readCursor(db, ZONE))?.number ?? '-'}, balances ${c.parties ?? '-'}/${c.internal ?? '-'}`;
      } finally {
        await db.close();
      }
    };
    // After a parties-stage commit, then after an internal-stage commit (each one past the last) that
    // left blocks to do. The internal stage follows the trace pass and joins the windows it has read
    // ahead into one commit, so once the trace pass is through, its commits can be few and long.
    const kills = [
      { line: /^index: cyprus1: balances \d+\.\.(\d+)$/, below: H - 2n },
      { line: /^index: cyprus1: balances \(internal\) \d+\.\.(\d+)$/, below: H },
    ];
    for (const kill of kills) {
      const result = await run(kill);
      const seen = `${kill.line}: ${result.exit} after ${result.through}; ${await cursorsOf()}\n${result.out}`;
      expect(result.exit, seen).toBe('SIGKILL');
      expect(result.through, seen).toBeDefined();
    }
    const last = await run(null);
    expect(last.exit, last.out).toBe('0');
    const resumed = await openIndex({ dataDir: dir });
    try {
      const [a, b] = await Promise.all([dumpIndex(resumed), dumpIndex(reference)]);
      expect(a.balance_changes?.length).toBeGreaterThan(0);
      expect(a).toEqual(b);
    } finally {
      await resumed.close();
    }
  }, 600_000); // four child processes, each starting tsx and PGlite: minutes on a loaded machine

  describe('following the tip', () => {
    let db: Db;
    let writer: IndexWriter;
    beforeAll(async () => {
      const dir = tempIndexDir();
      dirs.push(dir);
      db = await openIndex({ dataDir: dir });
      writer = startIndexWriter({ db, sources: zoneSources(devnetConfig(devnet)), from: 0n, concurrency: 16, progressMs: 0 });
    });
    afterAll(async () => {
      await writer?.stop();
      await db?.close();
    });

    /** Until both balance stages reached `height`. */
    const balancedTo = (height: bigint): Promise<true> =>
      waitFor(`balances through ${height}`, async () => {
        const c = await readBalanceCursor(db, ZONE);
        return (c.parties ?? -1n) >= height && (c.internal ?? -1n) >= height;
      }, 90_000);

    it('behavior: after a reorg of blocks the balance pass had read, every change again equals the node\'s; the accounts too', async () => {
      const store = devnet.network.store(ZONE);
      // The traffic sends in nearly every block, so the dropped blocks hold changes the pass had
      // written (the devnet returns their transactions to the pool; the new branch includes them again).
      const reorg = await waitFor('a reorg the devnet accepts', async () => {
        await balancedTo(BigInt(store.height));
        return devnet.reorg(ZONE, 3).catch(() => null);
      }, 120_000);
      const head = BigInt(reorg.ancestor + 4);
      await waitFor('the index on the new branch', async () => ((await readCursor(db, ZONE))?.number ?? 0n) >= head);
      await balancedTo(head);
      expect(writer.status().chains[0]?.reorgs).toBeGreaterThan(0);
      // No change of a block the index no longer holds.
      const orphans = await db.query(`SELECT count(*)::int AS n FROM balance_changes c
                                        LEFT JOIN blocks b ON b.chain = c.chain AND b.number = c.block_number WHERE b.number IS NULL`);
      expect(orphans).toEqual([{ n: 0 }]);
      await expectNodeHistory(db, await changedAddresses(db), BigInt(Math.max(1, reorg.ancestor - 2)), head);
      // The pass goes on with the traffic, so each page states its own block: every account on it is
      // the node's balance at that block.
      let cursor: string | null = null;
      do {
        const page = await topAccounts(db, ZONE, { limit: 5, cursor });
        expect(page.through).not.toBeNull();
        const node = await Promise.all(page.items.map((i) => client.getBalance({ address: i.address, blockTag: page.through as bigint })));
        expect(page.items.map((i) => i.balance), `the accounts as of block ${page.through}`).toEqual(node);
        cursor = page.next;
      } while (cursor);
    }, 240_000);
  });
});
