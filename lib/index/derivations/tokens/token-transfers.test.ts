/**
 * The token-transfer derivation and its reader on PGlite and a real PostgreSQL: what a block's
 * transfers become (ERC-20, ERC-721, an ERC-1155 batch), pages by address and by token walked
 * whole by their cursors, holders summed from transfers, and a rollback taking a block's rows.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TokenTransfer } from '@/lib/decode/token-transfers';
import type { Address, Hash } from '@/lib/rpc/domain';
import { commitBlock, rollbackTo, migrate } from '../../testing/engine-with-derivations';
import type { Db } from '../../drivers/db';
import type { IndexedBlock, IndexedTx } from '../../engine/indexed-block';
import { BadCursorError, encodeCursor } from '../../readers/paging/page-cursor';
import { testDrivers } from '../../testing/test-drivers';
import { addressTokens, indexedHeight, tokenHoldersAt, tokenStandardInIndex } from '../../readers/tokens/token-holdings-reader';
import { addressTokenTransfers, tokenHolders, tokenTransfersOfToken, type TokenTransferItem } from '../../readers/tokens/token-transfer-reader';

const hash = (n: number, salt = 0): Hash => `0x${(n * 1000 + salt).toString(16).padStart(64, '0')}` as Hash;
const ZERO = '0x0000000000000000000000000000000000000000' as Address;
const ALICE = '0x0a00000000000000000000000000000000000001' as Address;
const BOB = '0x0b00000000000000000000000000000000000002' as Address;
const SDT = '0x0c000000000000000000000000000000000000aa' as Address;
const NFT = '0x0c000000000000000000000000000000000000bb' as Address;
const MULTI = '0x0c000000000000000000000000000000000000cc' as Address;

const erc20 = (from: Address, to: Address, amount: bigint, logPosition = 0): TokenTransfer =>
  ({ standard: 'ERC-20', token: SDT, from, to, amount, tokenId: null, logPosition });

function tx(index: number, tokenTransfers: readonly TokenTransfer[]): IndexedTx {
  return {
    index, hash: hash(index + 1, 7), type: 0, from: ALICE, to: SDT, contractAddress: null, value: 0n, nonce: BigInt(index), gas: 80_000n,
    gasUsed: 50_000n, gasPrice: 10n ** 9n, status: 'success', method: '0xa9059cbb', otherChain: null, tokenTransfers, etxs: [], logs: [],
  };
}

function block(number: number, txs: readonly IndexedTx[], salt = 0): IndexedBlock {
  return {
    chain: 'cyprus1', number: BigInt(number), hash: hash(number, salt), parentHash: number === 0 ? hash(0, 999) : hash(number - 1, salt),
    numberPrime: 0n, numberRegion: 0n, timestamp: 1_700_000_000n + BigInt(number),
    mined: [],
    transactions: txs.map((t) => ({ ...t, hash: hash(number * 100 + t.index, 1 + salt) })),
  };
}

const key = (i: TokenTransferItem): string => `${i.blockNumber}:${i.index}:${i.logIndex}:${i.item}`;

const drivers = testDrivers();

describe.each(drivers)('token transfers on $name', (driver) => {
  let db: Db;
  beforeAll(async () => {
    db = await driver.open();
    await migrate(db);
  });
  afterAll(async () => {
    await db?.close();
    await driver.cleanup();
  });

  it('behavior: ERC-20, ERC-721 and an ERC-1155 batch are stored per party with standard, id and amount', async () => {
    await commitBlock(db, block(0, [tx(0, [erc20(ZERO, ALICE, 10n ** 24n)])]));
    await commitBlock(db, block(1, [
      tx(0, [erc20(ALICE, BOB, 2n ** 70n), { standard: 'ERC-721', token: NFT, from: ZERO, to: BOB, amount: 1n, tokenId: 7n, logPosition: 1 }]),
      tx(1, [
        { standard: 'ERC-1155', token: MULTI, from: ALICE, to: BOB, amount: 5n, tokenId: 1n, logPosition: 0 },
        { standard: 'ERC-1155', token: MULTI, from: ALICE, to: BOB, amount: 6n, tokenId: 2n, logPosition: 0 },
        erc20(ALICE, ALICE, 3n, 1),
      ]),
    ]));
    const bob = await addressTokenTransfers(db, BOB, { limit: 10 });
    expect(bob.items.map((i) => [key(i), i.standard, i.token, i.amount, i.tokenId, i.direction])).toEqual([
      ['1:1:0:1', 'ERC-1155', MULTI, 6n, 2n, 'in'],
      ['1:1:0:0', 'ERC-1155', MULTI, 5n, 1n, 'in'],
      ['1:0:1:0', 'ERC-721', NFT, 1n, 7n, 'in'],
      ['1:0:0:0', 'ERC-20', SDT, 2n ** 70n, null, 'in'],
    ]);
    expect(bob.items[3]).toMatchObject({ from: ALICE, to: BOB, chain: 'cyprus1', txHash: hash(100, 1), blockHash: hash(1), timestamp: 1_700_000_001n });
    expect(bob.next).toBeNull();
    const alice = await addressTokenTransfers(db, ALICE, { limit: 10 });
    expect(alice.items.map((i) => [key(i), i.direction])).toEqual([
      ['1:1:1:0', 'self'], ['1:1:0:1', 'out'], ['1:1:0:0', 'out'], ['1:0:0:0', 'out'], ['0:0:0:0', 'in'],
    ]);
  });

  it('behavior: keyset pages by address and by token walk every transfer once, newest first', async () => {
    for (let n = 2; n < 25; n++) await commitBlock(db, block(n, [tx(0, [erc20(ALICE, BOB, BigInt(n)), erc20(BOB, ALICE, 1n, 1)])]));
    const walk = async (read: (cursor: string | null) => ReturnType<typeof addressTokenTransfers>): Promise<string[]> => {
      const seen: string[] = [];
      let cursor: string | null = null;
      do {
        const page: Awaited<ReturnType<typeof addressTokenTransfers>> = await read(cursor);
        expect(page.items.length).toBeLessThanOrEqual(4);
        seen.push(...page.items.map(key));
        cursor = page.next;
      } while (cursor);
      return seen;
    };
    const byToken = await walk((cursor) => tokenTransfersOfToken(db, SDT, { limit: 4, cursor }));
    const expected = [...Array.from({ length: 23 }, (_, k) => 24 - k).flatMap((n) => [`${n}:0:1:0`, `${n}:0:0:0`]), '1:1:1:0', '1:0:0:0', '0:0:0:0'];
    expect(byToken).toEqual(expected);
    expect(await walk((cursor) => addressTokenTransfers(db, BOB, { limit: 4, cursor }))).toEqual([
      ...expected.slice(0, 46), '1:1:0:1', '1:1:0:0', '1:0:1:0', '1:0:0:0',
    ]);
    // A token's list carries no direction; an address's is seen from that address.
    expect((await tokenTransfersOfToken(db, NFT, { limit: 5 })).items.map((i) => [i.tokenId, i.direction])).toEqual([[7n, null]]);
  });

  it('behavior: holders are received minus sent per address, largest first, without the zero address', async () => {
    const sent = Array.from({ length: 23 }, (_, k) => BigInt(k + 2)).reduce((a, b) => a + b, 0n);
    expect(await tokenHolders(db, SDT, 10)).toEqual([
      { address: ALICE, balance: 10n ** 24n - 2n ** 70n - sent + 23n },
      { address: BOB, balance: 2n ** 70n + sent - 23n },
    ]);
    expect(await tokenHolders(db, MULTI, 10)).toEqual([{ address: BOB, balance: 11n }]);
  });

  it('behavior: holders as of a height count only that zone\'s blocks up to it; an address\'s tokens are listed per ERC-1155 id', async () => {
    expect(await tokenHoldersAt(db, SDT, 'cyprus1', 1n, 10)).toEqual([
      { address: ALICE, balance: 10n ** 24n - 2n ** 70n },
      { address: BOB, balance: 2n ** 70n },
    ]);
    expect(await tokenHoldersAt(db, SDT, 'cyprus2', 24n, 10)).toEqual([]);
    expect(await tokenHoldersAt(db, SDT, 'cyprus1', 24n, 10)).toEqual(await tokenHolders(db, SDT, 10));
    expect((await addressTokens(db, BOB, 10)).map((t) => [t.token, t.standard, t.tokenId, t.lastBlock])).toEqual([
      [SDT, 'ERC-20', null, 24n],
      [NFT, 'ERC-721', null, 1n],
      [MULTI, 'ERC-1155', 1n, 1n],
      [MULTI, 'ERC-1155', 2n, 1n],
    ]);
    expect(await indexedHeight(db, 'cyprus1')).toBe(24n);
    expect(await indexedHeight(db, 'hydra3')).toBeNull();
    expect(await tokenStandardInIndex(db, NFT)).toBe('ERC-721');
    expect(await tokenStandardInIndex(db, ALICE)).toBeNull();
  });

  it('args: a cursor the API did not give out (a history cursor included) is refused', async () => {
    await expect(addressTokenTransfers(db, ALICE, { limit: 5, cursor: 'bm9wZQ' })).rejects.toBeInstanceOf(BadCursorError);
    const historyCursor = encodeCursor({ blockNumber: 3n, index: 0, chain: 'cyprus1' });
    await expect(tokenTransfersOfToken(db, SDT, { limit: 5, cursor: historyCursor })).rejects.toBeInstanceOf(BadCursorError);
  });

  it('behavior: a rollback removes the transfers of the blocks above the ancestor, for both parties and the token', async () => {
    await rollbackTo(db, 'cyprus1', 1n);
    expect((await tokenTransfersOfToken(db, SDT, { limit: 100 })).items.map(key)).toEqual(['1:1:1:0', '1:0:0:0', '0:0:0:0']);
    expect((await addressTokenTransfers(db, BOB, { limit: 100 })).items).toHaveLength(4);
    const left = await db.query('SELECT count(*)::int AS n FROM address_token_transfers WHERE block_number > 1');
    expect(left).toEqual([{ n: 0 }]);
  });
});
