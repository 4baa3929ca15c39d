/**
 * ETX journeys on PGlite and a real PostgreSQL: pending from the origin block alone, delivered
 * once the destination zone's block holds the type 1 of the same hash (whichever zone is indexed
 * first), back to pending when the destination block is rolled back, gone with the origin block.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChainName } from '@/lib/protocol/chains';
import type { Address, Hash } from '@/lib/rpc/domain';
import { commitBlock, rollbackTo, migrate } from '../testing/engine-with-derivations';
import type { Db } from '../drivers/db';
import { etxJourney, etxJourneysOfTx } from '../readers/etx-reader';
import type { IndexedBlock, IndexedTx } from '../engine/indexed-block';
import { testDrivers } from '../testing/test-drivers';

const hash = (n: number, salt = 0): Hash => `0x${(n * 1000 + salt).toString(16).padStart(64, '0')}` as Hash;
const ALICE = '0x0a00000000000000000000000000000000000001' as Address;
const CAROL = '0x1a00000000000000000000000000000000000004' as Address;
const ETX_A = hash(77, 1);
const ETX_B = hash(77, 2);
const SEND = hash(55, 5);

function tx(index: number, overrides: Partial<IndexedTx>): IndexedTx {
  return {
    index, hash: hash(index + 1, 7), type: 0, from: ALICE, to: CAROL, contractAddress: null, value: 1n, nonce: 0n, gas: 100_000n,
    gasUsed: 50_000n, gasPrice: 10n ** 9n, status: 'success', method: null, otherChain: null, tokenTransfers: [], etxs: [], logs: [], ...overrides,
  };
}

function block(chain: ChainName, number: number, txs: readonly IndexedTx[], timestamp: bigint): IndexedBlock {
  const salt = chain === 'cyprus1' ? 0 : 500;
  return {
    chain, number: BigInt(number), hash: hash(number, salt), parentHash: number === 0 ? hash(0, 999) : hash(number - 1, salt),
    numberPrime: 40n + BigInt(number), numberRegion: 70n + BigInt(number), timestamp, transactions: txs, mined: [],
  };
}

const drivers = testDrivers();

describe.each(drivers)('ETX journeys on $name', (driver) => {
  let db: Db;
  beforeAll(async () => {
    db = await driver.open();
    await migrate(db);
  });
  afterAll(async () => {
    await db?.close();
    await driver.cleanup();
  });

  it('behavior: an emitted ETX is pending until its destination block is indexed, then delivered with both blocks and the time between', async () => {
    // The destination zone is indexed first up to a block without the ETX.
    await commitBlock(db, block('cyprus2', 0, [], 1_000n));
    await commitBlock(db, block('cyprus1', 0, [], 1_000n));
    await commitBlock(db, block('cyprus1', 1, [tx(0, {
      hash: SEND, type: 2, otherChain: 'cyprus2',
      etxs: [{ hash: ETX_A, destination: 'cyprus2' }, { hash: ETX_B, destination: 'cyprus2' }],
    })], 1_010n));
    const pending = await etxJourney(db, ETX_A);
    expect(pending).toEqual({
      hash: ETX_A, status: 'pending', destination: null, seconds: null,
      origin: { chain: 'cyprus1', txHash: SEND, blockNumber: 1n, blockHash: hash(1), timestamp: 1_010n, numbers: [41n, 71n, 1n] },
    });
    await commitBlock(db, block('cyprus2', 1, [tx(0, { hash: ETX_A, type: 1, from: ALICE, otherChain: 'cyprus1' })], 1_025n));
    expect(await etxJourney(db, ETX_A)).toMatchObject({
      status: 'delivered', seconds: 15n, destination: { chain: 'cyprus2', blockNumber: 1n, blockHash: hash(1, 500), timestamp: 1_025n, numbers: [41n, 71n, 1n] },
    });
    expect((await etxJourneysOfTx(db, SEND)).map((j) => [j.hash, j.status])).toEqual([[ETX_A, 'delivered'], [ETX_B, 'pending']]);
    expect(await etxJourney(db, hash(1234))).toBeNull();
  });

  it('behavior: a rolled-back destination block sets the journey back to pending; a rolled-back origin block removes it', async () => {
    await rollbackTo(db, 'cyprus2', 0n);
    expect(await etxJourney(db, ETX_A)).toMatchObject({ status: 'pending', destination: null });
    await rollbackTo(db, 'cyprus1', 0n);
    expect(await etxJourney(db, ETX_A)).toBeNull();
    expect(await etxJourneysOfTx(db, SEND)).toEqual([]);
    expect(await db.query('SELECT count(*)::int AS n FROM etx_origins')).toEqual([{ n: 0 }]);
  });
});
