/**
 * Internal transfers come from the trace pass, behind the block pass, on a 1x1 devnet:
 *   - a node that does not trace (a go-quai node without the tracer package): the blocks, and an
 *     address's history, are stored; the trace pass waits at the block before the first that needs
 *     a trace and says why (the trace cursor, its `stalled` reason); once the node traces, the next
 *     run traces the rest, and the index equals a fresh one;
 *   - a tracer that has fallen behind (the devnet holds its trace answers): a contract's history is
 *     served with the new transaction while the internal transfer it made is not, the trace cursor says
 *     through which block they go; once the tracer answers, the trace pass catches up and the
 *     index equals a fresh one.
 */
import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Address } from 'viem';
import { devAccountsOf } from '@/devnet/accounts';
import { forwardData, TRACE_CONTRACTS } from '@/devnet/contracts';
import type { Devnet } from '@/devnet/index';
import { startDevnetOnFreePorts } from '@/devnet/test-support/free-ports';
import { createSender, type Sender } from '@/devnet/test-support/sender';
import { createChainClient } from '@/lib/rpc/client';
import type { Hash } from '@/lib/rpc/domain';
import type { Db } from '../drivers/db';
import { readCursor } from '../engine/block-store';
import { zoneSources } from '../engine/sources';
import { readTraceCursor } from '../engine/trace-pass/trace-store';
import { openIndex } from '../open-index';
import { historyPage } from '../readers/history-reader';
import { addressInternalTransfers, internalTransfersOfTx } from '../readers/internal-transfer-reader';
import { traceBehindOf } from '../readers/trace-progress-reader';
import { devnetConfig, dumpIndex, tempIndexDir, waitFor } from '../testing/index-test-support';
import { startIndexWriter } from '../writer';
import { UNTRACED_REASON } from './trace-read';

const ZONE = 'cyprus1';
let devnet: Devnet;
let sender: Sender;
let forwarder: Address;
const dirs: string[] = [];
const to = devAccountsOf(ZONE)[1]!.address.toLowerCase() as Address;

async function forward(value: bigint): Promise<{ hash: Hash; block: bigint }> {
  const hash = await sender.send(forwarder, forwardData(to), value);
  return { hash, block: (await sender.mined(hash)).receipt.blockNumber };
}

async function index(db: Db, until: bigint): Promise<void> {
  await startIndexWriter({ db, sources: zoneSources(devnetConfig(devnet)), from: 0n, concurrency: 4, until, progressMs: 0 }).done;
}

/** A fresh index of the same blocks, compared table by table. */
async function expectEqualToFresh(db: Db, until: bigint): Promise<void> {
  const freshDir = tempIndexDir();
  dirs.push(freshDir);
  const fresh = await openIndex({ dataDir: freshDir });
  try {
    await index(fresh, until);
    const [a, b] = await Promise.all([dumpIndex(db), dumpIndex(fresh)]);
    expect(a.internal_transfers?.length).toBeGreaterThan(0);
    expect(a).toEqual(b);
  } finally {
    await fresh.close();
  }
}

beforeAll(async () => {
  devnet = await startDevnetOnFreePorts({ topology: '1x1', blockTimeMs: 250, serveTrace: false });
  const client = createChainClient({ chain: ZONE, url: devnet.urlOf(ZONE), timeoutMs: 10_000 });
  sender = await createSender(devnet, ZONE, client, devAccountsOf(ZONE)[0]!);
  forwarder = (await sender.deploy(TRACE_CONTRACTS.forwarder)).address.toLowerCase() as Address;
}, 60_000);

afterAll(async () => {
  await devnet?.stop();
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

describe('internal transfers from the trace pass', () => {
  it('behavior: against a node that does not trace, blocks and histories are stored and the trace pass waits, saying why; once the node traces, the index equals a fresh one', async () => {
    const dir = tempIndexDir();
    dirs.push(dir);
    const first = await forward(1_111n);
    const db = await openIndex({ dataDir: dir });
    try {
      await index(db, first.block);
      expect((await readCursor(db, ZONE))?.number).toBe(first.block);
      expect((await historyPage(db, forwarder, { limit: 10 })).items.map((i) => i.hash)).toContain(first.hash);
      expect(await internalTransfersOfTx(db, first.hash)).toEqual([]);
      // Waiting below the forwarder's deployment (the first block that runs the EVM), with the node's answer as the reason.
      const cursor = await readTraceCursor(db, ZONE);
      expect(cursor.stalled).toBe(UNTRACED_REASON);
      const behind = await traceBehindOf(db, ZONE);
      expect(behind).toMatchObject({ chain: ZONE, indexedThrough: first.block, stalled: UNTRACED_REASON });
      expect(behind?.tracedThrough ?? -1n).toBeLessThan(first.block);
      expect(BigInt(behind?.blocks ?? 0)).toBe(first.block - (behind?.tracedThrough ?? -1n));

      // The node now traces: the next run traces the blocks the last one left.
      devnet.setTracing(true);
      const second = await forward(2_222n);
      await index(db, second.block);
      expect(await readTraceCursor(db, ZONE)).toEqual({ number: second.block, stalled: null });
      expect(await traceBehindOf(db, ZONE)).toBeNull();
      expect((await internalTransfersOfTx(db, first.hash)).map((t) => [t.traceId, t.type, t.from, t.to, t.value, t.error])).toEqual([
        ['0', 'CALL', forwarder, to, 1_111n, null],
      ]);
      await expectEqualToFresh(db, second.block);
    } finally {
      await db.close();
    }
  }, 120_000);

  it('behavior: while the tracer is behind, the history is served and says through which block internal transfers go; then the trace pass catches up, equal to a fresh index', async () => {
    devnet.setTracing(true);
    const dir = tempIndexDir();
    dirs.push(dir);
    const db = await openIndex({ dataDir: dir });
    const writer = startIndexWriter({ db, sources: zoneSources(devnetConfig(devnet)), from: 0n, concurrency: 4, progressMs: 0 });
    let release: (() => void) | undefined;
    try {
      const before = await forward(3_333n);
      await waitFor('the trace pass at the forward', async () => ((await readTraceCursor(db, ZONE)).number ?? -1n) >= before.block);
      release = devnet.holdTraces();
      const held = await forward(4_444n);
      // The block pass goes on: the new transaction is in the forwarder's history…
      await waitFor('the forward in the history', async () => (await historyPage(db, forwarder, { limit: 10 })).items.some((i) => i.hash === held.hash));
      // …while its internal transfer is not yet, and the index says through which block they go.
      const behind = await traceBehindOf(db, ZONE);
      expect(behind).not.toBeNull();
      expect(behind?.stalled).toBeNull();
      expect(behind?.tracedThrough ?? -1n).toBeLessThan(held.block);
      expect(behind?.indexedThrough ?? -1n).toBeGreaterThanOrEqual(held.block);
      expect((await addressInternalTransfers(db, forwarder, { limit: 10 })).items.map((i) => i.txHash)).not.toContain(held.hash);
      const status = writer.status();
      const traced = status.traces.find((t) => t.chain === ZONE)?.traced ?? -1n;
      expect(traced).toBeLessThan(status.chains.find((c) => c.chain === ZONE)?.indexed ?? -1n);

      release();
      await waitFor('the trace pass past the held forward', async () => ((await readTraceCursor(db, ZONE)).number ?? -1n) >= held.block, 90_000);
      expect((await addressInternalTransfers(db, forwarder, { limit: 10 })).items.map((i) => [i.txHash, i.to, i.value])).toContainEqual([held.hash, to, 4_444n]);
    } finally {
      release?.();
      await writer.stop();
    }
    try {
      // Both passes through the same height, then against a fresh index of it.
      const height = (await readCursor(db, ZONE))?.number ?? 0n;
      await index(db, height);
      await expectEqualToFresh(db, height);
    } finally {
      await db.close();
    }
  }, 180_000);
});
