/**
 * For tests that need blocks, not time: waits until `chain` has `count` more blocks
 * (Devnet.waitForBlocks), asking the miners below it to mine without their throttle meanwhile
 * (Devnet.mineNow). Blocks still follow the difficulty rule; they come as fast as the machine
 * mines them instead of once per block time.
 */
import { ZONES, type ChainName } from '@/lib/protocol/chains';
import type { Devnet } from '../index';

/** How often the miners are hurried while the wait lasts: as often as waitForBlocks looks. */
const HURRY_EVERY_MS = 25;

export async function mineBlocks(devnet: Devnet, chain: ChainName, count: number, timeoutMs = 60_000): Promise<void> {
  // A zone mines its own blocks; a region's or the prime chain's come from every zone's miner.
  const zone = ZONES.some((z) => z.name === chain) ? chain : undefined;
  devnet.mineNow(zone);
  const hurry = setInterval(() => devnet.mineNow(zone), HURRY_EVERY_MS);
  try {
    await devnet.waitForBlocks(chain, count, timeoutMs);
  } finally {
    clearInterval(hurry);
  }
}
