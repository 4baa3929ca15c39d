/**
 * gastracker's figures from the zone's fee history: the next block's base fee (the history's last
 * baseFeePerGas entry) plus the 25th, 50th and 75th percentile tips the recent blocks paid.
 */
import type { ChainClient } from '@/lib/rpc/client';

export const ORACLE_BLOCKS = 20;

export interface FeeOracle {
  readonly lastBlock: bigint;
  readonly nextBaseFee: bigint;
  /** Base fee plus the 25th / 50th / 75th percentile tip, in wei. */
  readonly safe: bigint;
  readonly propose: bigint;
  readonly fast: bigint;
  readonly gasUsedRatio: readonly number[];
  /** Mean seconds between the history's blocks; null with fewer than two. */
  readonly blockSeconds: number | null;
}

function median(values: readonly bigint[]): bigint {
  if (values.length === 0) return 0n;
  const sorted = [...values].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  return sorted[Math.floor(sorted.length / 2)]!;
}

export async function feeOracle(client: ChainClient): Promise<FeeOracle> {
  const history = await client.getFeeHistory({ blockCount: ORACLE_BLOCKS, newestBlock: 'latest', rewardPercentiles: [25, 50, 75] });
  const lastBlock = history.oldestBlock + BigInt(history.gasUsedRatio.length) - 1n;
  const nextBaseFee = history.baseFeePerGas[history.baseFeePerGas.length - 1] ?? 0n;
  const rewards = history.reward ?? [];
  const tip = (i: number) => median(rewards.map((r) => r[i] ?? 0n));
  const [first, last] = await Promise.all([
    client.getHeaderByNumber({ blockNumber: history.oldestBlock }),
    client.getHeaderByNumber({ blockNumber: lastBlock }),
  ]);
  const span = first && last && lastBlock > history.oldestBlock ? Number(last.timestamp - first.timestamp) / Number(lastBlock - history.oldestBlock) : null;
  return {
    lastBlock, nextBaseFee, safe: nextBaseFee + tip(0), propose: nextBaseFee + tip(1), fast: nextBaseFee + tip(2),
    gasUsedRatio: history.gasUsedRatio, blockSeconds: span,
  };
}
