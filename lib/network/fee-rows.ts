/**
 * Reshapes a `feeHistory` answer into chart rows. Done once, on the server, so the client chart
 * receives plain numbers (recharts plots numbers, not bigints) plus exact wei strings for tooltips.
 *
 * feeHistory semantics (EIP-1559 style, spec §2.8): `baseFeePerGas` has one entry more than the
 * block count — the last is the base fee of the block after the newest one. `gasUsedRatio` and
 * `reward` have one entry per block, oldest first, starting at `oldestBlock`.
 */
import type { FeeHistory } from '@/lib/rpc/domain';

export interface FeeRow {
  /** Zone (or chain) block number; a JS number is safe for any real chain height. */
  readonly block: number;
  readonly baseFeeGwei: number;
  readonly baseFeeWei: string;
  /** gasUsed / gasLimit as a percentage, 0..100. */
  readonly gasUsedPercent: number;
  /** Reward per requested percentile, in gwei, keyed `p<percentile>` for recharts' dataKey. */
  readonly rewards: Readonly<Record<string, number>>;
}

export interface FeeSeries {
  readonly rows: readonly FeeRow[];
  /** How many blocks the node returned (may be fewer than requested on a young chain). */
  readonly returnedBlocks: number;
  readonly oldestBlock: bigint;
  /** The base fee the node projects for the next block, when it sent one. */
  readonly nextBaseFeeWei?: bigint;
  /** Percentiles whose rewards came back, in order. */
  readonly percentiles: readonly number[];
}

/** recharts dataKey for a percentile, e.g. 12.5 → "p12_5". */
export function percentileKey(p: number): string {
  return `p${String(p).replace('.', '_')}`;
}

const GWEI = 1_000_000_000n;

/** wei → gwei as a float, exact to the gwei's 9 decimals for any value below 2^53 gwei. */
export function weiToGweiNumber(wei: bigint): number {
  return Number(wei / GWEI) + Number(wei % GWEI) / 1e9;
}

export function feeSeries(history: FeeHistory, percentiles: readonly number[]): FeeSeries {
  const count = history.gasUsedRatio.length;
  const rows: FeeRow[] = [];
  for (let i = 0; i < count; i++) {
    const baseFee = history.baseFeePerGas[i] ?? 0n;
    const rewards: Record<string, number> = {};
    const reward = history.reward?.[i];
    percentiles.forEach((p, j) => {
      const r = reward?.[j];
      if (r !== undefined) rewards[percentileKey(p)] = weiToGweiNumber(r);
    });
    rows.push({
      block: Number(history.oldestBlock) + i,
      baseFeeGwei: weiToGweiNumber(baseFee),
      baseFeeWei: baseFee.toString(),
      gasUsedPercent: (history.gasUsedRatio[i] ?? 0) * 100,
      rewards,
    });
  }
  return {
    rows,
    returnedBlocks: count,
    oldestBlock: history.oldestBlock,
    nextBaseFeeWei: history.baseFeePerGas.length > count ? history.baseFeePerGas[count] : undefined,
    percentiles: history.reward ? percentiles : [],
  };
}

/** Flattens rows for recharts: `{ block, baseFee, gasUsed, p10, p50, … }`. */
export function chartData(rows: readonly FeeRow[]): Record<string, number>[] {
  return rows.map((r) => ({ block: r.block, baseFee: r.baseFeeGwei, gasUsed: r.gasUsedPercent, ...r.rewards }));
}
