/**
 * For tests that need blocks, not time: waits until `chain` has `count` more blocks, asking the
 * miners below it to mine without their throttle meanwhile (Devnet.mineNow). Blocks still follow
 * the difficulty rule; they come as fast as the machine mines them instead of once per block time.
 */
import { ZONES, type ChainName } from '@/lib/protocol/chains';
import type { Devnet } from '../index';

export async function mineBlocks(devnet: Devnet, chain: ChainName, count: number, timeoutMs = 60_000): Promise<void> {
  const store = devnet.network.store(chain);
  const target = store.height + count;
  const deadline = Date.now() + timeoutMs;
  // A zone mines its own blocks; a region's or the prime chain's come from every zone's miner.
  const zone = ZONES.some((z) => z.name === chain) ? chain : undefined;
  while (store.height < target) {
    if (Date.now() > deadline) throw new Error(`${chain}: no ${count} new blocks within ${timeoutMs} ms (at #${store.height}, want #${target})`);
    devnet.mineNow(zone);
    await new Promise((r) => setTimeout(r, 25));
  }
}
