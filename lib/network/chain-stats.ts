/**
 * The chain's statistics per bucket (an hour or a UTC day) as the charts and the API show them:
 * averages taken from the index's sums (lib/index/readers/chain-stats-reader.ts). Wei amounts and
 * figures that pass 2^53 (difficulty, gas) are decimal strings; rates and averages numbers.
 * Browser-safe: the charts draw from this shape.
 */
import type { ChainName } from '@/lib/protocol/chains';
import type { ChartPeriod } from '@/lib/routes/params/chart-params';
import type { StatsBucket } from '@/lib/index/readers/chain-stats-reader';

export interface ChainStatsPoint {
  /** The bucket's start, ISO 8601 UTC. */
  readonly start: string;
  readonly blocks: number;
  /** Average seconds between a block and its parent; null without one. */
  readonly blockTime: number | null;
  /** Average difficulty (decimal string); null without a block. */
  readonly difficulty: string | null;
  /** Hashes per second: average difficulty over average block time; null without both. */
  readonly hashRate: number | null;
  readonly gasUsed: string;
  /** Average gas limit and base fee (wei) of its blocks; null without a block. */
  readonly gasLimit: string | null;
  readonly baseFee: string | null;
  /** Average effective gas price (wei) of its transactions; null without one. */
  readonly gasPrice: string | null;
  readonly uncles: number;
  /** Uncles per block. */
  readonly uncleRate: number | null;
  readonly transactions: number;
  readonly etxSent: number;
  readonly etxReceived: number;
  readonly newAddresses: number;
  /** Distinct active addresses: per day only. */
  readonly activeAddresses: number | null;
}

export interface ChainStatsJson {
  readonly chain: ChainName;
  readonly period: ChartPeriod;
  readonly points: readonly ChainStatsPoint[];
}

/** The average of a sum over `n`, rounded down; null for none. */
const average = (sum: bigint, n: number | bigint): bigint | null => (BigInt(n) > 0n ? sum / BigInt(n) : null);

export function averageBlockTime(b: StatsBucket): number | null {
  return b.timedBlocks > 0 ? Number(b.blockTimeSum) / b.timedBlocks : null;
}

/** Hashes per second: the average difficulty (the expected hashes per block) over the average seconds per block. */
export function hashRate(b: StatsBucket): number | null {
  const seconds = averageBlockTime(b);
  return b.blocks > 0 && seconds !== null && seconds > 0 ? Number(b.difficultySum) / b.blocks / seconds : null;
}

export function chainStatsPoint(b: StatsBucket): ChainStatsPoint {
  const str = (v: bigint | null): string | null => (v === null ? null : v.toString());
  return {
    start: new Date(Number(b.start) * 1000).toISOString(),
    blocks: b.blocks,
    blockTime: averageBlockTime(b),
    difficulty: str(average(b.difficultySum, b.blocks)),
    hashRate: hashRate(b),
    gasUsed: b.gasUsed.toString(),
    gasLimit: str(average(b.gasLimitSum, b.blocks)),
    baseFee: str(average(b.baseFeeSum, b.blocks)),
    gasPrice: str(average(b.gasPriceSum, b.priced)),
    uncles: Number(b.uncles),
    uncleRate: b.blocks > 0 ? Number(b.uncles) / b.blocks : null,
    transactions: Number(b.transactions),
    etxSent: Number(b.etxSent),
    etxReceived: Number(b.etxReceived),
    newAddresses: Number(b.newAddresses),
    activeAddresses: b.activeAddresses === null ? null : Number(b.activeAddresses),
  };
}
