/**
 * Synchronous list-trie roots (Ethereum's DeriveSha: a Merkle Patricia trie keyed by rlp(index)).
 * lib/protocol/trie-root.ts computes the same roots through @ethereumjs/mpt, which is async; the
 * devnet needs them synchronously, because a header is composed, sealed and appended within one
 * turn of the event loop (see network.ts). list-root.test.ts checks both agree.
 */
import { keccak256, toRlp, type Hex } from 'viem';
import { EMPTY_TRIE_ROOT } from '@/lib/protocol/trie-root';

type Node = Hex | readonly Node[];

function rlpOfIndex(i: number): Hex {
  if (i === 0) return toRlp('0x');
  const digits = i.toString(16);
  return toRlp(`0x${digits.length % 2 ? '0' : ''}${digits}`);
}

function nibbles(hex: Hex): number[] {
  return [...hex.slice(2)].map((c) => parseInt(c, 16));
}

function hexPrefix(path: readonly number[], leaf: boolean): Hex {
  const flag = (leaf ? 2 : 0) + (path.length % 2);
  const all = path.length % 2 ? [flag, ...path] : [flag, 0, ...path];
  return `0x${all.map((n) => n.toString(16)).join('')}`;
}

/** How a parent refers to a child: inline when its encoding is under 32 bytes, else by hash. */
function ref(node: Node): Node {
  const encoded = toRlp(node as Hex);
  return (encoded.length - 2) / 2 < 32 ? node : keccak256(encoded);
}

interface Entry {
  readonly key: number[];
  readonly value: Hex;
}

function build(entries: readonly Entry[], depth: number): Node {
  if (entries.length === 1) {
    const only = entries[0]!;
    return [hexPrefix(only.key.slice(depth), true), only.value];
  }
  // Longest common prefix below depth.
  let shared = 0;
  for (;;) {
    const nibble = entries[0]!.key[depth + shared];
    if (nibble === undefined || !entries.every((e) => e.key[depth + shared] === nibble)) break;
    shared++;
  }
  if (shared > 0) {
    return [hexPrefix(entries[0]!.key.slice(depth, depth + shared), false), ref(build(entries, depth + shared))];
  }
  const branch: Node[] = [];
  let value: Hex = '0x';
  for (let n = 0; n < 16; n++) {
    const group = entries.filter((e) => e.key[depth] === n);
    branch.push(group.length === 0 ? '0x' : ref(build(group, depth + 1)));
  }
  const ending = entries.find((e) => e.key.length === depth);
  if (ending) value = ending.value;
  branch.push(value);
  return branch;
}

/** Root of the trie mapping rlp(i) -> items[i] (items are already-encoded, non-empty values). */
export function listRootSync(items: readonly Hex[]): Hex {
  if (items.length === 0) return EMPTY_TRIE_ROOT;
  const entries = items.map((value, i) => {
    if (value === '0x') throw new RangeError(`listRoot: item ${i} is empty`);
    return { key: nibbles(rlpOfIndex(i)), value };
  });
  return keccak256(toRlp(build(entries, 0) as Hex));
}

/** manifestHash: the list root of the rlp-encoded block hashes (lib/protocol/trie-root manifestRoot). */
export function manifestRootSync(hashes: readonly Hex[]): Hex {
  return listRootSync(hashes.map((h) => toRlp(h)));
}
