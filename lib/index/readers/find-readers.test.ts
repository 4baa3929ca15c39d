/**
 * What search, the nonce links and the filtered lists read from the index (migration 19), on
 * PGlite and on a real PostgreSQL, over rows written as the writer writes them: tokens and
 * contracts found by name (prefix, then anywhere, LIKE's wildcards taken literally), a hash found
 * as a transaction or a block, a sender's transactions by nonce (an ETX credit left out), a date
 * range as block bounds, and an address's lists filtered: by direction, method, token,
 * counterparty and time, and a filter that matches rarely read a bounded stretch per page.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Address, Hash, Hex } from '@/lib/rpc/domain';
import type { Db } from '../drivers/db';
import { migrate } from '../testing/engine-with-derivations';
import { testDrivers } from '../testing/test-drivers';
import { historyPage, historyRows } from './history-reader';
import { SCAN } from './paging/list-filter';
import { senderTransactionsByNonce } from './nonce-reader';
import { byHash, contractsByName, tokensByName } from './search-reader';
import { blockBoundsOf } from './paging/time-bounds';
import { addressTokenTransfers } from './tokens/token-transfer-reader';

const ALICE = '0x0a000000000000000000000000000000000000a1' as Address;
const BOB = '0x0a000000000000000000000000000000000000b0' as Address;
const CAROL = '0x0a000000000000000000000000000000000000c0' as Address;
const TOKEN = '0x0a000000000000000000000000000000000000d7' as Address;
const OTHER_TOKEN = '0x0a000000000000000000000000000000000000e7' as Address;
const TRANSFER = '0xa9059cbb' as Hex;
const hex = (v: string) => v.slice(2);
const txHash = (block: number, index: number): Hash => `0x${(block * 100 + index).toString(16).padStart(64, '0')}` as Hash;
const blockHash = (block: number): Hash => `0x${(block + 0xb000000).toString(16).padStart(64, '0')}` as Hash;
/** Block n of cyprus1 is at 2026-01-01 00:00 UTC + n hours. */
const T0 = 1_767_225_600n;
const at = (block: number) => T0 + BigInt(block) * 3600n;

async function block(db: Db, n: number): Promise<void> {
  await db.query(
    `INSERT INTO blocks (chain, number, hash, parent_hash, number_prime, number_region, timestamp, tx_count) VALUES ('cyprus1', $1, decode($2, 'hex'), '\\x00', 0, 0, $3, 1)`,
    [n, hex(blockHash(n)), at(n)],
  );
}

interface Tx {
  readonly block: number;
  readonly index?: number;
  readonly from: Address;
  readonly to: Address;
  readonly nonce: number;
  readonly type?: number;
  readonly method?: Hex;
  readonly token?: Address;
}

async function tx(db: Db, t: Tx): Promise<void> {
  const index = t.index ?? 0;
  await db.query(
    `INSERT INTO transactions (chain, block_number, tx_index, hash, type, sender, recipient, contract_address, value, nonce, gas, gas_used, gas_price, status, method, other_chain)
     VALUES ('cyprus1', $1, $2, decode($3, 'hex'), $4, decode($5, 'hex'), decode($6, 'hex'), NULL, 7, $7, 21000, 21000, 1, 1, decode($8, 'hex'), NULL)`,
    [t.block, index, hex(txHash(t.block, index)), t.type ?? 0, hex(t.from), hex(t.to), t.nonce, t.method ? hex(t.method) : null],
  );
  const roles = t.from === t.to ? [[t.from, 3]] : [[t.from, 1], [t.to, 2]];
  for (const [address, role] of roles) {
    await db.query(`INSERT INTO address_transactions VALUES (decode($1, 'hex'), $2, $3, 'cyprus1', $4)`, [hex(address as string), t.block, index, role]);
  }
  if (t.token) {
    await db.query(
      `INSERT INTO token_transfers VALUES ('cyprus1', $1, $2, 0, 0, 20, decode($3, 'hex'), decode($4, 'hex'), decode($5, 'hex'), 5, NULL)`,
      [t.block, index, hex(t.token), hex(t.from), hex(t.to)],
    );
    for (const [address, role] of [[t.from, 1], [t.to, 2]] as const) {
      await db.query(`INSERT INTO address_token_transfers VALUES (decode($1, 'hex'), $2, $3, 0, 0, 'cyprus1', $4)`, [hex(address), t.block, index, role]);
    }
  }
}

for (const driver of testDrivers()) {
  describe(`search, nonces and filtered lists on ${driver.name}`, () => {
    let db: Db;
    beforeAll(async () => {
      db = await driver.open();
      await migrate(db);
      await db.query(`INSERT INTO index_cursor (chain, number, hash) VALUES ('cyprus1', 12, '\\x00')`);
      for (let n = 1; n <= 12; n++) await block(db, n);
      // Alice sends nonces 0..4 (1: a transfer() of TOKEN to Carol), receives from Bob in block 4 and an ETX credit in block 6.
      await tx(db, { block: 1, from: ALICE, to: BOB, nonce: 0 });
      await tx(db, { block: 2, from: ALICE, to: TOKEN, nonce: 1, method: TRANSFER, token: TOKEN });
      await tx(db, { block: 3, from: ALICE, to: BOB, nonce: 2, method: '0x12345678' });
      await tx(db, { block: 4, from: BOB, to: ALICE, nonce: 0 });
      await tx(db, { block: 5, from: ALICE, to: CAROL, nonce: 3, token: OTHER_TOKEN });
      await tx(db, { block: 6, from: CAROL, to: ALICE, nonce: 4, type: 1 });
      await tx(db, { block: 7, from: ALICE, to: ALICE, nonce: 4 });
      const token = (address: Address, name: string | null, symbol: string | null) =>
        db.query(`INSERT INTO tokens VALUES ('cyprus1', decode($1, 'hex'), 20, $2, $3, 18, true, 1)`, [hex(address), name, symbol]);
      await token(TOKEN, 'DevToken', 'SDT');
      await token('0x0a000000000000000000000000000000000000c7' as Address, 'Strata Dev Token', 'STD');
      await token(OTHER_TOKEN, 'Stable 100% Dollar', 'S_D');
      await token('0x0a000000000000000000000000000000000000f7' as Address, null, null);
      for (const [address, name] of [[BOB, 'contracts/Vault.sol:DevVault'], [CAROL, 'Registry']] as const) {
        await db.query(
          `INSERT INTO verified_contracts (address, chain, match_kind, compiler_version, contract_name, input, abi, constructor_args, job_guid)
           VALUES (decode($1, 'hex'), 'cyprus1', 'full', 'v0.8.26', $2, '{}', '[]', '', 'g')`,
          [hex(address), name],
        );
      }
    }, 180_000);
    afterAll(async () => {
      await db?.close();
      await driver.cleanup();
    });

    it('tokens by the start of their symbol or name, then (3 characters on) anywhere in them; wildcards are literal', async () => {
      const names = async (needle: string) => (await tokensByName(db, needle)).map((t) => t.name).sort();
      expect(await names('sd')).toEqual(['DevToken']);
      expect(await names('dev')).toEqual(['DevToken', 'Strata Dev Token']);
      expect(await names('ken')).toEqual(['DevToken', 'Strata Dev Token']);
      // Spaces and punctuation the reader leaves out: "DevToken" finds "Strata Dev Token".
      expect(await names('devtoken')).toEqual(['DevToken', 'Strata Dev Token']);
      expect(await names('Dev-Tok')).toEqual(['DevToken', 'Strata Dev Token']);
      // Enough names start with it to fill the list: those rank first, and nothing else is read.
      expect((await tokensByName(db, 'dev', 1)).map((t) => t.name)).toEqual(['DevToken']);
      // Two characters: prefixes only ("ke" is inside DevToken, but no name starts with it).
      expect(await names('ke')).toEqual([]);
      expect(await names('100%')).toEqual(['Stable 100% Dollar']);
      expect(await names('s_d')).toEqual(['Stable 100% Dollar']);
      expect(await names('1%0')).toEqual([]);
      expect(await names('sxd')).toEqual([]);
    });

    it('verified contracts by their name, not their source path', async () => {
      expect((await contractsByName(db, 'devv')).map((c) => [c.name, c.address])).toEqual([['DevVault', BOB]]);
      expect((await contractsByName(db, 'vault')).map((c) => c.name)).toEqual(['DevVault']);
      expect(await contractsByName(db, 'contracts')).toEqual([]);
    });

    it('a hash is a transaction or a block of the index', async () => {
      expect(await byHash(db, txHash(3, 0))).toEqual([{ kind: 'transaction', chain: 'cyprus1', blockNumber: 3n }]);
      expect(await byHash(db, blockHash(5))).toEqual([{ kind: 'block', chain: 'cyprus1', blockNumber: 5n }]);
      expect(await byHash(db, `0x${'ee'.repeat(32)}`)).toEqual([]);
    });

    it('a sender’s transactions by nonce, without the ETX credited in its name', async () => {
      const found = await senderTransactionsByNonce(db, ALICE, [1n, 3n, 9n]);
      expect(found.map((t) => [t.nonce, t.hash])).toEqual([[1n, txHash(2, 0)], [3n, txHash(5, 0)]]);
      expect((await senderTransactionsByNonce(db, CAROL, [4n])).length).toBe(0);
    });

    it('a time range as the blocks it lies within', async () => {
      expect(await blockBoundsOf(db, { from: at(3), to: at(6) })).toEqual({ lo: 3n, hi: 5n });
      expect(await blockBoundsOf(db, { from: at(3) - 1n })).toEqual({ lo: 3n, hi: null });
      expect(await blockBoundsOf(db, { to: at(1) })).toEqual({ lo: null, hi: null });
      expect(await blockBoundsOf(db, {})).toEqual({ lo: null, hi: null });
    });

    it('the history filtered by direction, method, token, counterparty and time', async () => {
      const blocks = async (filter: Parameters<typeof historyPage>[2]['filter']) =>
        (await historyPage(db, ALICE, { limit: 25, filter })).items.map((i) => Number(i.blockNumber));
      expect(await blocks(undefined)).toEqual([7, 6, 5, 4, 3, 2, 1]);
      expect(await blocks({ direction: 'out' })).toEqual([7, 5, 3, 2, 1]);
      expect(await blocks({ direction: 'in' })).toEqual([7, 6, 4]);
      expect(await blocks({ methods: [TRANSFER, '0x12345678'] })).toEqual([3, 2]);
      expect(await blocks({ token: OTHER_TOKEN })).toEqual([5]);
      expect(await blocks({ counterparty: BOB })).toEqual([4, 3, 1]);
      expect(await blocks({ from: at(3), to: at(6), lo: 3n, hi: 5n })).toEqual([5, 4, 3]);
      expect(await blocks({ direction: 'out', counterparty: BOB, from: at(2) })).toEqual([3]);
      // Paged: the cursor of a filtered page goes on with the filter.
      const first = await historyPage(db, ALICE, { limit: 2, filter: { direction: 'out' } });
      const second = await historyPage(db, ALICE, { limit: 2, cursor: first.next, filter: { direction: 'out' } });
      expect([...first.items, ...second.items].map((i) => Number(i.blockNumber))).toEqual([7, 5, 3, 2]);
    });

    it('token transfers filtered by token and direction', async () => {
      const page = await addressTokenTransfers(db, ALICE, { limit: 25, filter: { token: OTHER_TOKEN } });
      expect(page.items.map((i) => [i.token, i.direction])).toEqual([[OTHER_TOKEN, 'out']]);
      expect((await addressTokenTransfers(db, CAROL, { limit: 25, filter: { direction: 'out' } })).items).toEqual([]);
    });

    it('a filter that matches rarely reads at most SCAN rows a page and goes on after them', async () => {
      const many = SCAN + 500;
      // Dave receives `many` plain transfers from Bob in block 12, then one transfer() from Carol above them.
      const DAVE = '0x0a000000000000000000000000000000000000dd';
      await db.query(`INSERT INTO transactions SELECT 'cyprus1', 12, i, decode(lpad(to_hex(1000000 + i), 64, '0'), 'hex'), 0, decode($1, 'hex'), decode($2, 'hex'),
        NULL, 1, i, 21000, 21000, 1, 1, NULL, NULL FROM generate_series(1, ${many}) i`, [hex(BOB), DAVE.slice(2)]);
      await db.query(`INSERT INTO address_transactions SELECT decode($1, 'hex'), 12, i, 'cyprus1', 2 FROM generate_series(1, ${many}) i`, [DAVE.slice(2)]);
      await db.query(`INSERT INTO transactions VALUES ('cyprus1', 12, 0, decode(lpad('ff', 64, '0'), 'hex'), 0, decode($1, 'hex'), decode($2, 'hex'), NULL, 1, 9, 21000, 21000, 1, 1, '\\xa9059cbb', NULL)`, [hex(CAROL), DAVE.slice(2)]);
      await db.query(`INSERT INTO address_transactions VALUES (decode($1, 'hex'), 12, 0, 'cyprus1', 2)`, [DAVE.slice(2)]);
      const filter = { methods: [TRANSFER] };
      const first = await historyPage(db, DAVE as Address, { limit: 25, filter });
      expect(first.items).toEqual([]);
      expect(first.next).not.toBeNull();
      const second = await historyPage(db, DAVE as Address, { limit: 25, cursor: first.next, filter });
      expect(second.items.map((i) => i.index)).toEqual([0]);
      expect(second.next).toBeNull();
      const streamed: number[] = [];
      for await (const item of historyRows(db, DAVE as Address, { filter })) streamed.push(item.index);
      expect(streamed).toEqual([0]);
    });
  });
}
