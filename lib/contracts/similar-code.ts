/**
 * Similar matches: runtime code that is a verified contract's but for its metadata hash (another
 * build of the same source with other comments or file names, or the same build deployed with
 * other immutables). What is compared is the code's skeleton: the runtime code without its CBOR
 * metadata tail, the immutables' bytes zeroed (their values are the constructor's), hashed.
 * A verified contract keeps its skeleton's length and hash with its immutables' places; another
 * contract's code is masked at those places and hashed the same way. Pure and browser-safe.
 */
import { keccak256, type Hex } from 'viem';
import { maskImmutables, metadataLength, type CompiledContract } from './bytecode-match';

export interface CodeSkeleton {
  /** Bytes of runtime code before the metadata tail. */
  readonly length: number;
  /** keccak256 of those bytes with the immutables zeroed. */
  readonly hash: Hex;
}

/** The skeleton of `code` with the immutables at `refs` (solc's immutableReferences) zeroed. */
export function skeletonOf(code: string, refs: CompiledContract['immutableReferences']): CodeSkeleton {
  const masked = maskImmutables(code, refs);
  const body = masked.slice(0, masked.length - metadataLength(masked) * 2);
  return { length: body.length / 2, hash: keccak256(`0x${body}`) };
}

/** The length a candidate is looked up by: its code without the metadata tail. */
export function skeletonLength(code: Hex): number {
  return (code.length - 2) / 2 - metadataLength(code);
}

/** Whether `code` has the skeleton a verified contract stored, its immutables where that contract's are. */
export function sameSkeleton(code: Hex, stored: CodeSkeleton, refs: CompiledContract['immutableReferences']): boolean {
  if (skeletonLength(code) !== stored.length) return false;
  return skeletonOf(code, refs).hash === stored.hash;
}
