/**
 * The browse lists on PGlite and a real PostgreSQL, over hand-built blocks written through the
 * engine with every derivation: a zone's, a region's and prime's blocks (coincident zone blocks
 * by their region and prime numbers), uncles, the blocks a rollback replaced with what replaced
 * them, transactions with each filter, tokens by holders and transfers with their running totals
 * equal to a recount after rollbacks, and verified contracts with their license; every list
 * walked whole by its cursors, and a cursor of another list refused.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChainName } from '@/lib/protocol/chains';
import type { TokenTransfer } from '@/lib/decode/token-transfers';
import type { Address, Hash, Hex } from '@/lib/rpc/domain';
import type { Db, Queryable } from '../../drivers/db';
import type { BlockFacts, IndexedBlock, IndexedTx } from '../../engine/indexed-block';
import { saveVerified } from '../../contracts/verify-store';
import { commitBlocks, migrate, rollbackTo } from '../../testing/engine-with-derivations';
import { rollbackTo as rollbackRecording } from '../../engine/block-store';
import { DERIVATIONS } from '../../derivations/index';
import { dumpIndex, recomputedTokenStats } from '../../testing/index-test-support';
import { testDrivers } from '../../testing/test-drivers';
import { BadCursorError } from '../paging/page-cursor';
import { blocksPage, reorgsPage, unclesPage, type ListPage } from './block-list-reader';
import { contractsPage } from './contract-list-reader';
import { tokensPage } from './token-list-reader';
import { txsPage, type TxFilters } from './tx-list-reader';

const hash = (chain: ChainName, n: number, branch = 0): Hash =>
  `0x${(['cyprus1', 'cyprus2'].indexOf(chain) + 1).toString(16)}${branch.toString(16)}${n.toString(16).padStart(62, '0')}` as Hash;
const ZERO = '0x0000000000000000000000000000000000000000' as Address;
const ALICE = '0x0a00000000000000000000000000000000000001' as Address;
const BOB = '0x0b00000000000000000000000000000000000002' as Address;
const CAROL = '0x0c00000000000000000000000000000000000003' as Address;
const MINER = '0x0d000000000000000000000000000000000000dd' as Address;
const SDT = '0x0e000000000000000000000000000000000000aa' as Address;
const NFT = '0x0e000000000000000000000000000000000000bb' as Address;
const TRANSFER: Hex = '0xa9059cbb';
const APPROVE: Hex = '0x095ea7b3';
const T0 = 1_700_000_000n;

const erc20 = (from: Address, to: Address, amount: bigint, logPosition = 0): TokenTransfer =>
  ({ standard: 'ERC-20', token: SDT, from, to, amount, tokenId: null, logPosition });
const nft = (from: Address, to: Address, id: bigint): TokenTransfer =>
  ({ standard: 'ERC-721', token: NFT, from, to, amount: 1n, tokenId: id, logPosition: 0 });

function tx(index: number, overrides: Partial<IndexedTx> = {}): IndexedTx {
  return {
    index, hash: '0x00' as Hash, type: 0, from: ALICE, to: BOB, contractAddress: null, value: 1n, nonce: BigInt(index), gas: 21_000n,
    gasUsed: 21_000n, gasPrice: 2n, status: 'success', method: null, otherChain: null, tokenTransfers: [], etxs: [], logs: [], ...overrides,
  };
}

const facts = (order: 0 | 1 | 2): BlockFacts => ({ order, gasUsed: 21_000n, gasLimit: 42_000n, baseFee: 7n, difficulty: 1000n, etxCount: 0, uncleCount: 0 });

/**
 * Zone block `n` of `chain`: prime number n / 4, region number n / 2 (cyprus2 a half-step on, so
 * the two zones' region blocks interleave); every 2nd block is a region block, every 4th prime.
 */
function block(chain: ChainName, n: number, txs: readonly IndexedTx[] = [], branch = 0, timestamp = T0 + BigInt(n) * 10n): IndexedBlock {
  const order = n % 4 === 0 ? 0 : n % 2 === 0 ? 1 : 2;
  const shift = chain === 'cyprus2' ? 1 : 0;
  return {
    chain, number: BigInt(n), hash: hash(chain, n, branch), parentHash: n === 0 ? hash(chain, 0, 15) : hash(chain, n - 1, n - 1 > 5 ? branch : 0),
    numberPrime: BigInt(n * 2 + shift), numberRegion: BigInt(n * 2 + shift), timestamp,
    mined: [{ uncle: null, miner: MINER }, ...(n === 3 ? [{ uncle: 0, miner: CAROL, hash: hash(chain, 2, 9), number: 2n }] : [])],
    facts: { ...facts(order), uncleCount: n === 3 ? 1 : 0 },
    transactions: txs.map((t) => ({ ...t, hash: `0x${'f'.repeat(8)}${hash(chain, n * 100 + t.index, branch).slice(10)}` as Hash })),
  };
}

/** cyprus1 blocks 0–9: transfers, a failed call, an ETX each way, a creation, and token moves. */
function cyprus1(branch = 0): IndexedBlock[] {
  return Array.from({ length: 10 }, (_, n) => {
    const txs: IndexedTx[] = [tx(0, { method: TRANSFER, to: SDT, tokenTransfers: n === 1 ? [erc20(ZERO, ALICE, 1_000n)] : [erc20(ALICE, BOB, 10n)] })];
    if (n % 3 === 0) txs.push(tx(1, { status: 'reverted', method: APPROVE, to: SDT }));
    if (n === 4) txs.push(tx(2, { type: 2, to: '0x2000000000000000000000000000000000000001' as Address, otherChain: 'cyprus2' }));
    if (n === 5) txs.push(tx(2, { type: 1, from: CAROL, otherChain: 'cyprus2' }));
    if (n === 6) txs.push(tx(2, { to: null, contractAddress: '0x0f000000000000000000000000000000000000ff' as Address, method: '0x60806040' }));
    if (n === 7) txs.push(tx(2, { method: '0x23b872dd', to: NFT, tokenTransfers: [nft(ZERO, CAROL, 1n), nft(ZERO, CAROL, 2n)] }));
    if (n === 8) txs.push(tx(2, { method: '0x23b872dd', to: NFT, tokenTransfers: [nft(CAROL, BOB, 1n)] }));
    return block('cyprus1', n, txs, n > 5 ? branch : 0);
  });
}

/** What the tokens derivation's node reads would give for SDT and the NFT (written with their first blocks). */
const TOKEN_READS = {
  tokens: [
    { chain: 'cyprus1', token: SDT, standard: 'ERC-20', name: 'Strata Dev Token', symbol: 'SDT', decimals: 18, answered: true, blockNumber: 0n },
    { chain: 'cyprus1', token: NFT, standard: 'ERC-721', name: 'Dev Collectibles', symbol: 'DVC', decimals: null, answered: true, blockNumber: 7n },
  ],
};

/** Every page of a list, walked by its cursors. */
async function walk<T>(read: (cursor: string | null) => Promise<ListPage<T>>): Promise<T[][]> {
  const pages: T[][] = [];
  let cursor: string | null = null;
  do {
    const page: ListPage<T> = await read(cursor);
    pages.push([...page.items]);
    cursor = page.next;
  } while (cursor && pages.length < 100);
  return pages;
}

async function tokenTotals(q: Queryable): Promise<unknown> {
  const all = await dumpIndex(q);
  return { token_stats: all.token_stats, token_balances: all.token_balances, token_transfers_hourly: all.token_transfers_hourly };
}

describe.each(testDrivers())('browse lists on $name', (driver) => {
  let db: Db;
  beforeAll(async () => {
    db = await driver.open();
    await migrate(db);
    await commitBlocks(db, cyprus1(), DERIVATIONS, TOKEN_READS);
    await commitBlocks(db, Array.from({ length: 6 }, (_, n) => block('cyprus2', n)));
  }, 120_000);
  afterAll(async () => {
    await db?.close();
    await driver.cleanup();
  });

  it('behavior: a zone lists its blocks newest first with their figures, page after page', async () => {
    const pages = await walk((cursor) => blocksPage(db, 'cyprus1', { limit: 3, cursor }));
    expect(pages.map((p) => p.map((b) => Number(b.number)))).toEqual([[9, 8, 7], [6, 5, 4], [3, 2, 1], [0]]);
    const [nine] = pages[0]!;
    expect(nine).toMatchObject({ zone: 'cyprus1', numbers: [18n, 18n, 9n], hash: hash('cyprus1', 9), transactions: 2, etxs: 0, uncles: 0,
      miner: MINER, gasUsed: 21_000n, gasLimit: 42_000n, baseFee: 7n, difficulty: 1000n, order: 2 });
    expect(pages[2]![0]).toMatchObject({ number: 3n, uncles: 1 });
  });

  it('behavior: a region lists its zones\' region blocks by region number, prime its prime blocks, one per height', async () => {
    const region = (await walk((cursor) => blocksPage(db, 'cyprus', { limit: 4, cursor }))).flat();
    // cyprus1's even blocks (region numbers 0, 4, 8, …, 16) and cyprus2's (1, 5, 9): the genesis
    // pair shares nothing here, each zone's genesis has its own region number.
    expect(region.map((b) => `${b.zone}:${b.number}`)).toEqual([
      'cyprus1:16', 'cyprus1:12', 'cyprus2:9', 'cyprus1:8', 'cyprus2:5', 'cyprus1:4', 'cyprus2:1', 'cyprus1:0',
    ]);
    expect(region.every((b) => b.order !== null && b.order <= 1)).toBe(true);
    const prime = (await walk((cursor) => blocksPage(db, 'prime', { limit: 2, cursor }))).flat();
    expect(prime.map((b) => `${b.zone}:${b.number}`)).toEqual(['cyprus1:16', 'cyprus2:9', 'cyprus1:8', 'cyprus2:1', 'cyprus1:0']);
    expect(prime.every((b) => b.order === 0)).toBe(true);
    // Another zone of the region: none of cyprus1's.
    expect((await blocksPage(db, 'paxos', { limit: 10 })).items).toEqual([]);
  });

  it('behavior: a zone lists the uncles its blocks include, with their own hash and height', async () => {
    const page = await unclesPage(db, 'cyprus1', { limit: 10 });
    expect(page.items).toEqual([{ zone: 'cyprus1', blockNumber: 3n, blockHash: hash('cyprus1', 3), position: 0, timestamp: T0 + 30n,
      miner: CAROL, hash: hash('cyprus1', 2, 9), number: 2n }]);
    expect(page.next).toBeNull();
  });

  const filters: Array<[string, TxFilters, (t: IndexedTx) => boolean]> = [
    ['no filter', {}, () => true],
    ['failed', { status: 'failed' }, (t) => t.status === 'reverted'],
    ['success', { status: 'success' }, (t) => t.status === 'success'],
    ['ETXs sent', { kind: 'etx-sent' }, (t) => t.type === 2],
    ['ETXs received', { kind: 'etx-received' }, (t) => t.type === 1],
    ['contract creations', { kind: 'contract-creation' }, (t) => t.contractAddress !== null],
    ['plain transfers and calls', { kind: 'internal' }, (t) => t.type === 0 && t.to !== null],
    ['one method', { methods: [APPROVE] }, (t) => t.method === APPROVE],
    ['two methods', { methods: [APPROVE, '0x23b872dd'] }, (t) => t.method === APPROVE || t.method === '0x23b872dd'],
    ['failed calls of one method', { status: 'failed', methods: [TRANSFER] }, () => false],
  ];
  for (const [what, filter, keep] of filters) {
    it(`behavior: a zone's transactions, ${what}, newest first across pages`, async () => {
      const expected = cyprus1().flatMap((b) => b.transactions.filter(keep).map((t) => `${b.number}:${t.index}`)).reverse();
      const pages = await walk((cursor) => txsPage(db, 'cyprus1', filter, { limit: 4, cursor }));
      expect(pages.flat().map((t) => `${t.blockNumber}:${t.index}`)).toEqual(expected);
      expect(pages.slice(0, -1).every((p) => p.length === 4)).toBe(true);
    });
  }

  it('behavior: a transaction row says what it is', async () => {
    const [etx] = (await txsPage(db, 'cyprus1', { kind: 'etx-received' }, { limit: 1 })).items;
    expect(etx).toMatchObject({ chain: 'cyprus1', blockNumber: 5n, index: 2, type: 1, kind: 'etx-received', from: CAROL, otherChain: 'cyprus2',
      timestamp: T0 + 50n, gasUsed: 21_000n, gasPrice: 2n, status: 'success' });
    const [created] = (await txsPage(db, 'cyprus1', { kind: 'contract-creation' }, { limit: 1 })).items;
    expect(created).toMatchObject({ kind: 'contract-creation', to: null, contractAddress: '0x0f000000000000000000000000000000000000ff' });
  });

  it('behavior: tokens by holders and by transfers, with supply and the last day\'s transfers; q= by name or symbol', async () => {
    const now = T0 + 100n;
    const byHolders = await tokensPage(db, {}, 'holders', { limit: 10, now });
    // SDT: alice minted 1,000 and sent 10 to bob in 9 blocks (holders alice, bob); the NFT: ids 1 and 2 to carol, 1 on to bob.
    // Two holders each: the tie goes by chain and address, descending (the key's order).
    expect(byHolders.items.map((t) => [t.symbol, t.holders, t.transfers, t.supply, t.standard])).toEqual([
      ['DVC', 2n, 3n, 2n, 'ERC-721'],
      ['SDT', 2n, 10n, 1_000n, 'ERC-20'],
    ]);
    expect(byHolders.items[1]!.transfers24h).toBe(10n);
    expect((await tokensPage(db, {}, 'holders', { limit: 10, now: now + 2n * 86_400n })).items[1]!.transfers24h).toBe(0n);
    const byTransfers = await walk((cursor) => tokensPage(db, {}, 'transfers', { limit: 1, cursor, now }));
    expect(byTransfers.map((p) => p.map((t) => t.symbol))).toEqual([['SDT'], ['DVC']]);
    expect((await tokensPage(db, { q: 'dev' }, 'holders', { limit: 10, now })).items.map((t) => t.symbol)).toEqual(['DVC']);
    expect((await tokensPage(db, { q: 'sd' }, 'holders', { limit: 10, now })).items.map((t) => t.symbol)).toEqual(['SDT']);
    expect((await tokensPage(db, { q: 'strata d' }, 'holders', { limit: 10, now })).items.map((t) => t.symbol)).toEqual(['SDT']);
    expect((await tokensPage(db, { q: '%' }, 'holders', { limit: 10, now })).items).toEqual([]);
    expect((await tokensPage(db, { standard: 'ERC-721' }, 'holders', { limit: 10, now })).items.map((t) => t.symbol)).toEqual(['DVC']);
    await expect(tokensPage(db, {}, 'transfers', { limit: 1, cursor: byHolders.next ?? (await tokensPage(db, {}, 'holders', { limit: 1, now })).next, now }))
      .rejects.toBeInstanceOf(BadCursorError);
  });

  it('behavior: a rollback records the blocks it replaced with what replaced them; token totals equal a recount', async () => {
    const before = await tokenTotals(db);
    expect(before).toEqual(await recomputedTokenStats(db));
    // The node's branch from block 6: different hashes, the NFT's second move gone.
    const branch = cyprus1(1).map((b) => (b.number === 8n ? { ...b, transactions: b.transactions.slice(0, 1) } : b));
    await rollbackRecording(db, 'cyprus1', 5n, DERIVATIONS, new Map(branch.slice(6).map((b) => [b.number, b.hash])));
    expect(await tokenTotals(db)).toEqual(await recomputedTokenStats(db));
    await commitBlocks(db, branch.slice(6), DERIVATIONS, TOKEN_READS);
    expect(await tokenTotals(db)).toEqual(await recomputedTokenStats(db));
    const reorgs = (await walk((cursor) => reorgsPage(db, 'cyprus1', { limit: 3, cursor }))).flat();
    expect(reorgs.map((r) => [r.number, r.hash, r.replacedBy])).toEqual([9, 8, 7, 6].map((n) => [BigInt(n), hash('cyprus1', n), hash('cyprus1', n, 1)]));
    expect(reorgs[0]).toMatchObject({ zone: 'cyprus1', transactions: 2, miner: MINER, order: 2, numbers: [18n, 18n, 9n] });
    expect(reorgs[0]!.replacedAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
    // The region's reorgs: the replaced region blocks among them (6 and 8).
    expect((await reorgsPage(db, 'cyprus', { limit: 10 })).items.map((r) => r.number)).toEqual([16n, 12n]);
    const holders = (await tokensPage(db, { standard: 'ERC-721' }, 'holders', { limit: 1, now: T0 })).items[0];
    expect(holders).toMatchObject({ holders: 1n, transfers: 2n });
    // A rollback the engine makes without the node's hashes (the test helper) keeps the blocks, replaced by what the index holds later.
    await rollbackTo(db, 'cyprus1', 8n);
    expect((await reorgsPage(db, 'cyprus1', { limit: 1 })).items[0]).toMatchObject({ number: 9n, hash: hash('cyprus1', 9, 1), replacedBy: null });
    await commitBlocks(db, [{ ...block('cyprus1', 9, [tx(0)], 2), parentHash: hash('cyprus1', 8, 1) }]);
    expect((await reorgsPage(db, 'cyprus1', { limit: 1 })).items[0]).toMatchObject({ number: 9n, hash: hash('cyprus1', 9, 1), replacedBy: hash('cyprus1', 9, 2) });
  });

  it('behavior: verified contracts newest first with compiler, match and license; q= by name', async () => {
    const source = (license: string | null) => JSON.stringify({ language: 'Solidity', sources: { 'A.sol': { content: `${license ? `// SPDX-License-Identifier: ${license}\n` : ''}pragma solidity ^0.8.0;` } } });
    const rows: Array<[Address, string, string | null, 'full' | 'partial']> = [
      ['0x0100000000000000000000000000000000000001', 'DevToken', 'MIT', 'full'],
      ['0x0100000000000000000000000000000000000002', 'contracts/DevForwarder.sol:DevForwarder', 'GPL-3.0-or-later', 'partial'],
      ['0x0100000000000000000000000000000000000003', 'Vault', null, 'full'],
    ];
    for (const [address, name, license, match] of rows) {
      await saveVerified(db, { address, chain: 'cyprus1', matchKind: match, compilerVersion: 'v0.8.24+commit.e11b9ed9', contractName: name,
        input: source(license), abi: '[]', sourceMaps: null, constructorArgs: '0x', salt: null, creationTx: null, creator: null, creationBlock: null,
        jobGuid: `job-${address}` });
    }
    const pages = await walk((cursor) => contractsPage(db, {}, { limit: 2, cursor }));
    expect(pages.map((p) => p.map((c) => c.name))).toEqual([['Vault', 'DevForwarder'], ['DevToken']]);
    expect(pages[0]![1]).toMatchObject({ address: rows[1]![0], chain: 'cyprus1', qualifiedName: 'contracts/DevForwarder.sol:DevForwarder', compiler: 'v0.8.24+commit.e11b9ed9', match: 'partial', license: 'GPL-3.0-or-later' });
    expect(pages[0]![0]!.license).toBeNull();
    expect(pages[1]![0]!.license).toBe('MIT');
    expect((await contractsPage(db, { q: 'dev' }, { limit: 10 })).items.map((c) => c.name)).toEqual(['DevForwarder', 'DevToken']);
    expect((await contractsPage(db, { q: 'DEVF' }, { limit: 10 })).items.map((c) => c.name)).toEqual(['DevForwarder']);
  });

  it('behavior: a prefix more names share than are sorted in full pages as sorting every match would, through every page', async () => {
    // 1,500 tokens and contracts named "Common …" among 1,500 others, more than SORTED_MATCHES: read in the list's order, the others skipped.
    await db.query(`INSERT INTO tokens SELECT 'cyprus2', decode(lpad(to_hex(n), 40, '0'), 'hex'), 20, CASE WHEN n % 2 = 0 THEN 'Common ' || n ELSE 'Other ' || n END,
        'C' || n, 18, true, 0 FROM generate_series(1, 3000) n`);
    await db.query(`INSERT INTO token_stats SELECT 'cyprus2', decode(lpad(to_hex(n), 40, '0'), 'hex'), n % 7, (n * 7919) % 1000, 0, 0, 20,
        CASE WHEN n % 2 = 0 THEN 'common ' || n ELSE 'other ' || n END, 'c' || n FROM generate_series(1, 3000) n`);
    await db.query(`INSERT INTO verified_contracts (address, chain, match_kind, compiler_version, contract_name, input, abi, constructor_args, job_guid, verified_at)
      SELECT decode('ee' || lpad(to_hex(n), 38, '0'), 'hex'), 'cyprus2', 'full', 'v0.8.24', CASE WHEN n % 2 = 0 THEN 'Common' || n ELSE 'Other' || n END, '{}', '[]', '0x',
             'bulk' || n, timestamptz '2020-01-01' + (n % 500) * interval '1 second' FROM generate_series(1, 3000) n`);
    const now = T0;
    const tokens = (await walk((cursor) => tokensPage(db, { q: 'common' }, 'holders', { limit: 100, cursor, now }))).flat();
    const expected = await db.query(`SELECT '0x' || encode(token, 'hex') AS token FROM token_stats WHERE name_key LIKE 'common%' ORDER BY holders DESC, chain DESC, token DESC`);
    expect(tokens.map((t) => t.address)).toEqual(expected.map((r) => r.token));
    expect(tokens).toHaveLength(1500);
    const contracts = (await walk((cursor) => contractsPage(db, { q: 'common' }, { limit: 100, cursor }))).flat();
    const expectedContracts = await db.query(`SELECT '0x' || encode(address, 'hex') AS address FROM verified_contracts WHERE name_key LIKE 'common%' ORDER BY verified_at DESC, address DESC`);
    expect(contracts.map((c) => c.address)).toEqual(expectedContracts.map((r) => r.address));
    expect(contracts).toHaveLength(1500);
    // A rare prefix among them: sorted in full, the same order.
    expect((await tokensPage(db, { q: 'common 12' }, 'holders', { limit: 100, now })).items.map((t) => t.address)).toEqual(
      (await db.query(`SELECT '0x' || encode(token, 'hex') AS token FROM token_stats WHERE name_key LIKE 'common 12%' ORDER BY holders DESC, chain DESC, token DESC`)).map((r) => r.token));
  });

  it('behavior: a cursor another list gave out, or one edited, is refused', async () => {
    const blocks = await blocksPage(db, 'cyprus1', { limit: 1 });
    await expect(txsPage(db, 'cyprus1', {}, { limit: 1, cursor: blocks.next })).rejects.toBeInstanceOf(BadCursorError);
    await expect(blocksPage(db, 'cyprus1', { limit: 1, cursor: 'bm90LWEtY3Vyc29y' })).rejects.toBeInstanceOf(BadCursorError);
    await expect(unclesPage(db, 'cyprus1', { limit: 1, cursor: blocks.next })).rejects.toBeInstanceOf(BadCursorError);
  });
});
