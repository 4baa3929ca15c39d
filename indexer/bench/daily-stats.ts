/**
 * `npm run bench:stats`: the cost of the daily counts and the ETX flow (migration 5), each figure
 * printed with how it was measured. A benchmark, not a test: it asserts nothing.
 *   1. Write: synthetic windows of 128 zone blocks of --tx-per-block transactions (senders and
 *      recipients drawn from --addresses accounts), committed with every derivation and again
 *      without the daily-stats one: ms per block, the overhead, bytes of daily_addresses per row.
 *   2. Read: daily_stats filled for 365 days × 9 zones; the network page's read (30 days of each
 *      of the 9 zones, nine primary-key reads): p50, p99. Its cost does not depend on traffic:
 *      one row per zone-day however many transactions it counts.
 *   3. Flow: etx_flow_hourly filled for 30 days of 81 busy zone pairs; the 24h, 7d and 30d
 *      matrices: p50, p99 (at most 81 rows an hour, whatever the number of ETXs).
 * Both on PGlite and a real PostgreSQL. Flags: --blocks (section 1, default 1280),
 * --tx-per-block (50: 10 tx/s at a block every 5 s, one in ten a send to another zone and one in
 * ten an ETX received), --addresses (20000), --skip <write,read,flow>.
 */
import { rmSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { ZONES } from '@/lib/protocol/chains';
import { commitBlocks } from '@/lib/index/engine/block-store';
import { DERIVATIONS } from '@/lib/index/derivations/index';
import type { Db } from '@/lib/index/drivers/db';
import type { IndexedBlock, IndexedTx } from '@/lib/index/engine/indexed-block';
import { tempIndexDir } from '@/lib/index/testing/index-test-support';
import { migrate } from '@/lib/index/testing/engine-with-derivations';
import { openIndex } from '@/lib/index/open-index';
import { dailyStatsDerivation } from '@/lib/index/derivations/daily-stats';
import { dailyCounts, etxFlow } from '@/lib/index/readers/stats-reader';
import { openEmptyPostgres, startTestPostgres, type TestPostgres } from '@/lib/index/testing/test-postgres';
import type { Address, Hash } from '@/lib/rpc/domain';

const { values } = parseArgs({
  options: {
    blocks: { type: 'string', default: '1280' },
    'tx-per-block': { type: 'string', default: '50' },
    addresses: { type: 'string', default: '20000' },
    skip: { type: 'string', default: '' },
  },
});
const skip = new Set(values.skip.split(',').filter(Boolean));
const BLOCKS = Number(values.blocks);
const TX_PER_BLOCK = Number(values['tx-per-block']);
const ADDRESSES = Number(values.addresses);
const DAY = 86_400;
const T0 = 20_000 * DAY; // a UTC midnight

function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? NaN;
}
const ms = (n: number): string => `${n.toFixed(1)} ms`;
const hex = (n: number, width: number, prefix = ''): string => `0x${prefix}${n.toString(16).padStart(width - prefix.length, '0')}`;
const address = (n: number): Address => hex(n, 40, '0a') as Address;

async function timed(reps: number, fn: () => Promise<unknown>): Promise<string> {
  const times: number[] = [];
  for (let k = 0; k < reps + 10; k++) {
    const t = performance.now();
    await fn();
    times.push(performance.now() - t);
  }
  const warm = times.slice(10).sort((a, b) => a - b);
  return `p50 ${ms(percentile(warm, 50))}, p99 ${ms(percentile(warm, 99))} (${warm.length} reads after 10 warm-up)`;
}

/** A fresh, migrated database of either kind; `done` closes and removes it. */
async function fresh(kind: 'PostgreSQL' | 'PGlite', pg: TestPostgres): Promise<{ db: Db; done: () => Promise<void> }> {
  if (kind === 'PGlite') {
    const dir = tempIndexDir();
    const db = await openIndex({ dataDir: dir });
    return { db, done: async () => { await db.close(); rmSync(dir, { recursive: true, force: true }); } };
  }
  const db = await openEmptyPostgres(pg.url);
  await migrate(db);
  return { db, done: () => db.close() };
}

function syntheticBlocks(): IndexedBlock[] {
  // xorshift32 (integer arithmetic: a float LCG loses precision and repeats early).
  let seed = 7;
  const random = (n: number): number => {
    seed ^= seed << 13;
    seed ^= seed >>> 17;
    seed ^= seed << 5;
    return (seed >>> 0) % n;
  };
  return Array.from({ length: BLOCKS }, (_, b): IndexedBlock => ({
    chain: 'cyprus1', number: BigInt(b), hash: hex(b + 1, 64) as Hash, parentHash: hex(b, 64) as Hash, numberPrime: 0n, numberRegion: 0n,
    // One block every 5 s from a midnight: section 1 spans the first hours of one day.
    timestamp: BigInt(T0 + b * 5),
    mined: [],
    transactions: Array.from({ length: TX_PER_BLOCK }, (_, i): IndexedTx => {
      // One in ten sends an ETX to another zone, one in ten is an ETX received from one.
      const type = i % 10 === 1 ? 2 : i % 10 === 2 ? 1 : 0;
      const destination = ZONES[1 + random(ZONES.length - 1)]?.name ?? 'cyprus2';
      return {
        index: i, hash: hex(b * 10_000 + i + 1, 64, 'f') as Hash, type, from: address(random(ADDRESSES)), to: address(random(ADDRESSES)),
        contractAddress: null, value: 1n, nonce: 0n, gas: 21_000n, gasUsed: 21_000n, gasPrice: 1n, status: 'success', method: null,
        otherChain: type === 2 ? destination : type === 1 ? 'cyprus2' : null, tokenTransfers: [],
        logs: [],
        etxs: type === 2 ? [{ hash: hex(b * 10_000 + i + 1, 64, 'e') as Hash, destination }] : [],
      };
    }),
  }));
}

async function benchWrite(pg: TestPostgres): Promise<void> {
  const blocks = syntheticBlocks();
  console.log(`\n1. write: ${BLOCKS} blocks of ${TX_PER_BLOCK} transactions among ${ADDRESSES.toLocaleString('en')} addresses, windows of 128`);
  for (const kind of ['PostgreSQL', 'PGlite'] as const) {
    const results: Record<string, number> = {};
    for (const [label, derivations] of [['without daily stats', DERIVATIONS.filter((d) => d !== dailyStatsDerivation)], ['with daily stats', DERIVATIONS]] as const) {
      const { db, done } = await fresh(kind, pg);
      const t = performance.now();
      for (let i = 0; i < blocks.length; i += 128) await commitBlocks(db, blocks.slice(i, i + 128), derivations);
      results[label] = performance.now() - t;
      if (label === 'with daily stats') {
        const [row] = await db.query(`SELECT pg_total_relation_size('daily_addresses')::text AS bytes, (SELECT count(*) FROM daily_addresses)::text AS n`);
        const bytes = Number(row?.bytes) / Number(row?.n);
        console.log(`   ${kind}: daily_addresses ${Number(row?.n).toLocaleString('en')} rows, ${bytes.toFixed(0)} bytes per (zone, day, address) row with its indexes`);
      }
      await done();
    }
    const [a, b] = [results['without daily stats'] ?? NaN, results['with daily stats'] ?? NaN];
    console.log(`   ${kind}: ${(a / BLOCKS).toFixed(2)} ms per block without, ${(b / BLOCKS).toFixed(2)} ms with: +${(((b - a) / a) * 100).toFixed(0)}%`);
  }
}

async function benchRead(pg: TestPostgres): Promise<void> {
  console.log('\n2. read: daily_stats of 365 days × 9 zones (synthetic: 864,000 transactions a zone-day); 30 days of each of the 9 zones');
  for (const kind of ['PostgreSQL', 'PGlite'] as const) {
    const { db, done } = await fresh(kind, pg);
    await db.query(`INSERT INTO daily_stats SELECT z, d, 17280, 864000, 86400, 86400, 500000
      FROM unnest($1::text[]) z, generate_series(${T0 / DAY - 364}, ${T0 / DAY}) d`, [ZONES.map((z) => z.name)]);
    await db.query('ANALYZE');
    const now = BigInt(T0 + 100);
    console.log(`   ${kind}: ${await timed(200, () => Promise.all(ZONES.map((z) => dailyCounts(db, z.name, 30, now))))}`);
    await done();
  }
}

async function benchFlow(pg: TestPostgres): Promise<void> {
  const zones = ZONES.map((z) => z.name);
  console.log('\n3. flow: etx_flow_hourly filled for 30 days × 81 zone pairs (every hour and pair busy); the 24h, 7d and 30d matrices');
  for (const kind of ['PostgreSQL', 'PGlite'] as const) {
    const { db, done } = await fresh(kind, pg);
    const endHour = (T0 + DAY) / 3_600;
    await db.query(`INSERT INTO etx_flow_hourly SELECT h, o, d, 720, 700 FROM generate_series(${endHour - 720}, ${endHour - 1}) h,
      unnest($1::text[]) o, unnest($1::text[]) d`, [zones]);
    await db.query('ANALYZE');
    for (const [label, days] of [['24h', 1], ['7d', 7], ['30d', 30]] as const) {
      const to = BigInt(T0 + DAY);
      console.log(`   ${kind} ${label}: ${await timed(100, () => etxFlow(db, to - BigInt(days * DAY), to))}`);
    }
    await done();
  }
}

async function main(): Promise<void> {
  console.log(`bench:stats ${new Date().toISOString()}`);
  const pg = await startTestPostgres();
  try {
    if (!skip.has('write')) await benchWrite(pg);
    if (!skip.has('read')) await benchRead(pg);
    if (!skip.has('flow')) await benchFlow(pg);
  } finally {
    await pg.stop();
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
