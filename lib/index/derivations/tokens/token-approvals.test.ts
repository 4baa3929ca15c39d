/**
 * The token-approval derivation and its reader on PGlite and a real PostgreSQL: what an owner has
 * approved is the newest event per token, spender and kind (a replaced allowance shows the new
 * amount, a revoked one is gone), as of a block, a keyset page at a time; a rollback takes a
 * block's rows, so an approval it replaced is current again. Only contracts that look like tokens
 * (a transfer in the index, or verified) are listed; the approvals planted by any other contract
 * are counted apart, per contract.
 */
import { encodeAbiParameters, encodeEventTopics, parseAbi } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Address, Hash } from '@/lib/rpc/domain';
import { commitBlock, rollbackTo, migrate } from '../../testing/engine-with-derivations';
import type { Db } from '../../drivers/db';
import type { IndexedBlock, IndexedLog, IndexedTx } from '../../engine/indexed-block';
import { BadCursorError, encodeCursor } from '../../readers/paging/page-cursor';
import { currentApprovals, unrecognisedApprovals, type ApprovalItem } from '../../readers/tokens/approval-reader';
import { testDrivers } from '../../testing/test-drivers';

const hash = (n: number, salt = 0): Hash => `0x${(n * 1000 + salt).toString(16).padStart(64, '0')}` as Hash;
const ALICE = '0x0a00000000000000000000000000000000000001' as Address;
const BOB = '0x0b00000000000000000000000000000000000002' as Address;
const CAROL = '0x0c00000000000000000000000000000000000003' as Address;
const SDT = '0x0c000000000000000000000000000000000000aa' as Address;
const NFT = '0x0c000000000000000000000000000000000000bb' as Address;
/** A contract with no transfer and no verified source: its Approval events name anyone. */
const SPAM = '0x0c000000000000000000000000000000000000cc' as Address;
const MAX = 2n ** 256n - 1n;

const EVENTS = parseAbi([
  'event Approval(address indexed owner, address indexed spender, uint256 value)',
  'event ApprovalForAll(address indexed owner, address indexed operator, bool approved)',
  'event Transfer(address indexed from, address indexed to, uint256 value)',
]);

/** Logs as a receipt carries them, ABI-encoded: the derivation decodes them as the transaction page does. */
const allowance = (spender: Address, amount: bigint, logIndex = 0, owner = ALICE): IndexedLog => ({
  logIndex, address: SDT, topics: encodeEventTopics({ abi: EVENTS, eventName: 'Approval', args: { owner, spender } }) as Hash[],
  data: encodeAbiParameters([{ type: 'uint256' }], [amount]),
});
const operator = (spender: Address, approved: boolean, logIndex = 0): IndexedLog => ({
  logIndex, address: NFT, topics: encodeEventTopics({ abi: EVENTS, eventName: 'ApprovalForAll', args: { owner: ALICE, operator: spender } }) as Hash[],
  data: encodeAbiParameters([{ type: 'bool' }], [approved]),
});
/** Not an approval: no row. */
const transfer = (logIndex: number): IndexedLog => ({
  logIndex, address: SDT, topics: encodeEventTopics({ abi: EVENTS, eventName: 'Transfer', args: { from: ALICE, to: BOB } }) as Hash[],
  data: encodeAbiParameters([{ type: 'uint256' }], [1n]),
});

function tx(index: number, logs: readonly IndexedLog[], tokenTransfers: IndexedTx['tokenTransfers'] = []): IndexedTx {
  return {
    index, hash: hash(index + 1, 7), type: 0, from: ALICE, to: SDT, contractAddress: null, value: 0n, nonce: BigInt(index), gas: 80_000n,
    gasUsed: 50_000n, gasPrice: 10n ** 9n, status: 'success', method: '0x095ea7b3', otherChain: null, tokenTransfers, etxs: [], logs,
  };
}

/** A transfer of `token` (its history in the index is what makes it look like a token). */
const moved = (token: Address, standard: 'ERC-20' | 'ERC-721', logPosition: number) => ({
  standard, token, from: ALICE, to: BOB, amount: 1n, tokenId: standard === 'ERC-20' ? null : 7n, logPosition,
});

function block(number: number, txs: readonly IndexedTx[], salt = 0): IndexedBlock {
  return {
    chain: 'cyprus1', number: BigInt(number), hash: hash(number, salt), parentHash: number === 0 ? hash(0, 999) : hash(number - 1, salt),
    numberPrime: 0n, numberRegion: 0n, timestamp: 1_700_000_000n + BigInt(number),
    mined: [],
    transactions: txs.map((t) => ({ ...t, hash: hash(number * 100 + t.index, 1 + salt) })),
  };
}

const shown = (items: readonly ApprovalItem[]) => items.map((i) => [i.kind, i.token, i.spender, i.amount, Number(i.blockNumber)]);
const read = (db: Db, atBlock: bigint, limit = 10, cursor: string | null = null) => currentApprovals(db, ALICE, { chain: 'cyprus1', atBlock, limit, cursor });

const drivers = testDrivers();

describe.each(drivers)('token approvals on $name', (driver) => {
  let db: Db;
  beforeAll(async () => {
    db = await driver.open();
    await migrate(db);
  });
  afterAll(async () => {
    await db?.close();
    await driver.cleanup();
  });

  it('behavior: the newest event per token, spender and kind is what is approved; a replaced allowance shows the new amount, a revoked one is gone', async () => {
    await commitBlock(db, block(0, [tx(0, [allowance(BOB, 100n), allowance(CAROL, MAX, 1)], [moved(SDT, 'ERC-20', 0)]), tx(1, [operator(BOB, true, 2)], [moved(NFT, 'ERC-721', 0)])]));
    await commitBlock(db, block(1, [tx(0, [allowance(BOB, 40n)])]));
    await commitBlock(db, block(2, [tx(0, [allowance(CAROL, 0n), operator(CAROL, true, 1), transfer(2)]), tx(1, [allowance(ALICE, 9n, 3, BOB)])]));
    expect(shown((await read(db, 2n)).items)).toEqual([
      ['operator', NFT, CAROL, 1n, 2],
      ['allowance', SDT, BOB, 40n, 1],
      ['operator', NFT, BOB, 1n, 0],
    ]);
    // As of an earlier block: what was approved then.
    expect(shown((await read(db, 0n)).items)).toEqual([
      ['operator', NFT, BOB, 1n, 0],
      ['allowance', SDT, CAROL, MAX, 0],
      ['allowance', SDT, BOB, 100n, 0],
    ]);
    const [first] = (await read(db, 2n)).items;
    expect(first).toMatchObject({ chain: 'cyprus1', txHash: hash(200, 1), blockHash: hash(2), timestamp: 1_700_000_002n, index: 0, logIndex: 1, tokenFacts: null });
    // Bob's own approval to Alice is Bob's, not Alice's.
    expect(shown((await currentApprovals(db, BOB, { chain: 'cyprus1', atBlock: 2n, limit: 10 })).items)).toEqual([['allowance', SDT, ALICE, 9n, 2]]);
  });

  it('behavior: keyset pages walk every current approval once, newest first; a foreign cursor is refused', async () => {
    for (let n = 3; n < 10; n++) await commitBlock(db, block(n, [tx(0, [allowance(`0x0d${n.toString(16).padStart(38, '0')}` as Address, BigInt(n))])]));
    const seen: number[] = [];
    let cursor: string | null = null;
    do {
      const page: Awaited<ReturnType<typeof read>> = await read(db, 9n, 3, cursor);
      expect(page.items.length).toBeLessThanOrEqual(3);
      seen.push(...page.items.map((i) => Number(i.blockNumber)));
      cursor = page.next;
    } while (cursor);
    expect(seen).toEqual([9, 8, 7, 6, 5, 4, 3, 2, 1, 0]);
    await expect(read(db, 9n, 3, encodeCursor({ blockNumber: 3n, index: 0, chain: 'cyprus1' }))).rejects.toBeInstanceOf(BadCursorError);
  });

  it('behavior: a contract with no transfer and no verified source is counted apart, however many approvals it planted; verified, it is listed', async () => {
    const spam = (n: number): IndexedLog => ({ ...allowance(`0x0e${n.toString(16).padStart(38, '0')}` as Address, MAX, n), address: SPAM });
    await commitBlock(db, block(10, [tx(0, Array.from({ length: 300 }, (_, n) => spam(n)))]));
    const page = await read(db, 10n, 100);
    expect(page.items.some((i) => i.token.toLowerCase() === SPAM)).toBe(false);
    expect(page.items.length).toBe(10);
    expect(await unrecognisedApprovals(db, ALICE, { chain: 'cyprus1', atBlock: 10n })).toEqual({
      approvals: 300, contracts: 1, top: [{ chain: 'cyprus1', token: SPAM, approvals: 300 }],
    });
    // As of a block before them: none.
    expect((await unrecognisedApprovals(db, ALICE, { chain: 'cyprus1', atBlock: 9n })).approvals).toBe(0);
    // Verified here: a token after all, listed (and read) like any other.
    await db.query(
      `INSERT INTO verified_contracts (address, chain, match_kind, compiler_version, contract_name, input, abi, constructor_args, job_guid)
       VALUES (decode($1, 'hex'), 'cyprus1', 'full', 'v0.8.24', 'Spam', '{}', '[]', '', 'test')`,
      [SPAM.slice(2)],
    );
    expect((await read(db, 10n, 100)).items.filter((i) => i.token.toLowerCase() === SPAM)).toHaveLength(100); // the newest: a page of them
    expect((await unrecognisedApprovals(db, ALICE, { chain: 'cyprus1', atBlock: 10n })).approvals).toBe(0);
    await db.query(`DELETE FROM verified_contracts WHERE address = decode($1, 'hex')`, [SPAM.slice(2)]);
  });

  it('behavior: a rollback removes the approvals of the blocks above the ancestor, and what they replaced is current again', async () => {
    await rollbackTo(db, 'cyprus1', 1n);
    expect(shown((await read(db, 9n)).items)).toEqual([
      ['allowance', SDT, BOB, 40n, 1],
      ['operator', NFT, BOB, 1n, 0],
      ['allowance', SDT, CAROL, MAX, 0],
    ]);
    const [{ count }] = (await db.query(`SELECT count(*)::int AS count FROM token_approvals WHERE block_number > 1`)) as [{ count: number }];
    expect(count).toBe(0);
  });
});
