/**
 * Internal transfers when the node does not trace (a go-quai node without the tracer package): the
 * blocks are stored without them and say so (untraced_blocks, the index status's reader); once the
 * node traces, the next window hands them to the re-reader, and the writer's next start fills them
 * in, so the index ends equal to a fresh one built against the tracing node.
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
import { pendingRereads } from '../engine/rereader';
import { zoneSources } from '../engine/sources';
import { openIndex } from '../open-index';
import { internalTransfersOfTx, untracedBlocks } from '../readers/internal-transfer-reader';
import { devnetConfig, dumpIndex, tempIndexDir } from '../testing/index-test-support';
import { startIndexWriter } from '../writer';
import { INTERNAL_TRANSFERS } from './internal-transfers';

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

describe('internal transfers against a node that does not trace', () => {
  it('behavior: blocks are stored untraced and say so; once the node traces they are re-read, and the index equals a fresh one', async () => {
    const dir = tempIndexDir();
    const freshDir = tempIndexDir();
    dirs.push(dir, freshDir);
    const first = await forward(1_111n);
    const db = await openIndex({ dataDir: dir });
    try {
      await index(db, first.block);
      expect(await internalTransfersOfTx(db, first.hash)).toEqual([]);
      const untraced = (await untracedBlocks(db)).get(ZONE);
      expect(untraced?.last).toBe(first.block);
      expect(untraced?.reason).toMatch(/does not serve debug_traceBlockByHash/);

      // The node now traces: the next window is traced and hands the untraced blocks to the re-reader…
      devnet.setTracing(true);
      const second = await forward(2_222n);
      await index(db, second.block);
      expect((await internalTransfersOfTx(db, second.hash)).map((t) => [t.from, t.to, t.value])).toEqual([[forwarder, to, 2_222n]]);
      const pending = await pendingRereads(db, ZONE);
      expect(pending).toContainEqual(expect.objectContaining({ derivation: INTERNAL_TRANSFERS, through: untraced?.last }));

      // …which fills them in at the writer's next start.
      await index(db, second.block);
      expect(await pendingRereads(db, ZONE)).toEqual([]);
      expect((await untracedBlocks(db)).get(ZONE)).toBeUndefined();
      expect((await internalTransfersOfTx(db, first.hash)).map((t) => [t.traceId, t.type, t.from, t.to, t.value, t.error])).toEqual([
        ['0', 'CALL', forwarder, to, 1_111n, null],
      ]);

      const fresh = await openIndex({ dataDir: freshDir });
      try {
        await index(fresh, second.block);
        const [a, b] = await Promise.all([dumpIndex(db), dumpIndex(fresh)]);
        expect(a).toEqual(b);
      } finally {
        await fresh.close();
      }
    } finally {
      await db.close();
    }
  }, 120_000);
});
