/**
 * Whether the blocks at a height are final: STRATA_FINALITY_DEPTH blocks below the head of each
 * chain asked, by the tips snapshot (./tips-source.ts). What a resolver of a when-final route
 * says of a height (EIP-3091's `/block/<n>`, an Etherscan action's `tag`).
 */
import { finalityDepth } from '@/lib/server/node/finality-depth';
import { getTips } from './tips-source';

/**
 * The block at `height` buried under the finality depth on every chain of `chains` (every chain
 * of the tips snapshot when undefined); a chain without a height, or missing from the snapshot, is not.
 */
export async function heightFinal(height: bigint, chains?: readonly string[]): Promise<boolean> {
  const snapshot = await getTips().catch(() => undefined);
  if (snapshot === undefined) return false;
  const depth = finalityDepth();
  const heights = (chains ?? snapshot.chains.map((c) => c.chain)).map((name) => snapshot.chains.find((c) => c.chain === name)?.height ?? null);
  return heights.every((h) => h !== null && BigInt(h) - height >= depth);
}
