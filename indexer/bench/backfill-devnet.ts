/**
 * The backfill's node for `npm run bench:index`, in a process of its own as a real node is: the
 * indexer under measure never shares a thread with the node it reads, and the plain fetch and the
 * block pass both read this same process. Forked by history-index.ts with an IPC channel: it mines
 * `--blocks` blocks in each zone of a 1x2 devnet (15 ms blocks, 20 tx/s per zone), pauses the
 * miners, sends the chains' URLs and the common height, then serves until SIGTERM or until its
 * parent goes away.
 */
import { parseArgs } from 'node:util';
import { startDevnet } from '@/devnet/index';
import { startTraffic } from '@/devnet/traffic';
import type { DevAccount } from '@/devnet/accounts';
import type { ChainName } from '@/lib/protocol/chains';

/** What the parent receives once the chain stands still. */
export interface BackfillDevnetReady {
  readonly kind: 'ready';
  readonly chains: readonly { readonly name: ChainName; readonly url: string }[];
  readonly height: string;
  readonly minedMs: number;
}

const BACKFILL_ZONES: readonly ChainName[] = ['cyprus1', 'cyprus2'];

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { blocks: { type: 'string' }, 'port-offset': { type: 'string' } } });
  const perZone = Number(values.blocks);
  const devnet = await startDevnet({ topology: '1x2', portOffset: Number(values['port-offset']), blockTimeMs: 15, uncleRate: 0 });
  const stop = (): void => {
    // A stuck close must not keep the process alive past its parent.
    setTimeout(() => process.exit(1), 5000).unref();
    devnet.stop().then(() => process.exit(0), () => process.exit(1));
  };
  process.on('SIGTERM', stop);
  process.on('disconnect', stop);
  const traffic = startTraffic({
    zones: devnet.executions, accounts: BACKFILL_ZONES.map((z) => devnet.accounts.find((a) => a.zone === z) as DevAccount),
    ratePerSecond: 20, chainId: devnet.chainId, seed: 1, stateRootOf: (z) => devnet.network.store(z).head.header.stateRoot,
  });
  const started = performance.now();
  while (BACKFILL_ZONES.some((z) => devnet.network.store(z).height < perZone)) await new Promise((r) => setTimeout(r, 200));
  traffic.stop();
  await devnet.pauseMining();
  const ready: BackfillDevnetReady = {
    kind: 'ready',
    chains: devnet.chains.map((c) => ({ name: c.name, url: c.url })),
    height: String(Math.min(...BACKFILL_ZONES.map((z) => devnet.network.store(z).height))),
    minedMs: performance.now() - started,
  };
  process.send?.(ready);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
