/**
 * What a block's raw RLP (`debug_getBlockRlp`) says about the block on the page: its decoded
 * tree, and whether its header hashes to the page's block hash. The debug method takes a height,
 * so the node answers with whatever block is at that height now; a different hash means the
 * height now holds another block, or the header layout differs from the one this explorer decodes.
 */
import type { Hex } from 'viem';
import { blockHash, decodeBlockRlp } from '@/lib/protocol/header';
import { decodeRlpTree, type RlpTreeNode } from '@/lib/protocol/rlp-tree';

export type RlpTreeResult = { readonly tree: RlpTreeNode } | { readonly error: string };

export interface RawBlockVerdict {
  /** The RLP with its 0x prefix, whatever the node sent. */
  readonly hex: Hex;
  readonly bytes: number;
  readonly parsed: RlpTreeResult;
  /** The hash of the decoded header, or undefined when the RLP is not a block this code decodes. */
  readonly headerHash: Hex | undefined;
  /** True when the header hashes to the expected block hash. */
  readonly matches: boolean | undefined;
}

function tryTree(rlp: Hex): RlpTreeResult {
  try {
    return { tree: decodeRlpTree(rlp) };
  } catch (error) {
    return { error: error instanceof Error ? error.message : String(error) };
  }
}

function headerHashOf(rlp: Hex): Hex | undefined {
  try {
    return blockHash(decodeBlockRlp(rlp).header);
  } catch {
    return undefined;
  }
}

export function checkRawBlock(rlp: Hex, expectedHash: Hex): RawBlockVerdict {
  const hex = (rlp.startsWith('0x') ? rlp : `0x${rlp}`) as Hex;
  const headerHash = headerHashOf(hex);
  return {
    hex,
    bytes: (hex.length - 2) / 2,
    parsed: tryTree(hex),
    headerHash,
    matches: headerHash === undefined ? undefined : headerHash.toLowerCase() === expectedHash.toLowerCase(),
  };
}
