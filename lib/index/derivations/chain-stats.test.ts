/**
 * The chain-stats rollups (migration 23) on PGlite and a real PostgreSQL, with hand-built blocks:
 * per hour the sums of the blocks' figures, the seconds between each block and its parent, the
 * least and greatest gas prices, new addresses; a rollback that drops the hour's cheapest and
 * dearest transactions leaves sums, extremes and new addresses equal to an index that never saw
 * those blocks; and the readers' days are the sums of their hours.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Address, Hash } from '@/lib/rpc/domain';
import type { Db, Queryable } from '../drivers/db';
import type { BlockFigures, IndexedBlock, IndexedTx } from '../engine/indexed-block';
import { dailyStats, hourlyStats } from '../readers/chain-stats-reader';
import { commitBlocks, migrate, rollbackTo } from '../testing/engine-with-derivations';
import { dumpIndex, recomputedChainStats } from '../testing/index-test-support';
import { testDrivers } from '../testing/test-drivers';

const hash = (n: number, salt = 0): Hash => `0x${(n * 1000 + salt).toString(16).padStart(64, '0')}` as Hash;
const ALICE = '0x0a00000000000000000000000000000000000001' as Address;
const BOB = '0x0a00000000000000000000000000000000000002' as Address;
const CAROL = '0x0a00000000000000000000000000000000000003' as Address;
const H0 = 480_000n * 3_600n; // an hour's start (2024-10-04 00:00 UTC)

function tx(index: number, from: Address, to: Address, gasPrice: bigint): IndexedTx {
  return {
    index, hash: hash(index + 1, 7), type: 0, from, to, contractAddress: null, value: 1n, nonce: 0n, gas: 21_000n,
    gasUsed: 21_000n, gasPrice, status: 'success', method: null, otherChain: null, tokenTransfers: [], etxs: [], logs: [],
  };
}

const figures = (n: number): BlockFigures => ({ difficulty: 1_000n + BigInt(n), gasUsed: 21_000n * 2n, gasLimit: 30_000_000n, baseFee: 10n, uncles: n % 2 });

function block(number: number, txs: readonly IndexedTx[], timestamp: bigint, branch = 0): IndexedBlock {
  const salt = branch;
  const parentSalt = number - 1 <= 3 ? 0 : salt; // branches fork above block 3
  return {
    chain: 'cyprus1', number: BigInt(number), hash: hash(number, salt), parentHash: number === 0 ? hash(0, 999) : hash(number - 1, parentSalt),
    numberPrime: 0n, numberRegion: 0n, timestamp, mined: [], header: figures(number),
    transactions: txs.map((t) => ({ ...t, hash: hash(number * 100 + t.index, 1 + salt) })),
  };
}

/** Blocks 0–3 in the first hour, 4–5 (a rollback drops them) in the first and the next; 4 holds the hour's least and greatest gas prices. */
const chain = [
  block(0, [], H0 + 10n),
  block(1, [tx(0, ALICE, BOB, 20n)], H0 + 20n),
  block(2, [tx(0, BOB, ALICE, 30n), tx(1, ALICE, BOB, 25n)], H0 + 27n),
  block(3, [], H0 + 40n),
  block(4, [tx(0, CAROL, ALICE, 11n), tx(1, ALICE, CAROL, 99n)], H0 + 50n),
  block(5, [tx(0, ALICE, BOB, 40n)], H0 + 3_601n),
];

async function dump(q: Queryable): Promise<unknown[]> {
  const all = await dumpIndex(q);
  return [all.block_stats, all.chain_stats_hourly, all.address_first_seen, all.hourly_new_addresses];
}

const drivers = testDrivers();

describe.each(drivers)('chain stats on $name', (driver) => {
  let db: Db;
  beforeAll(async () => {
    db = await driver.open();
    await migrate(db);
  });
  afterAll(async () => {
    await db?.close();
    await driver.cleanup();
  });

  it('behavior: hours sum their blocks; a rollback leaves the sums, extremes and new addresses of an index that never saw the blocks above', async () => {
    await commitBlocks(db, chain.slice(0, 3));
    await commitBlocks(db, chain.slice(3, 4));
    const throughThree = await dump(db);
    await commitBlocks(db, chain.slice(4));
    const [first, second] = await hourlyStats(db, 'cyprus1', Number(H0 / 3_600n), Number(H0 / 3_600n) + 1);
    // Block 1's parent is the genesis block: no block time; blocks 2, 3, 4 have 7, 13 and 10 seconds.
    expect(first).toMatchObject({
      blocks: 5, timedBlocks: 3, blockTimeSum: 30n, uncles: 2n, transactions: 5n, priced: 5n, gasPriceSum: 185n, gasPriceMin: 11n,
      gasPriceMax: 99n, newAddresses: 3n, difficultySum: 5_010n, tips: 21_000n * (10n + 20n + 15n + 1n + 89n),
    });
    expect(second).toMatchObject({ blocks: 1, timedBlocks: 1, blockTimeSum: 3_551n, newAddresses: 0n, gasPriceMin: 40n, gasPriceMax: 40n });
    const [day] = await dailyStats(db, 'cyprus1', Number(H0 / 86_400n), Number(H0 / 86_400n));
    expect(day).toMatchObject({ blocks: 6, transactions: 6n, gasPriceMin: 11n, gasPriceMax: 99n, newAddresses: 3n, activeAddresses: 3n });
    expect((await dump(db))[1]).toEqual(await recomputedChainStats(db));

    await rollbackTo(db, 'cyprus1', 3n);
    expect(await dump(db)).toEqual(throughThree);
    const [after] = await hourlyStats(db, 'cyprus1', Number(H0 / 3_600n), Number(H0 / 3_600n));
    expect(after).toMatchObject({ blocks: 4, gasPriceMin: 20n, gasPriceMax: 30n, newAddresses: 2n });
    // The other branch, written over it, sums as the blocks say.
    await commitBlocks(db, [block(4, [tx(0, BOB, ALICE, 5n)], H0 + 3_700n, 1)]);
    expect((await dump(db))[1]).toEqual(await recomputedChainStats(db));
  });
});
