/**
 * The balance pass's cursors and the accounts they complete, on PGlite and PostgreSQL, with
 * changes given by hand (the devnet test reads them from a node): a window that does not follow
 * its stage's cursor or whose blocks were replaced is refused; the accounts move only as far as
 * both stages went, whichever commits first; a rollback lowers both cursors (a stage with none
 * keeps none) and takes back what the blocks above added to the accounts, their total and counts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Address, Hash } from '@/lib/rpc/domain';
import type { Db } from '../../drivers/db';
import { BALANCES, balancesDerivation } from '../../derivations/balances';
import type { BalanceChange } from '../../derivations/balance-read';
import { topAccounts } from '../../readers/account-reader';
import { balanceAt, balanceHistoryPage } from '../../readers/balance-reader';
import { commitBlock, migrate, rollbackTo } from '../../testing/engine-with-derivations';
import { dumpIndex } from '../../testing/index-test-support';
import { testDrivers } from '../../testing/test-drivers';
import type { BalanceStage } from '../derivation';
import type { IndexedBlock, IndexedTx } from '../indexed-block';
import { readStoredBlocks } from '../trace-pass/trace-store';
import { BalanceCursorMismatchError, commitBalances, readBalanceCursor } from './balance-store';

const hash = (n: number, salt = 0): Hash => `0x${(n * 1000 + salt).toString(16).padStart(64, '0')}` as Hash;
const ALICE = '0x0a00000000000000000000000000000000000001' as Address;
const BOB = '0x0b00000000000000000000000000000000000002' as Address;

function tx(index: number, from: Address, to: Address): IndexedTx {
  return {
    index, hash: hash(index + 1, 7), type: 0, from, to, contractAddress: null, value: 1n, nonce: BigInt(index), gas: 21000n,
    gasUsed: 21000n, gasPrice: 1n, status: 'success', method: null, otherChain: null, tokenTransfers: [], etxs: [], logs: [],
  };
}

function block(number: number, salt = 0): IndexedBlock {
  return {
    chain: 'cyprus1', number: BigInt(number), hash: hash(number, salt), parentHash: number === 0 ? hash(0, 999) : hash(number - 1, salt),
    numberPrime: 0n, numberRegion: 0n, timestamp: 1_700_000_000n + BigInt(number), mined: [],
    transactions: [{ ...tx(0, ALICE, BOB), hash: hash(number * 100, 1 + salt) }],
  };
}

const change = (n: number, address: Address, balance: bigint, delta: bigint): BalanceChange => ({ chain: 'cyprus1', blockNumber: BigInt(n), address, balance, delta });

const drivers = testDrivers();

describe.each(drivers)('the balance pass\'s store on $name', (driver) => {
  let db: Db;
  beforeAll(async () => {
    db = await driver.open();
    await migrate(db);
  });
  afterAll(async () => {
    await db?.close();
    await driver.cleanup();
  });

  const commit = async (stage: BalanceStage, from: number, to: number, changes: BalanceChange[], override?: (b: Awaited<ReturnType<typeof readStoredBlocks>>) => typeof b): Promise<void> => {
    const stored = await readStoredBlocks(db, 'cyprus1', BigInt(from), BigInt(to));
    await commitBalances(db, stage, override ? override(stored) : stored, [balancesDerivation], { [BALANCES]: changes }, 1);
  };
  const accounts = async () => {
    const page = await topAccounts(db, 'cyprus1', { limit: 10 });
    return { through: page.through, total: page.total, accounts: page.accounts, items: page.items.map((i) => [i.address, i.balance, i.transactions]) };
  };

  it('behavior: stages commit in any order, the accounts follow the block both passed, and a rollback takes it all back to the height', async () => {
    for (let n = 0; n <= 8; n++) await commitBlock(db, block(n));
    // Nothing read yet: each stage starts at the first stored block, never elsewhere.
    expect(await readBalanceCursor(db, 'cyprus1')).toEqual({ parties: null, internal: null });
    await expect(commit('parties', 1, 2, [])).rejects.toBeInstanceOf(BalanceCursorMismatchError);
    await commit('parties', 0, 3, [change(1, ALICE, 90n, -10n), change(1, BOB, 10n, 10n), change(3, ALICE, 80n, -10n)]);
    // The internal stage has written nothing: no block is complete, no account yet.
    expect(await accounts()).toMatchObject({ through: null, items: [] });
    await commit('internal', 0, 2, [change(2, BOB, 15n, 5n)]);
    expect(await readBalanceCursor(db, 'cyprus1')).toEqual({ parties: 3n, internal: 2n });
    expect(await accounts()).toEqual({ through: 2n, total: 105n, accounts: 2n, items: [[ALICE, 90n, 3n], [BOB, 15n, 3n]] });
    await expect(commit('internal', 4, 4, [])).rejects.toBeInstanceOf(BalanceCursorMismatchError);
    // A window read from blocks a rollback replaced is refused whole.
    await expect(commit('internal', 3, 4, [], (b) => [b[0]!, { ...b[1]!, hash: hash(4, 55) }])).rejects.toBeInstanceOf(BalanceCursorMismatchError);
    await commit('parties', 4, 8, [change(6, BOB, 40n, 25n)]);
    await commit('internal', 3, 8, [change(7, ALICE, 81n, 1n)]);
    expect(await accounts()).toEqual({ through: 8n, total: 121n, accounts: 2n, items: [[ALICE, 81n, 9n], [BOB, 40n, 9n]] });
    expect((await balanceHistoryPage(db, ALICE, { limit: 2 })).items.map((i) => [i.blockNumber, i.balance, i.delta])).toEqual([[7n, 81n, 1n], [3n, 80n, -10n]]);
    expect(await balanceAt(db, ALICE, 'cyprus1', 5n)).toBe(80n);
    expect(await balanceAt(db, ALICE, 'cyprus1', 0n)).toBe(100n);
    const before = await dumpIndex(db);

    // Rolled back to 4: the cursors come down, the accounts are as of 4 again, their counts too.
    await rollbackTo(db, 'cyprus1', 4n);
    expect(await readBalanceCursor(db, 'cyprus1')).toEqual({ parties: 4n, internal: 4n });
    expect(await accounts()).toEqual({ through: 4n, total: 95n, accounts: 2n, items: [[ALICE, 80n, 5n], [BOB, 15n, 5n]] });
    // The same blocks again: the same index as before the rollback.
    for (let n = 5; n <= 8; n++) await commitBlock(db, block(n));
    await commit('internal', 5, 8, [change(7, ALICE, 81n, 1n)]);
    await commit('parties', 5, 8, [change(6, BOB, 40n, 25n)]);
    expect(await dumpIndex(db)).toEqual(before);

    // Below a stage that has written nothing, it keeps nothing (never a cursor it did not earn).
    await rollbackTo(db, 'cyprus1', 6n);
    await db.query(`UPDATE index_balance_cursor SET internal = NULL WHERE chain = 'cyprus1'`);
    await rollbackTo(db, 'cyprus1', 5n);
    expect(await readBalanceCursor(db, 'cyprus1')).toEqual({ parties: 5n, internal: null });
    // Rolled back below the first block: no block, no balance cursor, no account.
    await rollbackTo(db, 'cyprus1', -1n);
    expect(await readBalanceCursor(db, 'cyprus1')).toEqual({ parties: null, internal: null });
    expect(await db.query('SELECT count(*)::int AS n FROM balance_changes')).toEqual([{ n: 0 }]);
    expect(await accounts()).toMatchObject({ through: null, total: 0n, accounts: 0n, items: [] });
  });
});
