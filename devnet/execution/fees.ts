/**
 * Block gas limit and the EIP-1559 base fee rule the devnet's zones follow.
 *
 * go-quai of the era used go-ethereum's London rule unchanged (elasticity 2, change denominator 8);
 * the only Quai twist is a floor: the real network never lets the base fee drop below 1 gwei, so
 * neither do we (configurable for tests that want to watch it move).
 */

/** Constant per-block gas limit: the devnet does not vote the limit up or down. */
export const BLOCK_GAS_LIMIT = 30_000_000n;
export const DEFAULT_BASE_FEE_FLOOR = 1_000_000_000n;
const ELASTICITY_MULTIPLIER = 2n;
const BASE_FEE_CHANGE_DENOMINATOR = 8n;

export interface ParentFeeFields {
  readonly baseFee: bigint;
  readonly gasUsed: bigint;
  readonly gasLimit: bigint;
}

/** The base fee of the child of `parent` (go-ethereum's CalcBaseFee), never below `floor`. */
export function nextBaseFee(parent: ParentFeeFields, floor: bigint = DEFAULT_BASE_FEE_FLOOR): bigint {
  const target = parent.gasLimit / ELASTICITY_MULTIPLIER;
  let next: bigint;
  if (target === 0n || parent.gasUsed === target) {
    next = parent.baseFee;
  } else if (parent.gasUsed > target) {
    const delta = (parent.baseFee * (parent.gasUsed - target)) / target / BASE_FEE_CHANGE_DENOMINATOR;
    // At least 1 wei up, so a full block always raises the fee even at tiny base fees.
    next = parent.baseFee + (delta > 1n ? delta : 1n);
  } else {
    const delta = (parent.baseFee * (target - parent.gasUsed)) / target / BASE_FEE_CHANGE_DENOMINATOR;
    next = parent.baseFee - delta;
  }
  return next < floor ? floor : next;
}

/** What a transaction pays per gas and what the miner gets of it, given a base fee. */
export function effectiveGasPrice(gasTipCap: bigint, gasFeeCap: bigint, baseFee: bigint): bigint {
  const withTip = baseFee + gasTipCap;
  return withTip < gasFeeCap ? withTip : gasFeeCap;
}

/** The miner's per-gas share: min(tipCap, feeCap - baseFee); negative means not includable. */
export function effectiveTip(gasTipCap: bigint, gasFeeCap: bigint, baseFee: bigint): bigint {
  const headroom = gasFeeCap - baseFee;
  return gasTipCap < headroom ? gasTipCap : headroom;
}
