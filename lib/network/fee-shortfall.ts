/**
 * What the fee page says about the number of blocks feeHistory returned: asked N, got M, tip T,
 * and why they differ. A chain whose tip is T has T + 1 blocks (0..T); only when that is fewer than
 * N is a short answer explained by the chain's age. Otherwise the node returned fewer than it
 * has (a node capping the range, or answering something else), and the page says so.
 */

export type ShortfallReason = 'complete' | 'young-chain' | 'node-short' | 'node-long' | 'unknown-tip';

export interface Shortfall {
  readonly asked: number;
  readonly got: number;
  /** The chain's height when known (getBlockNumber). */
  readonly tip: bigint | undefined;
  readonly reason: ShortfallReason;
  readonly message: string;
}

export function feeShortfall(asked: number, got: number, tip: bigint | undefined): Shortfall {
  const base = { asked, got, tip };
  if (got === asked) return { ...base, reason: 'complete', message: `Asked for ${asked} blocks, got ${got}.` };
  if (got > asked) {
    return { ...base, reason: 'node-long', message: `Asked for ${asked} blocks, got ${got}: the node answered with more than was asked.` };
  }
  if (tip === undefined) {
    return { ...base, reason: 'unknown-tip', message: `Asked for ${asked} blocks, got ${got}; the tip is unknown, so the cause cannot be told.` };
  }
  const available = tip + 1n;
  // feeHistory and getBlockNumber go out in one batch, but a block may land between the two
  // answers: one block of slack.
  if (available < BigInt(asked) && BigInt(got) + 1n >= available) {
    return {
      ...base,
      reason: 'young-chain',
      message: `Asked for ${asked} blocks, got ${got}, tip ${tip}: the chain has only ${available} blocks so far.`,
    };
  }
  return {
    ...base,
    reason: 'node-short',
    message: `Asked for ${asked} blocks, got ${got}, tip ${tip}: the chain has ${available} blocks, so the node returned fewer than it has.`,
  };
}
