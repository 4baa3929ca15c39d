/**
 * The engine runs a derivation it was never told about from its declaration alone: a toy
 * "contract creations" derivation with its own two tables (created here, as its migration would),
 * declared `of-block` and `of-parties`, is written and rolled back with no rollback of its own,
 * on PGlite and on a real PostgreSQL. And the node reads' plumbing: each derivation gets its own
 * facts, windows merged keep them in order.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Address, Hash } from '@/lib/rpc/domain';
import type { Db } from '../drivers/db';
import { columns, hexParam, text } from '../drivers/sql';
import { MIGRATIONS } from '../migrations/index';
import { migrate } from '../migrations/migrate';
import { testDrivers } from '../testing/test-drivers';
import { commitBlocks, rollbackTo } from './block-store';
import { checkDerivations, deleteAbove } from './declared-rollback';
import type { Derivation } from './derivation';
import type { IndexedBlock, IndexedTx } from './indexed-block';
import { mergeReads, readWindow, startReaders } from './node-reads';
import type { BlockSource } from './block-source';

const hash = (n: number, salt = 0): Hash => `0x${(n * 1000 + salt).toString(16).padStart(64, '0')}` as Hash;
const ALICE = '0x0a00000000000000000000000000000000000001' as Address;
const contract = (n: number): Address => `0x0c${n.toString(16).padStart(38, '0')}` as Address;

function creation(index: number, created: Address): IndexedTx {
  return {
    index, hash: hash(index + 1, 7), type: 0, from: ALICE, to: null, contractAddress: created, value: 0n, nonce: BigInt(index), gas: 21000n,
    gasUsed: 21000n, gasPrice: 10n ** 9n, status: 'success', method: null, otherChain: null, tokenTransfers: [], etxs: [], logs: [],
  };
}

function block(number: number): IndexedBlock {
  return {
    chain: 'cyprus1', number: BigInt(number), hash: hash(number), parentHash: number === 0 ? hash(0, 999) : hash(number - 1),
    numberPrime: 0n, numberRegion: 0n, timestamp: 1_700_000_000n + BigInt(number),
    mined: [],
    transactions: [creation(0, contract(number))].map((t) => ({ ...t, hash: hash(number * 100 + t.index, 1) })),
  };
}

const TOY_TABLES = `
  CREATE TABLE toy_creations (chain text NOT NULL, block_number bigint NOT NULL, tx_index integer NOT NULL,
                              creator bytea NOT NULL, contract bytea NOT NULL, PRIMARY KEY (chain, block_number, tx_index));
  CREATE TABLE toy_address_creations (address bytea NOT NULL, block_number bigint NOT NULL, tx_index integer NOT NULL,
                                      chain text NOT NULL, PRIMARY KEY (address, block_number, tx_index, chain))`;

/** Contract creations: a row per creation, and one per party (creator and contract). No rollback of its own. */
const toyDerivation: Derivation = {
  name: 'toy-creations',
  since: 1,
  tables: [
    { name: 'toy_creations', rows: 'of-block' },
    { name: 'toy_address_creations', rows: 'of-parties', parent: 'toy_creations', addresses: ['creator', 'contract'], key: ['block_number', 'tx_index', 'chain'] },
  ],
  async write(tx, blocks) {
    const created = blocks.flatMap((b) => b.transactions.flatMap((t) => (t.contractAddress ? [{ b, t, c: t.contractAddress }] : [])));
    if (created.length === 0) return;
    await tx.query(
      `INSERT INTO toy_creations SELECT chain, n::bigint, i::integer, decode(f, 'hex'), decode(c, 'hex')
         FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[]) AS u(chain, n, i, f, c)`,
      columns(created.map(({ b, t, c }) => [b.chain, text(b.number), text(t.index), hexParam(t.from), hexParam(c)]), 5),
    );
    const parties = created.flatMap(({ b, t, c }) => [t.from, c].map((a) => [hexParam(a), text(b.number), text(t.index), b.chain]));
    await tx.query(
      `INSERT INTO toy_address_creations SELECT decode(a, 'hex'), n::bigint, i::integer, chain
         FROM unnest($1::text[], $2::text[], $3::text[], $4::text[]) AS u(a, n, i, chain) ON CONFLICT DO NOTHING`,
      columns(parties, 4),
    );
  },
};

it('behavior: declared tables give the rollback statements: by block, and parties through their parent', () => {
  expect(deleteAbove({ name: 'etx_origins', rows: 'of-block' })).toBe('DELETE FROM etx_origins WHERE chain = $1 AND block_number > $2');
  expect(deleteAbove({ name: 'daily_stats', rows: 'totals' })).toBeNull();
  expect(deleteAbove(toyDerivation.tables[1]!)?.replace(/\s+/g, ' ')).toBe(
    'DELETE FROM toy_address_creations a USING toy_creations p WHERE p.chain = $1 AND p.block_number > $2 ' +
      'AND a.address IN (p.creator, p.contract) AND a.block_number = p.block_number AND a.tx_index = p.tx_index AND a.chain = p.chain',
  );
});

it('behavior: a list the engine could not run is refused: a name twice, totals without a rollback, a table that is not an identifier', () => {
  expect(() => checkDerivations([toyDerivation])).not.toThrow();
  expect(() => checkDerivations([toyDerivation, toyDerivation])).toThrow(/two derivations are named toy-creations/);
  expect(() => checkDerivations([{ ...toyDerivation, tables: [{ name: 'toy_totals', rows: 'totals' }] }])).toThrow(/declares no rollback/);
  expect(() => checkDerivations([{ ...toyDerivation, tables: [{ name: 'toy; DROP TABLE blocks', rows: 'of-block' }] }])).toThrow(/not a plain identifier/);
});

it('behavior: each derivation is handed the facts of its own reader; merged windows keep them in window order', async () => {
  const source = { chain: 'cyprus1' } as BlockSource; // the toy readers never ask the node
  const counting: Derivation<number> = {
    ...toyDerivation, name: 'counting',
    // Remembers across windows what it read, as the tokens reader remembers the tokens it met.
    nodeReads: { start() { let seen = 0; return async (_q, _s, blocks) => blocks.map(() => ++seen); } },
  };
  const naming: Derivation<string> = { ...toyDerivation, name: 'naming', nodeReads: { start: () => async (_q, _s, blocks) => blocks.map((b) => `b${b.number}`) } };
  const readers = startReaders([toyDerivation, counting, naming]);
  expect(readers.map((r) => r.derivation)).toEqual(['counting', 'naming']);
  const db = { query: async () => [] };
  const first = await readWindow(db, source, [block(0), block(1)], readers);
  const second = await readWindow(db, source, [block(2)], readers);
  expect(first).toEqual({ counting: [1, 2], naming: ['b0', 'b1'] });
  expect(mergeReads(first, second)).toEqual({ counting: [1, 2, 3], naming: ['b0', 'b1', 'b2'] });
  // Started afresh (after a failure or rollback), a reader has forgotten what it read.
  expect(await readWindow(db, source, [block(2)], startReaders([counting]))).toEqual({ counting: [1] });
});

describe.each(testDrivers())('a derivation the engine knows by its declaration, on $name', (driver) => {
  let db: Db;
  beforeAll(async () => {
    db = await driver.open();
    await migrate(db, MIGRATIONS, []);
    for (const statement of TOY_TABLES.split(';')) await db.query(statement);
  });
  afterAll(async () => {
    await db?.close();
    await driver.cleanup();
  });

  const count = async (table: string): Promise<number> => Number((await db.query(`SELECT count(*)::int AS n FROM ${table}`))[0]?.n);

  it('behavior: its rows are written with the blocks and removed with them, through the declaration alone', async () => {
    await commitBlocks(db, [block(0), block(1), block(2), block(3)], [toyDerivation]);
    expect(await count('toy_creations')).toBe(4);
    // ALICE created every contract: one party row each for her and for the contract.
    expect(await count('toy_address_creations')).toBe(8);
    await rollbackTo(db, 'cyprus1', 1n, [toyDerivation]);
    expect(await count('toy_creations')).toBe(2);
    expect(await count('toy_address_creations')).toBe(4);
    const kept = await db.query(`SELECT block_number::text AS n FROM toy_address_creations ORDER BY block_number, address`);
    expect(kept.map((r) => r.n)).toEqual(['0', '0', '1', '1']);
    await commitBlocks(db, [block(2)], [toyDerivation]);
    expect(await count('toy_creations')).toBe(3);
  });
});
