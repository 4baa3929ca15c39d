/**
 * A block's extraData as go-quai (like geth) fills it: the RLP list [version, client, go version,
 * OS], e.g. ["v0.11.0", "go-quai", "go1.20.6", "linux"]. The version is a string in go-quai and a
 * packed uint (major<<16 | minor<<8 | patch) in geth's makeExtraData; both are read. Anything else
 * (free text, arbitrary bytes) is not claimed to be a client signature: undefined.
 *
 * Checked against: the list the issue quotes from a real node, and geth's makeExtraData layout
 * (extra-data.test.ts).
 */
import { hexToString, type Hex } from 'viem';
import { decodeRlpTree, type RlpTreeNode } from './rlp-tree';

export interface ClientSignature {
  readonly client: string;
  readonly version: string;
  readonly goVersion: string;
  readonly os: string;
}

const PRINTABLE = /^[\x20-\x7e]{1,64}$/;

function text(node: RlpTreeNode | undefined): string | undefined {
  if (node?.kind !== 'bytes') return undefined;
  const s = hexToString(node.hex);
  return PRINTABLE.test(s) ? s : undefined;
}

function version(node: RlpTreeNode | undefined): string | undefined {
  if (node?.kind !== 'bytes') return undefined;
  const asText = text(node);
  if (asText !== undefined && /^v?\d+\.\d+/.test(asText)) return asText;
  // geth packs the version into one unsigned integer of at most 3 bytes.
  if (node.length >= 1 && node.length <= 3) {
    const n = parseInt(node.hex.slice(2), 16);
    return `v${n >> 16}.${(n >> 8) & 0xff}.${n & 0xff}`;
  }
  return undefined;
}

export function decodeExtraData(extraData: Hex): ClientSignature | undefined {
  if (extraData.length <= 2) return undefined;
  let tree: RlpTreeNode;
  try {
    tree = decodeRlpTree(extraData);
  } catch {
    return undefined;
  }
  if (tree.kind !== 'list' || tree.items.length < 4) return undefined;
  const [v, c, g, o] = tree.items;
  const fields = { version: version(v), client: text(c), goVersion: text(g), os: text(o) };
  if (fields.version === undefined || fields.client === undefined || fields.goVersion === undefined || fields.os === undefined) return undefined;
  if (!/^go/.test(fields.goVersion)) return undefined;
  return fields as ClientSignature;
}
