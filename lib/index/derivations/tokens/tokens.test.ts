/**
 * The tokens table and the re-read bookkeeping on PGlite and a real PostgreSQL: token facts stored
 * once per token (an earlier block's facts replace a later one's, never the reverse), read back
 * with each transfer, rolled back with the block that first saw the token; a migration adding a
 * derivation to an index with blocks records the range to re-read, and a rollback shortens it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TokenTransfer } from '@/lib/decode/token-transfers';
import type { Address, Hash } from '@/lib/rpc/domain';
import { commitBlock, rollbackTo, migrate } from '../../testing/engine-with-derivations';
import type { Db } from '../../drivers/db';
import { historyDerivation } from '../history';
import type { IndexedBlock, IndexedTx } from '../../engine/indexed-block';
import { HISTORY_ONLY_SCHEMA } from '../../migrations/index';
import { pendingRereads } from '../../engine/rereader';
import { testDrivers } from '../../testing/test-drivers';
import type { TokenFactsRead } from './token-facts-read';
import { addressTokenTransfers, storedTokenFacts } from '../../readers/tokens/token-transfer-reader';

const hash = (n: number, salt = 0): Hash => `0x${(n * 1000 + salt).toString(16).padStart(64, '0')}` as Hash;
const ZERO = '0x0000000000000000000000000000000000000000' as Address;
const ALICE = '0x0a00000000000000000000000000000000000001' as Address;
const SDT = '0x0c000000000000000000000000000000000000aa' as Address;
const MUTE = '0x0c000000000000000000000000000000000000dd' as Address;

function tx(index: number, token: Address): IndexedTx {
  const transfer: TokenTransfer = { standard: 'ERC-20', token, from: ZERO, to: ALICE, amount: 5n, tokenId: null, logPosition: 0 };
  return {
    index, hash: hash(index + 1, 7), type: 0, from: ALICE, to: token, contractAddress: null, value: 0n, nonce: BigInt(index), gas: 80_000n,
    gasUsed: 50_000n, gasPrice: 10n ** 9n, status: 'success', method: '0xa9059cbb', otherChain: null, tokenTransfers: [transfer], etxs: [], logs: [],
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

const facts = (token: Address, blockNumber: number, symbol: string | null): TokenFactsRead => ({
  chain: 'cyprus1', token, standard: 'ERC-20', name: symbol && `${symbol} token`, symbol, decimals: symbol ? 18 : null,
  answered: symbol !== null, blockNumber: BigInt(blockNumber),
});

const drivers = testDrivers();

describe.each(drivers)('tokens and re-reads on $name', (driver) => {
  let db: Db;
  beforeAll(async () => {
    db = await driver.open();
  });
  afterAll(async () => {
    await db?.close();
    await driver.cleanup();
  });

  it('behavior: a migration that adds derivations to an index with blocks records each chain\'s stored range to re-read', async () => {
    await migrate(db, HISTORY_ONLY_SCHEMA);
    const derivations = [historyDerivation];
    for (let n = 3; n <= 6; n++) await commitBlock(db, block(n, []), derivations);
    // Migration 5 (daily counts) fills its tables with SQL from these rows, and 9, 11, 12 and 13 add
    // cursors, a counter, the verification queue and columns, so they re-read nothing of their own; 2-4
    // (token transfers, ETX origins, tokens), 7 (contract creations), 8 (internal transfers), 10
    // (approvals), 14 (mined blocks, logs) and 21 (token stats) do. 15 and 20 (the blocks' miner and
    // figures, the reorg record) came with the old schema; 16 moves miners within the index; 17 (bytecode
    // matching), 18 (untraced blocks) and 19 (search and nonces) add tables and indexes only; 22
    // (balances) has a pass and a cursor of its own and 23's new addresses are filled from the stored
    // history, but its chain statistics re-read.
    expect(await migrate(db)).toEqual([2, 3, 4, 5, 7, 8, 9, 10, 11, 12, 13, 14, 16, 17, 18, 19, 21, 22, 23]);
    expect(await pendingRereads(db)).toEqual([
      { chain: 'cyprus1', derivation: 'chain-stats', next: 3n, through: 6n },
      { chain: 'cyprus1', derivation: 'contract-creations', next: 3n, through: 6n },
      { chain: 'cyprus1', derivation: 'etx-origins', next: 3n, through: 6n },
      { chain: 'cyprus1', derivation: 'internal-transfers', next: 3n, through: 6n },
      { chain: 'cyprus1', derivation: 'logs', next: 3n, through: 6n },
      { chain: 'cyprus1', derivation: 'mined-blocks', next: 3n, through: 6n },
      { chain: 'cyprus1', derivation: 'token-approvals', next: 3n, through: 6n },
      { chain: 'cyprus1', derivation: 'token-stats', next: 3n, through: 6n },
      { chain: 'cyprus1', derivation: 'token-transfers', next: 3n, through: 6n },
      { chain: 'cyprus1', derivation: 'tokens', next: 3n, through: 6n },
    ]);
    // A rollback shortens them (the blocks above are written again with every derivation), and ends those it empties.
    await rollbackTo(db, 'cyprus1', 4n);
    expect((await pendingRereads(db)).map((p) => `${p.derivation} ${p.next}..${p.through}`)).toEqual([
      'chain-stats 3..4', 'contract-creations 3..4', 'etx-origins 3..4', 'internal-transfers 3..4', 'logs 3..4', 'mined-blocks 3..4', 'token-approvals 3..4', 'token-stats 3..4', 'token-transfers 3..4', 'tokens 3..4',
    ]);
    await rollbackTo(db, 'cyprus1', 2n);
    expect(await pendingRereads(db)).toEqual([]);
    expect(await migrate(db)).toEqual([]);
  });

  it('behavior: token facts are stored once per token, with each transfer, an earlier block\'s replacing a later one\'s; a rollback of the first block removes them', async () => {
    await commitBlock(db, block(0, [tx(0, SDT)]), undefined, { tokens: [facts(SDT, 0, 'SDT')] });
    await commitBlock(db, block(1, [tx(0, MUTE)]), undefined, { tokens: [facts(MUTE, 1, null)] });
    expect(await storedTokenFacts(db, 'cyprus1', SDT)).toEqual({ name: 'SDT token', symbol: 'SDT', decimals: 18, answered: true, blockNumber: 0n });
    // A token that does not answer says so.
    expect(await storedTokenFacts(db, 'cyprus1', MUTE)).toEqual({ name: null, symbol: null, decimals: null, answered: false, blockNumber: 1n });
    const page = await addressTokenTransfers(db, ALICE, { limit: 10 });
    expect(page.items.map((i) => [i.token, i.facts?.symbol ?? null, i.facts?.decimals ?? null])).toEqual([[MUTE, null, null], [SDT, 'SDT', 18]]);
    // Facts from a later block do not replace the stored ones; from an earlier block they do (a re-read of old blocks).
    await commitBlock(db, block(2, [tx(0, SDT)]), undefined, { tokens: [facts(SDT, 2, 'LATE')] });
    expect((await storedTokenFacts(db, 'cyprus1', SDT))?.symbol).toBe('SDT');
    await db.transaction((t) => t.query(`UPDATE tokens SET block_number = 5, symbol = 'LATER' WHERE symbol = 'SDT'`));
    await commitBlock(db, block(3, [tx(0, SDT)]), undefined, { tokens: [facts(SDT, 3, 'SDT')] });
    expect(await storedTokenFacts(db, 'cyprus1', SDT)).toMatchObject({ symbol: 'SDT', blockNumber: 3n });
    await rollbackTo(db, 'cyprus1', 0n);
    expect(await storedTokenFacts(db, 'cyprus1', MUTE)).toBeNull();
    expect(await storedTokenFacts(db, 'cyprus1', SDT)).toBeNull();
    // Without stored facts a transfer says so (the loaders then ask the node).
    await commitBlock(db, { ...block(1, [tx(0, SDT)], 4), parentHash: hash(0) }, undefined, {});
    expect((await addressTokenTransfers(db, ALICE, { limit: 1 })).items[0]?.facts).toBeNull();
  });
});
