/**
 * Etherscan's daily statistics actions and balancehistory against a devnet (1x1, traffic, uncles),
 * over real HTTP (testing/serve-etherscan.ts), after an index writer on PGlite indexed blocks
 * 0..H: each day's figures equal what the node's own blocks and receipts of that UTC day say
 * (block counts, the seconds between each block and its parent, uncles, transactions, new
 * addresses, gas, gas prices, difficulty, hash rate, fees above the base fee), in Etherscan's names
 * and formats; and an address's balance at a block equals the node's.
 */
import { formatEther, type Address } from 'viem';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { devAccountsOf, type DevAccount } from '@/devnet/accounts';
import type { Devnet } from '@/devnet/index';
import { startDevnetOnFreePorts } from '@/devnet/test-support/free-ports';
import { startTraffic, type Traffic } from '@/devnet/traffic';
import type { Db } from '@/lib/index/drivers/db';
import { openPglite } from '@/lib/index/drivers/pglite-driver';
import { DERIVATIONS } from '@/lib/index/derivations/index';
import { zoneSources } from '@/lib/index/engine/sources';
import { MIGRATIONS } from '@/lib/index/migrations/index';
import { migrate } from '@/lib/index/migrations/migrate';
import { devnetConfig, tempIndexDir, waitFor } from '@/lib/index/testing/index-test-support';
import { startIndexWriter } from '@/lib/index/writer';
import { createChainClient, type ChainClient } from '@/lib/rpc/client';
import type { Block } from '@/lib/rpc/domain';
import { etherscanContextOf } from '@/lib/server/etherscan/context';
import { loadCompilerConfig } from '@/lib/server/contracts/solc/compilers';
import { nodeOfClient } from '@/lib/server/contracts/verify-context';
import { teraText } from './actions/stats/dailyavgnetdifficulty';
import { serveEtherscan, type ServedEtherscan } from './testing/serve-etherscan';

const ZONE = 'cyprus1';
const H = 40n;

let devnet: Devnet;
let traffic: Traffic;
let client: ChainClient;
let db: Db;
let served: ServedEtherscan;

/** What the node's blocks 0..H say, per UTC day. */
interface DayFromNode {
  blocks: number;
  intervals: bigint[];
  uncles: number;
  transactions: number;
  newAddresses: number;
  gasLimit: bigint;
  gasUsed: bigint;
  difficulty: bigint;
  prices: bigint[];
  tips: bigint;
}
const fromNode = new Map<string, DayFromNode>();

beforeAll(async () => {
  devnet = await startDevnetOnFreePorts({ topology: '1x1', blockTimeMs: 300, uncleRate: 0.3 });
  traffic = startTraffic({
    zones: devnet.executions, accounts: [devAccountsOf(ZONE)[0] as DevAccount], ratePerSecond: 6, chainId: devnet.chainId, seed: 5,
    stateRootOf: (zone) => devnet.network.store(zone).head.header.stateRoot,
  });
  client = createChainClient({ chain: ZONE, url: devnet.urlOf(ZONE), timeoutMs: 10_000 });
  await waitFor('the devnet past H', async () => BigInt(devnet.network.store(ZONE).height) >= H + 1n, 120_000);
  db = await openPglite(tempIndexDir());
  await migrate(db, MIGRATIONS, DERIVATIONS);
  const sources = zoneSources(devnetConfig(devnet)).filter((s) => s.chain === ZONE);
  await startIndexWriter({ db, sources, from: 0n, concurrency: 8, until: H, progressMs: 0 }).done;
  served = await serveEtherscan(
    etherscanContextOf({
      clients: new Map([[ZONE, client]]),
      index: async () => ({ ready: true, db, perVersion: (_key, read) => read() }),
      verify: async () => ({ db, node: () => nodeOfClient(client), compilers: loadCompilerConfig({ STRATA_SOLC_DOWNLOAD: 'off' }), worker: 'test' }),
      chainId: async () => devnet.chainId,
      broadcastEnabled: false,
      expectedChainId: devnet.chainId,
    }),
  );

  const seen = new Set<string>();
  let parent: Block<'full'> | null = null;
  for (let n = 0n; n <= H; n++) {
    const block = (await client.getBlockByNumber({ blockNumber: n, full: true })) as Block<'full'>;
    const day = new Date(Number(block.timestamp) * 1000).toISOString().slice(0, 10);
    const d = fromNode.get(day) ?? { blocks: 0, intervals: [], uncles: 0, transactions: 0, newAddresses: 0, gasLimit: 0n, gasUsed: 0n, difficulty: 0n, prices: [], tips: 0n };
    fromNode.set(day, d);
    d.blocks += 1;
    // The genesis block's time is its configuration's, not mined: block 1 has no block time.
    if (parent && n > 1n) d.intervals.push(block.timestamp - parent.timestamp);
    d.uncles += block.uncles.length;
    d.transactions += block.transactions.length;
    d.gasLimit += block.gasLimit;
    d.gasUsed += block.gasUsed;
    d.difficulty += block.difficulty;
    for (const tx of block.transactions) {
      const receipt = await client.getTransactionReceipt({ hash: tx.hash });
      const price = receipt?.effectiveGasPrice ?? null;
      if (price !== null) {
        d.prices.push(price);
        if (receipt && price > block.baseFeePerGas) d.tips += receipt.gasUsed * (price - block.baseFeePerGas);
      }
      // Who appears: the sender (an ETX's originating account), the recipient unless in another zone, the contract created.
      for (const a of [tx.type === 1 ? tx.sender : tx.from, tx.type === 2 ? null : tx.to, receipt?.contractAddress ?? null]) {
        if (a && !seen.has(a.toLowerCase())) {
          seen.add(a.toLowerCase());
          d.newAddresses += 1;
        }
      }
    }
    parent = block;
  }
}, 300_000);

afterAll(async () => {
  traffic?.stop();
  await served?.close();
  await db?.close();
  await devnet?.stop();
});

async function daily(action: string, extra = ''): Promise<{ status: number; json: { status: string; message: string; result: Record<string, unknown>[] | string } }> {
  const days = [...fromNode.keys()].sort();
  const res = await fetch(`${served.origin}/chain/${ZONE}/api?module=stats&action=${action}&startdate=${days[0]}&enddate=${days.at(-1)}${extra}`);
  return { status: res.status, json: (await res.json()) as never };
}

/** Per day, the item Etherscan's action answers, computed from the node's blocks. */
function expected(fields: (d: DayFromNode) => Record<string, string | number>): Record<string, unknown>[] {
  return [...fromNode.keys()].sort().map((day) => ({ UTCDate: day, unixTimeStamp: String(Date.parse(`${day}T00:00:00Z`) / 1000), ...fields(fromNode.get(day)!) }));
}

const avg = (values: readonly bigint[]): bigint => (values.length === 0 ? 0n : values.reduce((s, v) => s + v, 0n) / BigInt(values.length));
const seconds = (d: DayFromNode): number => (d.intervals.length === 0 ? 0 : Number(d.intervals.reduce((s, v) => s + v, 0n)) / d.intervals.length);

describe('Etherscan daily statistics, from the index against the node', () => {
  test.each([
    ['dailyblkcount', (d: DayFromNode) => ({ blockCount: d.blocks, blockRewards_Eth: formatEther(d.tips) })],
    ['dailyavgblocktime', (d: DayFromNode) => ({ blockTime_sec: seconds(d).toFixed(2) })],
    ['dailyuncleblkcount', (d: DayFromNode) => ({ uncleBlockCount: d.uncles, uncleBlockRewards_Eth: '0' })],
    ['dailytx', (d: DayFromNode) => ({ transactionCount: d.transactions })],
    ['dailynewaddress', (d: DayFromNode) => ({ newAddressCount: d.newAddresses })],
    ['dailyavggaslimit', (d: DayFromNode) => ({ gasLimit: (d.gasLimit / BigInt(d.blocks)).toString() })],
    ['dailygasused', (d: DayFromNode) => ({ gasUsed: d.gasUsed.toString() })],
    ['dailyavggasprice', (d: DayFromNode) => ({
      maxGasPrice_Wei: d.prices.reduce((m, p) => (p > m ? p : m), 0n).toString(),
      minGasPrice_Wei: (d.prices.length === 0 ? 0n : d.prices.reduce((m, p) => (p < m ? p : m))).toString(),
      avgGasPrice_Wei: avg(d.prices).toString(),
    })],
    ['dailyavgnetdifficulty', (d: DayFromNode) => ({ networkDifficulty: teraText(Number(d.difficulty / BigInt(d.blocks))) })],
    ['dailyavghashrate', (d: DayFromNode) => ({ networkHashRate: (seconds(d) > 0 ? Number(d.difficulty) / d.blocks / seconds(d) / 1e9 : 0).toFixed(4) })],
  ] as const)('behavior: %s equals what the node\'s blocks of each UTC day say', async (action, fields) => {
    const { status, json } = await daily(action);
    expect(status).toBe(200);
    expect(json).toEqual({ status: '1', message: 'OK', result: expected(fields) });
    const desc = await daily(action, '&sort=desc');
    expect(desc.json.result).toEqual(expected(fields).reverse());
  });

  test('behavior: the devnet\'s blocks had something to count: uncles, transactions, prices, new addresses', () => {
    const all = [...fromNode.values()];
    expect(all.reduce((s, d) => s + d.uncles, 0)).toBeGreaterThan(0);
    expect(all.reduce((s, d) => s + d.transactions, 0)).toBeGreaterThan(20);
    expect(all.reduce((s, d) => s + d.newAddresses, 0)).toBeGreaterThan(3);
    expect(all.some((d) => d.prices.length > 0 && d.tips > 0n)).toBe(true);
  });

  test('bad input: a malformed date, an end before the start, no zone: 400 NOTOK naming it; a day without blocks: none', async () => {
    const ask = async (query: string, base = `/chain/${ZONE}/api`) => {
      const res = await fetch(`${served.origin}${base}?module=stats&action=dailytx&${query}`);
      return { status: res.status, json: (await res.json()) as { status: string; result: unknown } };
    };
    expect(await ask('startdate=2024-02-30&enddate=2024-03-01')).toEqual({ status: 400, json: expect.objectContaining({ status: '0', result: expect.stringContaining('startdate') }) });
    expect(await ask('startdate=2024-03-02&enddate=2024-03-01')).toEqual({ status: 400, json: expect.objectContaining({ result: expect.stringContaining('enddate') }) });
    expect((await ask('startdate=2024-03-01&enddate=2024-03-01', '/api')).status).toBe(400);
    expect(await ask('startdate=2001-03-01&enddate=2001-03-01')).toEqual({ status: 200, json: { status: '0', message: 'No records found', result: [] } });
  });
});

describe('account balancehistory, from the index against the node', () => {
  test('behavior: an address\'s balance at each block equals the node\'s; a block past the balance pass is refused, saying how far it is', async () => {
    const account = devAccountsOf(ZONE)[0]!.address.toLowerCase() as Address;
    for (const n of [0n, 1n, H / 2n, H - 1n, H]) {
      const res = await fetch(`${served.origin}/api?module=account&action=balancehistory&address=${account}&blockno=${n}`);
      expect(await res.json(), `block ${n}`).toEqual({ status: '1', message: 'OK', result: (await client.getBalance({ address: account, blockTag: n })).toString() });
    }
    const far = await fetch(`${served.origin}/api?module=account&action=balancehistory&address=${account}&blockno=${H + 100n}`);
    expect(await far.json()).toEqual({ status: '0', message: 'NOTOK', result: `Error! The balance history of ${ZONE} is complete through block ${H}, not yet ${H + 100n}` });
  });
});
