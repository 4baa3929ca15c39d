/**
 * The trace pass against a block the node cannot trace within its budget, on a real devnet (1x1,
 * no traffic): the Snare (devnet/test-support/gas-snare.ts) plants 6,000 Approval logs in one
 * block, whose trace takes the devnet over a second, far past the pass's budget of 250 ms, which
 * the node is told (geth's TraceConfig.timeout) and answers "execution timeout" at; the blocks
 * around it trace in a few milliseconds. The pass asks that block alone three times, marks it
 * untraced with the reason, moves on and traces the block after it (a DevForwarder's internal transfer);
 * the index status's reader names the mark. The 6,000 planted approvals are in the index, counted
 * apart as not a token's.
 */
import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Address } from 'viem';
import { devAccountsOf } from '@/devnet/accounts';
import { forwardData, TRACE_CONTRACTS } from '@/devnet/contracts';
import type { Devnet } from '@/devnet/index';
import { startDevnetOnFreePorts } from '@/devnet/test-support/free-ports';
import { plantData, plantGas, snareDeployData } from '@/devnet/test-support/gas-snare';
import { createSender, type Sender } from '@/devnet/test-support/sender';
import { createChainClient, type ChainClient } from '@/lib/rpc/client';
import type { Receipt } from '@/lib/rpc/domain';
import type { Db } from '../../drivers/db';
import { openIndex } from '../../open-index';
import { unrecognisedApprovals } from '../../readers/tokens/approval-reader';
import { addressInternalTransfers } from '../../readers/internal-transfer-reader';
import { untracedBlocks, untracedMark } from '../../readers/untraced-reader';
import { tempIndexDir, waitFor } from '../../testing/index-test-support';
import { startIndexWriter } from '../../writer';
import type { IndexWriter } from '../index-writer';
import { readTraceCursor } from './trace-store';

const ZONE = 'cyprus1';
const LOGS = 6_000;
/** The trace pass's budget at the node: a block of a few transactions traces in ~10 ms on the devnet, the planted one in over a second. */
const TRACE_BUDGET_MS = 250;
const [deployer, owner] = devAccountsOf(ZONE) as [ReturnType<typeof devAccountsOf>[number], ReturnType<typeof devAccountsOf>[number]];
/** The forward pays the owner: an internal transfer in the block after the planted one. */
const payee = owner;

let devnet: Devnet;
let client: ChainClient;
let sender: Sender;
let db: Db | undefined;
let writer: IndexWriter | undefined;
let dir: string;
let planted: Receipt;
let forwarded: Receipt;
let snare: Address;

beforeAll(async () => {
  devnet = await startDevnetOnFreePorts({ topology: '1x1', blockTimeMs: 250 });
  client = createChainClient({ chain: ZONE, url: devnet.urlOf(ZONE), timeoutMs: 30_000 });
  sender = await createSender(devnet, ZONE, client, deployer);
  snare = (await sender.deploy(snareDeployData())).address;
  const forwarder = (await sender.deploy(TRACE_CONTRACTS.forwarder)).address;
  planted = (await sender.mined(await sender.send(snare, plantData(owner.address, LOGS), 0n, plantGas(LOGS)))).receipt;
  forwarded = (await sender.run(forwarder, forwardData(payee.address), 1_000n)).receipt;
  dir = tempIndexDir();
}, 120_000);

afterAll(async () => {
  await writer?.stop();
  await db?.close();
  await devnet?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('the trace pass past a block it cannot trace', () => {
  it('behavior: the block of 6,000 logs is asked alone three times, marked untraced with why, and the pass goes on to trace the blocks after it', async () => {
    expect(planted.status).toBe('success');
    expect(planted.logs).toHaveLength(LOGS);
    expect(forwarded.blockNumber).toBeGreaterThan(planted.blockNumber);
    db = await openIndex({ dataDir: dir });
    const traceClient = createChainClient({ chain: ZONE, url: devnet.urlOf(ZONE), timeoutMs: 10_000 });
    writer = startIndexWriter({
      db, sources: [{ chain: ZONE, client, traceClient, traceBudgetMs: TRACE_BUDGET_MS }], from: 0n, concurrency: 8, progressMs: 0,
      // Small batches, so the blocks around the planted one answer well within the budget.
      trace: { pacing: { targetMs: 50 } },
    });
    const index = db;
    await waitFor('the trace cursor past the planted block and the forward', async () => {
      const cursor = await readTraceCursor(index, ZONE);
      return cursor.number !== null && cursor.number >= forwarded.blockNumber;
    }, 120_000);

    const mark = await untracedMark(index, ZONE, planted.blockNumber);
    expect(mark).toEqual({
      chain: ZONE, number: planted.blockNumber, hash: planted.blockHash.toLowerCase(), attempts: 3,
      reason: "the node's trace failed (asked 3 times): execution timeout",
    });
    // The only one: every other block traced within the budget.
    expect((await untracedBlocks(index)).get(ZONE)).toEqual({ count: 1, newest: [mark] });
    // The block after it is traced: the forward's internal transfer to the payee is in the index.
    const payeeTransfers = await addressInternalTransfers(index, payee.address, { limit: 10 });
    expect(payeeTransfers.items.map((i) => [i.txHash, i.value])).toEqual([[forwarded.transactionHash.toLowerCase(), 1_000n]]);
    // The planted approvals are indexed (the block pass reads logs, not traces), and counted as not a token's.
    expect(await unrecognisedApprovals(index, owner.address, { chain: ZONE, atBlock: forwarded.blockNumber })).toEqual({
      approvals: LOGS, contracts: 1, top: [{ chain: ZONE, token: snare.toLowerCase(), approvals: LOGS }],
    });
    // Above its wait (120 s): on a loaded machine the devnet takes that long to mine, index and trace these blocks.
  }, 180_000);
});
