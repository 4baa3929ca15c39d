/**
 * Fee oracle of one chain, from its own blocks and receipts: suggested tip (like geth's gas price
 * oracle: a percentile of recent effective tips), gas price = next base fee + tip, and
 * feeHistory with per-block reward percentiles weighted by gas used.
 */
import { nextBaseFee } from '../execution/fees';
import type { SealedBlock } from '../chain/block';
import type { ChainStore } from '../chain/store';

const ONE_GWEI = 1_000_000_000n;
/** geth's oracle: 20 blocks, 60th percentile. */
const ORACLE_BLOCKS = 20;
const ORACLE_PERCENTILE = 60;

export function baseFeeAfter(block: SealedBlock, floor: bigint): bigint {
  const h = block.header;
  return nextBaseFee({ baseFee: h.baseFeePerGas, gasUsed: h.gasUsed, gasLimit: h.gasLimit }, floor);
}

function tipsOf(block: SealedBlock): { tip: bigint; gas: bigint }[] {
  const baseFee = block.header.baseFeePerGas;
  return block.receipts.map((r) => ({ tip: r.effectiveGasPrice > baseFee ? r.effectiveGasPrice - baseFee : 0n, gas: r.gasUsed }));
}

/** Suggested priority fee: the 60th percentile of the effective tips of the last 20 blocks; 1 gwei when they were empty. */
export function suggestedTip(store: ChainStore): bigint {
  const tips: bigint[] = [];
  for (let n = store.height; n >= 0 && n > store.height - ORACLE_BLOCKS; n--) {
    const block = store.atHeight(n);
    if (block) tips.push(...tipsOf(block).map((t) => t.tip));
  }
  if (tips.length === 0) return ONE_GWEI;
  tips.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  return tips[Math.min(tips.length - 1, Math.floor(((tips.length - 1) * ORACLE_PERCENTILE) / 100))] ?? ONE_GWEI;
}

/** Tip percentiles of one block, weighted by each transaction's gas used (geth's processBlock). */
export function rewardPercentiles(block: SealedBlock, percentiles: readonly number[]): bigint[] {
  const tips = tipsOf(block).sort((a, b) => (a.tip < b.tip ? -1 : a.tip > b.tip ? 1 : 0));
  if (tips.length === 0) return percentiles.map(() => 0n);
  const total = block.header.gasUsed > 0n ? block.header.gasUsed : tips.reduce((s, t) => s + t.gas, 0n);
  const out: bigint[] = [];
  let index = 0;
  let sum = tips[0]!.gas;
  for (const p of percentiles) {
    const threshold = (Number(total) * p) / 100;
    while (Number(sum) < threshold && index < tips.length - 1) {
      index++;
      sum += tips[index]!.gas;
    }
    out.push(tips[index]!.tip);
  }
  return out;
}

export interface FeeHistory {
  oldestBlock: bigint;
  baseFeePerGas: bigint[];
  gasUsedRatio: number[];
  reward?: bigint[][];
}

export function feeHistory(store: ChainStore, count: number, newest: SealedBlock, level: 0 | 1 | 2, percentiles: readonly number[] | undefined, floor: bigint): FeeHistory {
  const newestHeight = Number(newest.header.number[level]);
  const oldest = Math.max(0, newestHeight - count + 1);
  const blocks: SealedBlock[] = [];
  for (let n = oldest; n <= newestHeight && count > 0; n++) {
    const block = store.atHeight(n);
    if (block) blocks.push(block);
  }
  const result: FeeHistory = {
    oldestBlock: BigInt(oldest),
    baseFeePerGas: [...blocks.map((b) => b.header.baseFeePerGas), ...(blocks.length > 0 ? [baseFeeAfter(blocks[blocks.length - 1]!, floor)] : [])],
    gasUsedRatio: blocks.map((b) => (b.header.gasLimit === 0n ? 0 : Number(b.header.gasUsed) / Number(b.header.gasLimit))),
  };
  if (percentiles) result.reward = blocks.map((b) => rewardPercentiles(b, percentiles));
  return result;
}
