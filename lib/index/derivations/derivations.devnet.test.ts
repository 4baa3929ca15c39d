/**
 * Derivations against a running devnet (1x2, traffic with DevToken transfers and cross-zone sends):
 *   - an index built with only migration 1 (history), opened with every migration, re-reads its
 *     stored blocks for token transfers, tokens and ETX origins (stopped half-way and resumed) and
 *     ends identical to a fresh full index, on PGlite and on a real PostgreSQL;
 *   - a reorg that drops the block of a cross-zone send, of a token transfer and of an internal
 *     transfer, once both passes hold them, takes their rows and both cursors back: the journey and
 *     the transfers name the block the node has now, no stale row stays, and the index equals a
 *     fresh one.
 */
import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Devnet, ReorgResult } from '@/devnet/index';
import { startDevnetOnFreePorts } from '@/devnet/test-support/free-ports';
import { startTraffic, type Traffic } from '@/devnet/traffic';
import type { DevAccount } from '@/devnet/accounts';
import { forwardData, tokenTransferData } from '@/devnet/contracts/index';
import { internalTransfersOfTx } from '../readers/internal-transfer-reader';
import type { ChainName } from '@/lib/protocol/chains';
import { tokenTransfersOf } from '@/lib/decode/token-transfers';
import { signTransaction } from '@/lib/protocol/transaction';
import { createChainClient } from '@/lib/rpc/client';
import type { Address, Hash } from '@/lib/rpc/domain';
import { readCursor } from '../engine/block-store';
import { readBalanceCursor } from '../engine/balance-pass/balance-store';
import { readTraceCursor } from '../engine/trace-pass/trace-store';
import type { Db } from '../drivers/db';
import { etxJourneysOfTx } from '../readers/etx-reader';
import { historyDerivation } from './history';
import { devnetConfig, dumpIndex, recomputedDailyStats, recomputedEtxFlow, recomputedTokenStats, tempIndexDir, waitFor } from '../testing/index-test-support';
import { reorgsPage } from '../readers/lists/block-list-reader';
import { startIndexWriter } from '../writer';
import type { IndexWriter } from '../engine/index-writer';
import { migrate } from '../testing/engine-with-derivations';
import { HISTORY_ONLY_SCHEMA, MIGRATIONS } from '../migrations/index';
import { openIndex } from '../open-index';
import { openPglite } from '../drivers/pglite-driver';
import { openPostgres } from '../drivers/postgres-driver';
import { pendingRereads } from '../engine/rereader';
import { zoneSources } from '../engine/sources';
import { openEmptyPostgres, startTestPostgres, type TestPostgres } from '../testing/test-postgres';

const ZONES_OF_TEST: readonly ChainName[] = ['cyprus1', 'cyprus2'];
/** The old index holds blocks 0..OLD; the upgraded one goes on to H. */
const OLD = 24n;
const H = 36n;

let devnet: Devnet;
let traffic: Traffic;
let pg: TestPostgres | undefined;
const dirs: string[] = [];

function tempDir(): string {
  const dir = tempIndexDir();
  dirs.push(dir);
  return dir;
}

const sources = () => zoneSources(devnetConfig(devnet));

async function freshIndex(until: bigint): Promise<Db> {
  const db = await openIndex({ dataDir: tempDir() });
  await startIndexWriter({ db, sources: sources(), from: 0n, concurrency: 8, until, progressMs: 0 }).done;
  return db;
}

/** A fresh index of blocks 0..H, written once: both upgraded indexes (PGlite, PostgreSQL) are compared with it, and only read it. */
let indexedToH: Promise<Db> | undefined;
const freshIndexToH = (): Promise<Db> => (indexedToH ??= freshIndex(H));

/**
 * Every table's rows at or below `height` (the cursors and index_rereads left out: they differ by
 * design mid-flight). The running totals (daily_stats, etx_flow_hourly, the token stats) sum over
 * every height, so they are left out here; the test compares them with a recount of the rows instead.
 */
async function dumpThrough(db: Db, height: bigint): Promise<Record<string, unknown[]>> {
  const dump = await dumpIndex(db);
  delete dump.index_cursor;
  delete dump.index_trace_cursor;
  delete dump.index_rereads;
  delete dump.index_balance_cursor;
  delete dump.daily_stats;
  delete dump.etx_flow_hourly;
  delete dump.token_stats;
  delete dump.token_balances;
  delete dump.token_transfers_hourly;
  // The accounts are as of the block the balance pass completed (it differs mid-flight); balance_changes are compared by block.
  delete dump.account_balances;
  delete dump.account_totals;
  delete dump.address_tx_counts;
  delete dump.chain_stats_hourly;
  delete dump.hourly_new_addresses;
  for (const [table, rows] of Object.entries(dump)) {
    dump[table] = rows.filter((row) => {
      const r = row as Record<string, unknown>;
      return BigInt(String(r.block_number ?? r.number ?? r.first_block)) <= height;
    });
  }
  return dump;
}

beforeAll(async () => {
  devnet = await startDevnetOnFreePorts({ topology: '1x2', blockTimeMs: 300 });
  traffic = startTraffic({
    zones: devnet.executions, accounts: ZONES_OF_TEST.map((z) => devnet.accounts.find((a) => a.zone === z) as DevAccount),
    ratePerSecond: 4, chainId: devnet.chainId, seed: 11, stateRootOf: (zone) => devnet.network.store(zone).head.header.stateRoot,
  });
  await Promise.all(ZONES_OF_TEST.map((z) => devnet.waitForBlocks(z, Number(H) + 2, 90_000)));
}, 120_000);

afterAll(async () => {
  traffic?.stop();
  await devnet?.stop();
  await (await indexedToH?.catch(() => undefined))?.close();
  await pg?.stop();
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

describe('derivations on a devnet', () => {
  it.each(['PGlite', 'PostgreSQL'] as const)(
    'behavior: an index made before the token and journey tables gains them by re-reading its blocks, and equals a fresh index (%s)',
    async (kind) => {
      const open = async (): Promise<Db> => {
        if (kind === 'PGlite') return openPglite(dir);
        pg ??= await startTestPostgres();
        return openPostgres(pg.url);
      };
      const dir = tempDir();
      // The old index: migration 1 only, written by a writer that knows only the history.
      let db = kind === 'PGlite' ? await open() : await openEmptyPostgres((pg ??= await startTestPostgres()).url);
      await migrate(db, HISTORY_ONLY_SCHEMA);
      await startIndexWriter({ db, sources: sources(), from: 0n, concurrency: 8, until: OLD, progressMs: 0, derivations: [historyDerivation] }).done;
      await db.close();

      // The upgrade: every migration; the blocks it holds are recorded for re-reading.
      db = await open();
      try {
        expect(await migrate(db)).toEqual(MIGRATIONS.filter((m) => !HISTORY_ONLY_SCHEMA.includes(m)).map((m) => m.id));
        const pending = await pendingRereads(db);
        expect(pending.map((p) => `${p.chain} ${p.derivation} ${p.next}..${p.through}`).sort()).toEqual(
          ZONES_OF_TEST.flatMap((z) => ['chain-stats', 'contract-creations', 'etx-origins', 'internal-transfers', 'logs', 'mined-blocks', 'token-approvals', 'token-stats', 'token-transfers', 'tokens'].map((d) => `${z} ${d} 0..${OLD}`)),
        );
        // Stopped part-way (windows of 4 blocks), then resumed: the re-read goes on from where it was.
        // Stopped from the log line of the first re-read window, synchronously: the rereader looks
        // at the stop signal before its next window, so it stops with windows left on any machine.
        const logs: string[] = [];
        let stopping: Promise<void> | undefined;
        const first: IndexWriter = startIndexWriter({
          db, sources: sources(), from: 0n, concurrency: 8, until: H, progressMs: 0, rereadWindow: 4, logCommits: true,
          log: (l) => {
            logs.push(l);
            if (!stopping && /: re-read \d+\.\.\d+$/.test(l)) stopping = first.stop();
          },
        });
        await waitFor('a re-read part-way', async () => stopping !== undefined);
        await stopping;
        expect(logs.some((l) => l.includes('re-reading stored blocks'))).toBe(true);
        const between = await pendingRereads(db);
        expect(between.length).toBeGreaterThan(0);
        const second = startIndexWriter({ db, sources: sources(), from: 0n, concurrency: 8, until: H, progressMs: 0, rereadWindow: 4 });
        await second.done;
        expect(await pendingRereads(db)).toEqual([]);

        const reference = await freshIndexToH();
        const [a, b] = await Promise.all([dumpIndex(db), dumpIndex(reference)]);
        expect(a.blocks).toHaveLength(ZONES_OF_TEST.length * (Number(H) + 1));
        // Something to re-read: DevToken transfers (the mint at least), its tokens row, and ETX origins.
        expect(b.token_transfers?.length).toBeGreaterThan(1);
        expect(b.etx_origins?.length).toBeGreaterThan(0);
        expect(b.tokens).toContainEqual(expect.objectContaining({ symbol: 'SDT', decimals: 18, answered: true }));
        expect(a).toEqual(b);
      } finally {
        await db.close();
      }
    },
    180_000,
  );

  describe('a reorg', () => {
    let db: Db;
    let writer: IndexWriter;
    beforeAll(async () => {
      traffic.stop(); // the test sends from the token holder itself
      db = await openIndex({ dataDir: tempDir() });
      writer = startIndexWriter({ db, sources: sources(), from: 0n, concurrency: 16, progressMs: 0 });
    });
    afterAll(async () => {
      await writer?.stop();
      await db?.close();
    });

    it('behavior: a reorg that drops the block of a cross-zone send and of a token transfer takes their rows with it; the index equals a fresh one', async () => {
      const client = createChainClient({ chain: 'cyprus1', url: devnet.urlOf('cyprus1') });
      const store = devnet.network.store('cyprus1');
      const holder = devnet.accounts.find((a) => a.zone === 'cyprus1') as DevAccount;
      const sender = devnet.accounts.filter((a) => a.zone === 'cyprus1')[1] as DevAccount;
      const recipient = (devnet.accounts.filter((a) => a.zone === 'cyprus2')[1] as DevAccount).address;
      const token = traffic.stats().tokens.get('cyprus1') as Address;
      expect(token).toBeDefined();
      const forwarder = traffic.stats().contracts.get('cyprus1')?.forwarder as Address;
      expect(forwarder).toBeDefined();
      const fees = { gasTipCap: 10n ** 9n, gasFeeCap: 20n * 10n ** 9n };

      let sent: { etx: Hash; transfer: Hash; forward: Hash; reorg: ReorgResult; blocks: string[] } | undefined;
      for (let attempt = 0; attempt < 8 && !sent; attempt++) {
        const [etxNonce, tokenNonce] = await Promise.all([
          client.getTransactionCount({ address: sender.address, blockTag: 'pending' }),
          client.getTransactionCount({ address: holder.address, blockTag: 'pending' }),
        ]);
        const etx = await client.sendRawTransaction({ serializedTransaction: await signTransaction({
          type: 2, chainId: devnet.chainId, nonce: etxNonce, ...fees, gas: 100_000n, to: recipient, value: 777n, data: '0x', accessList: [],
          etxGasLimit: 21_000n, etxGasPrice: 20n * 10n ** 9n, etxGasTip: 10n ** 9n, etxData: '0x', etxAccessList: [],
        }, sender.privateKey) });
        const transfer = await client.sendRawTransaction({ serializedTransaction: await signTransaction({
          type: 0, chainId: devnet.chainId, nonce: tokenNonce, ...fees, gas: 80_000n, to: token, value: 0n,
          data: tokenTransferData(sender.address, 5n + BigInt(attempt)), accessList: [],
        }, holder.privateKey) });
        // Value through the DevForwarder: an internal transfer, from the holder's next nonce.
        const forward = await client.sendRawTransaction({ serializedTransaction: await signTransaction({
          type: 0, chainId: devnet.chainId, nonce: tokenNonce + 1n, ...fees, gas: 80_000n, to: forwarder, value: 1_000n + BigInt(attempt),
          data: forwardData(sender.address), accessList: [],
        }, holder.privateKey) });
        const receipts = await waitFor('all mined', async () => {
          const [a, b, c] = await Promise.all([
            client.getTransactionReceipt({ hash: etx }), client.getTransactionReceipt({ hash: transfer }), client.getTransactionReceipt({ hash: forward }),
          ]);
          return a && b && c ? [a, b, c] as const : null;
        });
        // Hold the chain still while the index catches up, then drop the blocks from the older of the two up.
        await devnet.pauseMining();
        const low = receipts.map((r) => r.blockNumber).reduce((x, y) => (x < y ? x : y));
        const depth = store.height - Number(low) + 1;
        // The first attempt waits for the backfill of every block mined since the start, each block
        // with transactions traced by the devnet (internal transfers) in this same process.
        // Both passes: the blocks to drop have their trace rows too, which the reorg must take back.
        await waitFor('the index at the head', async () => ((await readCursor(db, 'cyprus1'))?.number ?? -1n) >= BigInt(store.height), 150_000);
        await waitFor('the traces at the head', async () => ((await readTraceCursor(db, 'cyprus1')).number ?? -1n) >= BigInt(store.height), 150_000);
        expect((await etxJourneysOfTx(db, etx)).map((j) => j.origin.blockNumber)).toEqual([receipts[0].blockNumber]);
        let reorg: ReorgResult | undefined;
        if (depth <= 3) reorg = await devnet.reorg('cyprus1', depth).catch(() => undefined); // refused when a block is also a region block
        devnet.resumeMining();
        if (reorg) sent = { etx, transfer, forward, reorg, blocks: receipts.map((r) => r.blockHash.toLowerCase()) };
      }
      if (!sent) throw new Error('no reorg the devnet accepted in 8 attempts');
      const { reorg } = sent;
      // Both transactions' blocks were among those dropped.
      expect(reorg.dropped.map((h) => h.toLowerCase())).toEqual(expect.arrayContaining(sent.blocks));
      const branchHead = BigInt(reorg.ancestor + reorg.replacement.length);
      await waitFor('the index on the new branch', async () => ((await readCursor(db, 'cyprus1'))?.number ?? 0n) >= branchHead + 2n);
      // The index kept what it replaced: each dropped block at its height, with the new branch's block there.
      const replaced = (await reorgsPage(db, 'cyprus1', { limit: 100 })).items;
      for (const dropped of reorg.dropped.map((h) => h.toLowerCase())) {
        const row = replaced.find((r) => r.hash === dropped);
        expect(row, `dropped block ${dropped}`).toBeDefined();
        expect(row?.replacedBy).toBe(reorg.replacement[Number(row?.number) - reorg.ancestor - 1]?.toLowerCase());
      }
      await waitFor('the traces on the new branch', async () => ((await readTraceCursor(db, 'cyprus1')).number ?? 0n) >= branchHead + 2n);

      // Where the node has the two transactions now (re-included from the pool, or not yet).
      const [etxNow, transferNow] = await Promise.all([client.getTransactionReceipt({ hash: sent.etx }), client.getTransactionReceipt({ hash: sent.transfer })]);
      const journeys = await etxJourneysOfTx(db, sent.etx);
      console.info(`reorg of depth ${reorg.dropped.length}: the node has the send ${etxNow ? `again in block ${etxNow.blockNumber}` : 'no more'}, the transfer ${transferNow ? `again in block ${transferNow.blockNumber}` : 'no more'}`);
      if (etxNow) {
        expect(journeys.map((j) => [j.origin.blockNumber, j.origin.blockHash])).toEqual([[etxNow.blockNumber, etxNow.blockHash.toLowerCase()]]);
        expect(reorg.dropped).not.toContain(journeys[0]?.origin.blockHash);
      } else {
        expect(journeys).toEqual([]);
      }
      const transferRows = await db.query(
        `SELECT t.block_number::text AS n, '0x' || encode(b.hash, 'hex') AS block FROM token_transfers t
           JOIN transactions x ON x.chain = t.chain AND x.block_number = t.block_number AND x.tx_index = t.tx_index
           JOIN blocks b ON b.chain = t.chain AND b.number = t.block_number
          WHERE x.hash = decode($1, 'hex')`,
        [sent.transfer.slice(2)],
      );
      const expected = transferNow ? tokenTransfersOf(transferNow.logs).map(() => ({ n: transferNow.blockNumber.toString(), block: transferNow.blockHash.toLowerCase() })) : [];
      expect(transferRows).toEqual(expected);
      // The internal transfer follows its transaction to the block the node has it in now.
      const forwardNow = await client.getTransactionReceipt({ hash: sent.forward });
      const internal = await internalTransfersOfTx(db, sent.forward);
      expect(internal.map((i) => [i.blockNumber, i.blockHash, i.from, i.to])).toEqual(
        forwardNow ? [[forwardNow.blockNumber, forwardNow.blockHash.toLowerCase(), forwarder.toLowerCase(), sender.address.toLowerCase()]] : [],
      );
      // No row of any derivation points at a block the index no longer holds.
      const orphans = await db.query(`SELECT
          (SELECT count(*) FROM token_transfers t WHERE NOT EXISTS (SELECT 1 FROM blocks b WHERE b.chain = t.chain AND b.number = t.block_number))::int AS transfers,
          (SELECT count(*) FROM etx_origins o WHERE NOT EXISTS (SELECT 1 FROM blocks b WHERE b.chain = o.chain AND b.number = o.block_number))::int AS origins,
          (SELECT count(*) FROM tokens k WHERE NOT EXISTS (SELECT 1 FROM blocks b WHERE b.chain = k.chain AND b.number = k.block_number))::int AS tokens,
          (SELECT count(*) FROM internal_transfers i WHERE NOT EXISTS (SELECT 1 FROM blocks b WHERE b.chain = i.chain AND b.number = i.block_number))::int AS internal,
          (SELECT count(*) FROM address_internal_transfers p WHERE NOT EXISTS (SELECT 1 FROM internal_transfers i
             WHERE i.chain = p.chain AND i.block_number = p.block_number AND i.tx_index = p.tx_index AND i.seq = p.seq))::int AS parties`);
      expect(orphans).toEqual([{ transfers: 0, origins: 0, tokens: 0, internal: 0, parties: 0 }]);
      // And the index, up to where both zones are, equals one built after the reorg.
      const height = (await Promise.all(ZONES_OF_TEST.flatMap((z) => [
        readCursor(db, z).then((c) => c?.number ?? 0n), readTraceCursor(db, z).then((c) => c.number ?? 0n),
        readBalanceCursor(db, z).then((c) => [c.parties ?? 0n, c.internal ?? 0n].reduce((a, b) => (a < b ? a : b))),
      ])))
        .reduce((a, b) => (a < b ? a : b));
      const reference = await freshIndex(height);
      try {
        expect(await dumpThrough(db, height)).toEqual(await dumpThrough(reference, height));
        // The running totals equal a recount of the rows then stored (one snapshot: the writer runs on).
        const [all, days, flow, tokens] = await db.transaction(async (tx) =>
          [await dumpIndex(tx), await recomputedDailyStats(tx), await recomputedEtxFlow(tx), await recomputedTokenStats(tx)] as const);
        expect(all.daily_stats).toEqual(days);
        expect(all.etx_flow_hourly).toEqual(flow);
        expect({ token_stats: all.token_stats, token_balances: all.token_balances, token_transfers_hourly: all.token_transfers_hourly }).toEqual(tokens);
      } finally {
        await reference.close();
      }
    }, 300_000);
  });
});
