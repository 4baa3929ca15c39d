/**
 * How long until a chain mines a block it has not reached: the blocks remaining times the chain's
 * recent average block time, as Etherscan's `getblockcountdown` answers it (CurrentBlock,
 * CountdownBlock, RemainingBlock, EstimateTimeInSec). The average is measured from the node's own
 * headers: the tip's timestamp and the one SAMPLE blocks below it (fewer on a young chain).
 */
import type { ChainClient } from '@/lib/rpc/client';

/** Blocks the average block time is measured over. */
export const SAMPLE = 100;

export type Countdown =
  | {
      readonly kind: 'ahead';
      readonly current: bigint;
      readonly target: bigint;
      readonly remaining: bigint;
      /** Seconds, in tenths (Etherscan's one decimal): remaining × the average block time. */
      readonly estimateTenths: bigint;
      /** The average block time measured, in milliseconds, over `sample` blocks; the tip's timestamp (Unix seconds). */
      readonly blockTimeMs: number;
      readonly sample: number;
      readonly tipTimestamp: bigint;
    }
  /** The chain has mined it already. */
  | { readonly kind: 'passed'; readonly current: bigint; readonly target: bigint };

/** Seconds as Etherscan writes EstimateTimeInSec: "52616680.2". */
export function estimateSeconds(tenths: bigint): string {
  return `${tenths / 10n}.${tenths % 10n}`;
}

/** The countdown to `target` from the node's tip and headers (three reads: the height, then two headers at once). */
export async function readCountdown(client: ChainClient, target: bigint): Promise<Countdown> {
  const current = await client.getBlockNumber();
  if (target <= current) return { kind: 'passed', current, target };
  const sample = current < BigInt(SAMPLE) ? current : BigInt(SAMPLE);
  const [tip, low] = await Promise.all([
    client.getHeaderByNumber({ blockNumber: current }),
    client.getHeaderByNumber({ blockNumber: current - sample }),
  ]);
  if (!tip || !low) throw new Error(`the node has no header at ${tip ? current - sample : current}, below its own tip ${current}`);
  const remaining = target - current;
  // Tenths of a second, rounded: remaining × (Δt / sample), Δt in seconds (0 for a chain of one block: no measure).
  const span = tip.timestamp - low.timestamp;
  const estimateTenths = sample === 0n ? 0n : (remaining * span * 10n + sample / 2n) / sample;
  return {
    kind: 'ahead', current, target, remaining, estimateTenths,
    blockTimeMs: sample === 0n ? 0 : Number((span * 1000n) / sample), sample: Number(sample), tipTimestamp: tip.timestamp,
  };
}
