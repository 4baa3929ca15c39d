/**
 * A displayable RLP tree for the block page's "raw" tab: every item with its byte offset in the
 * input, so the UI can show where each field sits. Unlike the codecs it does not interpret the
 * structure, and it tolerates non-canonical length prefixes (a raw view should show what is there);
 * it does reject truncated input and trailing bytes, which have no tree.
 *
 * Checked against: viem's toRlp output for nested structures, long strings and long lists
 * (rlp-tree.test.ts).
 */
import { bytesToHex, hexToBytes, type Hex } from 'viem';
import { normalizeHex } from './hex';
import { StrataError } from '@/lib/protocol/errors';

interface NodeBase {
  /** Byte offset of the item's first (prefix) byte in the input. */
  readonly offset: number;
  /** Bytes taken by the prefix (0 for a single byte below 0x80). */
  readonly headerLength: number;
  /** Payload length in bytes. */
  readonly length: number;
}

export interface RlpBytesNode extends NodeBase {
  readonly kind: 'bytes';
  readonly hex: Hex;
}

export interface RlpListNode extends NodeBase {
  readonly kind: 'list';
  readonly items: readonly RlpTreeNode[];
}

export type RlpTreeNode = RlpBytesNode | RlpListNode;

export class RlpTreeError extends StrataError {
  override name = 'RlpTreeError';
}

const MAX_DEPTH = 256;

/** Parses RLP (hex with or without 0x, or bytes) into a tree with offsets. */
export function decodeRlpTree(input: string | Uint8Array): RlpTreeNode {
  const bytes = typeof input === 'string' ? hexToBytes(normalizeHex(input)) : input;
  if (bytes.length === 0) throw new RlpTreeError('Empty input');
  const [node, end] = readItem(bytes, 0, bytes.length, 0);
  if (end !== bytes.length) throw new RlpTreeError(`${bytes.length - end} trailing byte(s) after the item at offset ${end}`);
  return node;
}

function readLength(bytes: Uint8Array, at: number, lengthOfLength: number, limit: number): number {
  if (at + lengthOfLength > limit) throw new RlpTreeError(`Length prefix at offset ${at - 1} runs past the end`);
  let length = 0;
  for (let i = 0; i < lengthOfLength; i++) length = length * 256 + bytes[at + i]!;
  return length;
}

function readItem(bytes: Uint8Array, offset: number, limit: number, depth: number): [RlpTreeNode, number] {
  if (depth > MAX_DEPTH) throw new RlpTreeError(`Nesting deeper than ${MAX_DEPTH}`);
  const prefix = bytes[offset];
  if (prefix === undefined || offset >= limit) throw new RlpTreeError(`Item expected at offset ${offset}, input ends`);
  let headerLength: number;
  let length: number;
  let isList: boolean;
  if (prefix < 0x80) {
    return [{ kind: 'bytes', hex: bytesToHex(bytes.subarray(offset, offset + 1)), offset, headerLength: 0, length: 1 }, offset + 1];
  } else if (prefix <= 0xb7) {
    [headerLength, length, isList] = [1, prefix - 0x80, false];
  } else if (prefix < 0xc0) {
    const ll = prefix - 0xb7;
    [headerLength, length, isList] = [1 + ll, readLength(bytes, offset + 1, ll, limit), false];
  } else if (prefix <= 0xf7) {
    [headerLength, length, isList] = [1, prefix - 0xc0, true];
  } else {
    const ll = prefix - 0xf7;
    [headerLength, length, isList] = [1 + ll, readLength(bytes, offset + 1, ll, limit), true];
  }
  const start = offset + headerLength;
  const end = start + length;
  if (end > limit) throw new RlpTreeError(`Item at offset ${offset} declares ${length} bytes but only ${limit - start} remain`);
  if (!isList) {
    return [{ kind: 'bytes', hex: bytesToHex(bytes.subarray(start, end)), offset, headerLength, length }, end];
  }
  const items: RlpTreeNode[] = [];
  let cursor = start;
  while (cursor < end) {
    const [child, next] = readItem(bytes, cursor, end, depth + 1);
    items.push(child);
    cursor = next;
  }
  return [{ kind: 'list', items, offset, headerLength, length }, end];
}
