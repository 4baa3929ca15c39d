/**
 * The token-approval derivation across a real reorg of a devnet zone (1x1, no traffic): an
 * allowance and an operator approval are mined, indexed, then their blocks dropped by the node;
 * their rows go with those blocks, and the approvals come back in the block that holds them now
 * (the node re-mines them from its pool). What the reader calls current equals the node's own
 * allowance and isApprovedForAll, no row names a block the index no longer holds, and the table
 * equals a fresh index's.
 */
import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeFunctionData, type Address } from 'viem';
import { devAccountsOf } from '@/devnet/accounts';
import { DevNftAbi, DevTokenAbi, devNftDeployData, devTokenDeployData } from '@/devnet/contracts';
import type { Devnet, ReorgResult } from '@/devnet/index';
import { startDevnetOnFreePorts } from '@/devnet/test-support/free-ports';
import { createSender, type Sender } from '@/devnet/test-support/sender';
import { createChainClient, type ChainClient } from '@/lib/rpc/client';
import type { Hash } from '@/lib/rpc/domain';
import type { Db } from '../../drivers/db';
import { readCursor } from '../../engine/block-store';
import type { IndexWriter } from '../../engine/index-writer';
import { zoneSources } from '../../engine/sources';
import { openIndex } from '../../open-index';
import { currentApprovals } from '../../readers/tokens/approval-reader';
import { devnetConfig, dumpIndex, tempIndexDir, waitFor } from '../../testing/index-test-support';
import { startIndexWriter } from '../../writer';

const ZONE = 'cyprus1';
const owner = devAccountsOf(ZONE)[0]!;
const spender = devAccountsOf(ZONE)[1]!.address.toLowerCase() as Address;
const operator = '0x0b000000000000000000000000000000000000aa' as Address;

let devnet: Devnet;
let client: ChainClient;
let sender: Sender;
let token: Address;
let nft: Address;
let db: Db;
let writer: IndexWriter;
const dirs: string[] = [];

const sources = () => zoneSources(devnetConfig(devnet));
const indexedHeight = async (q: Db) => (await readCursor(q, ZONE))?.number ?? -1n;

beforeAll(async () => {
  devnet = await startDevnetOnFreePorts({ topology: '1x1', blockTimeMs: 250 });
  client = createChainClient({ chain: ZONE, url: devnet.urlOf(ZONE), timeoutMs: 10_000 });
  sender = await createSender(devnet, ZONE, client, owner);
  token = (await sender.deploy(devTokenDeployData(10n ** 24n))).address.toLowerCase() as Address;
  nft = (await sender.deploy(devNftDeployData())).address.toLowerCase() as Address;
  // A mint gives the NFT a transfer in the index: approvals are listed for contracts that look like tokens.
  await sender.run(nft, encodeFunctionData({ abi: DevNftAbi, functionName: 'mint', args: [owner.address, 1n] }));
  const dir = tempIndexDir();
  dirs.push(dir);
  db = await openIndex({ dataDir: dir });
  writer = startIndexWriter({ db, sources: sources(), from: 0n, concurrency: 16, progressMs: 0 });
}, 90_000);

afterAll(async () => {
  await writer?.stop();
  await db?.close();
  await devnet?.stop();
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

describe('token approvals across a reorg', () => {
  it('behavior: the rows of dropped blocks are rolled back, the approvals name the block the node has them in now, equal its answers and a fresh index', async () => {
    const store = devnet.network.store(ZONE);
    let sent: { allowance: Hash; operatorTx: Hash; amount: bigint; reorg: ReorgResult; blocks: string[] } | undefined;
    for (let attempt = 0; attempt < 8 && !sent; attempt++) {
      const amount = 100n + BigInt(attempt);
      const allowance = await sender.send(token, encodeFunctionData({ abi: DevTokenAbi, functionName: 'approve', args: [spender, amount] }));
      const operatorTx = await sender.send(nft, encodeFunctionData({ abi: DevNftAbi, functionName: 'setApprovalForAll', args: [operator, attempt % 2 === 0] }));
      const receipts = [(await sender.mined(allowance)).receipt, (await sender.mined(operatorTx)).receipt];
      // Hold the chain still while the index catches up, then drop the blocks from the older of the two up.
      await devnet.pauseMining();
      await waitFor('the index at the head', async () => (await indexedHeight(db)) >= BigInt(store.height), 60_000);
      const before = await currentApprovals(db, owner.address, { chain: ZONE, atBlock: BigInt(store.height), limit: 10 });
      expect(before.items.find((i) => i.spender === spender)).toMatchObject({ amount, blockHash: receipts[0]!.blockHash.toLowerCase() });
      const low = receipts.map((r) => r.blockNumber).reduce((x, y) => (x < y ? x : y));
      const depth = store.height - Number(low) + 1;
      let reorg: ReorgResult | undefined;
      if (depth <= 3) reorg = await devnet.reorg(ZONE, depth).catch(() => undefined); // refused when a block is also a region block
      devnet.resumeMining();
      if (reorg) sent = { allowance, operatorTx, amount, reorg, blocks: receipts.map((r) => r.blockHash.toLowerCase()) };
    }
    if (!sent) throw new Error('no reorg the devnet accepted in 8 attempts');
    expect(sent.reorg.dropped.map((h) => h.toLowerCase())).toEqual(expect.arrayContaining(sent.blocks));
    const branchHead = BigInt(sent.reorg.ancestor + sent.reorg.replacement.length);
    // The dropped transactions go back to the pool; wait until the node has mined them again and the index has those blocks.
    const [allowanceNow, operatorNow] = await waitFor('both mined again', async () => {
      const r = await Promise.all([client.getTransactionReceipt({ hash: sent.allowance }), client.getTransactionReceipt({ hash: sent.operatorTx })]);
      return r[0] && r[1] ? (r as [NonNullable<(typeof r)[0]>, NonNullable<(typeof r)[1]>]) : null;
    }, 60_000);
    const settled = [branchHead, allowanceNow.blockNumber, operatorNow.blockNumber].reduce((a, b) => (a > b ? a : b));
    await waitFor('the index on the new branch', async () => (await indexedHeight(db)) >= settled, 60_000);
    await devnet.pauseMining();
    try {
      const height = await indexedHeight(db);
      const now = await currentApprovals(db, owner.address, { chain: ZONE, atBlock: height, limit: 10 });
      const row = now.items.find((i) => i.spender === spender);
      // The allowance names the block the node has it in now, not a dropped one.
      expect(row).toMatchObject({ token, kind: 'allowance', amount: sent.amount, blockNumber: allowanceNow.blockNumber, blockHash: allowanceNow.blockHash.toLowerCase(), txHash: sent.allowance.toLowerCase() });
      expect(sent.reorg.dropped.map((h) => h.toLowerCase())).not.toContain(row?.blockHash);
      // What is current is what the node answers at that block.
      const [allowance, approvedForAll] = await Promise.all([
        client.call({ request: { to: token, data: encodeFunctionData({ abi: DevTokenAbi, functionName: 'allowance', args: [owner.address, spender] }) }, blockTag: height }),
        client.call({ request: { to: nft, data: encodeFunctionData({ abi: DevNftAbi, functionName: 'isApprovedForAll', args: [owner.address, operator] }) }, blockTag: height }),
      ]);
      expect(row?.amount).toBe(BigInt(allowance));
      const operatorRow = now.items.find((i) => i.spender === operator);
      expect(operatorRow ? 1n : 0n).toBe(BigInt(approvedForAll));
      if (operatorRow) expect(operatorRow.blockHash).toBe(operatorNow.blockHash.toLowerCase());
      // No approval row of a block the index no longer holds under that hash.
      const [orphans] = await db.query(`SELECT count(*)::int AS n FROM token_approvals a
          WHERE NOT EXISTS (SELECT 1 FROM blocks b WHERE b.chain = a.chain AND b.number = a.block_number)`);
      expect(orphans).toEqual({ n: 0 });
      // And the table equals a fresh index's, built after the reorg.
      const freshDir = tempIndexDir();
      dirs.push(freshDir);
      const fresh = await openIndex({ dataDir: freshDir });
      try {
        await startIndexWriter({ db: fresh, sources: sources(), from: 0n, concurrency: 8, until: height, progressMs: 0 }).done;
        const [a, b] = await Promise.all([dumpIndex(db), dumpIndex(fresh)]);
        const upTo = (rows: unknown[]) => rows.filter((r) => BigInt(String((r as { block_number: string }).block_number)) <= height);
        expect(upTo(a.token_approvals ?? [])).toEqual(upTo(b.token_approvals ?? []));
        expect(upTo(b.token_approvals ?? []).length).toBeGreaterThanOrEqual(2);
      } finally {
        await fresh.close();
      }
    } finally {
      devnet.resumeMining();
    }
  }, 240_000);
});
