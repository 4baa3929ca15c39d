/**
 * Quai block headers and blocks: the domain type, the RLP codec, the seal hash and the block hash.
 *
 * Layouts as go-quai v0.20 writes them (core/types/block.go: Header.EncodeRLP, SealHash, Hash):
 *   header = rlp([parentHash[3], uncleHash, coinbase, root, txHash, etxHash, etxRollupHash,
 *                 manifestHash[3], receiptHash, difficulty, parentEntropy[3], parentDeltaS[3],
 *                 number[3], gasLimit, gasUsed, baseFee, location, time, extra, mixHash, nonce])
 *   sealHash = blake3-256(rlp([parentHash[3], uncleHash, coinbase, root, txHash, etxHash,
 *                 etxRollupHash, manifestHash[3], receiptHash, number[3], gasLimit, gasUsed,
 *                 baseFee, difficulty, location, time, extra, 0x0000000000000000]))
 *   hash = blake3-256(nonce ‖ sealHash)
 *   block = rlp([header, txs, uncles, etxs, subManifest])   (what debug_getBlockRlp returns)
 *
 * Encoding choices where the notes are silent (all as go's rlp package encodes the Go types):
 * - Triples ([3]) are RLP lists of exactly three items; hashes are 32-byte strings, numbers are
 *   canonical integers (minimal big-endian, zero = empty string). Decoding demands three items.
 * - `location` (common.Location, a []byte) is a plain byte string: prime `0x` encodes as 0x80,
 *   cyprus1 `0x0000` as 0x820000. It is NOT an RLP-in-RLP, whatever the spec's JSON wording says.
 * - `extraData` is a byte string, `mixHash` 32 bytes, `nonce` exactly 8 bytes (BlockNonce).
 * - Uncle headers: JSON may show `null` in an uncle's parentHash/manifestHash; in RLP a Go header
 *   always carries three entries (zero hashes where unset). Domain values are never null: whoever
 *   converts JSON uncles maps null to the zero hash, which is what the node would have encoded.
 * - Transactions inside a block are RLP byte strings holding the typed encoding (type ‖ rlp),
 *   as go-ethereum does for typed transactions; they are returned here as raw Hex for
 *   transaction.ts to decode. subManifest is a list of 32-byte hashes.
 *
 * Checked against: the layouts above (tests re-derive the seal hash from a hand-built field
 * list), round trips, and proof-of-work mined with these hashes (pow.test.ts).
 */
import { blake3 } from '@noble/hashes/blake3.js';
import { bytesToHex, concatHex, fromRlp, hexToBytes, keccak256, toRlp, type Address, type Hex } from 'viem';
import { normalizeHex } from './hex';
import { expectBytes, expectList, expectUint, RlpFieldError, uintToRlpBytes, type RlpItem } from './rlp-fields';

export type Triple<T> = readonly [T, T, T];

/** A block header in domain form. Field names follow the JSON-RPC header (go-quai names in comments). */
export interface HeaderFields {
  readonly parentHash: Triple<Hex>;
  /** uncleHash */
  readonly sha3Uncles: Hex;
  /** coinbase */
  readonly miner: Address;
  /** root */
  readonly stateRoot: Hex;
  /** txHash */
  readonly transactionsRoot: Hex;
  /** etxHash */
  readonly extTransactionsRoot: Hex;
  /** etxRollupHash */
  readonly extRollupRoot: Hex;
  readonly manifestHash: Triple<Hex>;
  /** receiptHash */
  readonly receiptsRoot: Hex;
  readonly difficulty: bigint;
  readonly parentEntropy: Triple<bigint>;
  readonly parentDeltaS: Triple<bigint>;
  /** [prime, region, zone] heights. */
  readonly number: Triple<bigint>;
  readonly gasLimit: bigint;
  readonly gasUsed: bigint;
  /** baseFee */
  readonly baseFeePerGas: bigint;
  /** Byte path: `0x` prime, `0x0r` region, `0xrrzz` zone. */
  readonly location: Hex;
  /** time */
  readonly timestamp: bigint;
  /** extra */
  readonly extraData: Hex;
  readonly mixHash: Hex;
  /** 8 bytes. */
  readonly nonce: Hex;
}

/** A block as `rlp([header, txs, uncles, etxs, subManifest])` carries it. */
export interface BlockRlpFields {
  readonly header: HeaderFields;
  /** Raw typed transactions (type ‖ rlp), for transaction.ts. */
  readonly transactions: readonly Hex[];
  readonly uncles: readonly HeaderFields[];
  /** Raw external transactions (type 1). */
  readonly extTransactions: readonly Hex[];
  readonly subManifest: readonly Hex[];
}

export const ZERO_NONCE: Hex = '0x0000000000000000';
export const ZERO_HASH: Hex = `0x${'00'.repeat(32)}`;

const uints = (t: Triple<bigint>): Hex[] => t.map(uintToRlpBytes);

/** The header as the RLP item list (before serialisation), in the order of the protocol notes. */
export function headerToRlpItems(h: HeaderFields): RlpItem[] {
  return [
    [...h.parentHash], h.sha3Uncles, h.miner, h.stateRoot, h.transactionsRoot,
    h.extTransactionsRoot, h.extRollupRoot, [...h.manifestHash], h.receiptsRoot,
    uintToRlpBytes(h.difficulty), uints(h.parentEntropy), uints(h.parentDeltaS), uints(h.number),
    uintToRlpBytes(h.gasLimit), uintToRlpBytes(h.gasUsed), uintToRlpBytes(h.baseFeePerGas),
    h.location, uintToRlpBytes(h.timestamp), h.extraData, h.mixHash, h.nonce,
  ];
}

export function encodeHeaderRlp(header: HeaderFields): Hex {
  checkHeaderShape(header);
  return toRlp(headerToRlpItems(header));
}

/** Decodes a header RLP (with or without 0x). Throws RlpFieldError naming the offending field. */
export function decodeHeaderRlp(rlp: string): HeaderFields {
  return headerFromRlpItem(fromRlp(normalizeHex(rlp), 'hex'), 'header');
}

const hashTriple = (item: RlpItem | undefined, field: string): Triple<Hex> => {
  const list = expectList(item, field, 3);
  return [expectBytes(list[0], `${field}[0]`, 32), expectBytes(list[1], `${field}[1]`, 32), expectBytes(list[2], `${field}[2]`, 32)];
};
const uintTriple = (item: RlpItem | undefined, field: string): Triple<bigint> => {
  const list = expectList(item, field, 3);
  return [expectUint(list[0], `${field}[0]`), expectUint(list[1], `${field}[1]`), expectUint(list[2], `${field}[2]`)];
};

export function headerFromRlpItem(item: RlpItem | undefined, where: string): HeaderFields {
  const f = expectList(item, where, 21);
  const at = (name: string) => `${where}.${name}`;
  return {
    parentHash: hashTriple(f[0], at('parentHash')),
    sha3Uncles: expectBytes(f[1], at('sha3Uncles'), 32),
    miner: expectBytes(f[2], at('miner'), 20),
    stateRoot: expectBytes(f[3], at('stateRoot'), 32),
    transactionsRoot: expectBytes(f[4], at('transactionsRoot'), 32),
    extTransactionsRoot: expectBytes(f[5], at('extTransactionsRoot'), 32),
    extRollupRoot: expectBytes(f[6], at('extRollupRoot'), 32),
    manifestHash: hashTriple(f[7], at('manifestHash')),
    receiptsRoot: expectBytes(f[8], at('receiptsRoot'), 32),
    difficulty: expectUint(f[9], at('difficulty')),
    parentEntropy: uintTriple(f[10], at('parentEntropy')),
    parentDeltaS: uintTriple(f[11], at('parentDeltaS')),
    number: uintTriple(f[12], at('number')),
    gasLimit: expectUint(f[13], at('gasLimit')),
    gasUsed: expectUint(f[14], at('gasUsed')),
    baseFeePerGas: expectUint(f[15], at('baseFeePerGas')),
    location: expectBytes(f[16], at('location')),
    timestamp: expectUint(f[17], at('timestamp')),
    extraData: expectBytes(f[18], at('extraData')),
    mixHash: expectBytes(f[19], at('mixHash'), 32),
    nonce: expectBytes(f[20], at('nonce'), 8),
  };
}

/** Encoding would silently produce a different header from malformed fields; refuse instead. */
function checkHeaderShape(h: HeaderFields): void {
  const fixed: [string, Hex, number][] = [
    ['sha3Uncles', h.sha3Uncles, 32], ['miner', h.miner, 20], ['stateRoot', h.stateRoot, 32],
    ['transactionsRoot', h.transactionsRoot, 32], ['extTransactionsRoot', h.extTransactionsRoot, 32],
    ['extRollupRoot', h.extRollupRoot, 32], ['receiptsRoot', h.receiptsRoot, 32],
    ['mixHash', h.mixHash, 32], ['nonce', h.nonce, 8],
    ...h.parentHash.map((x, i): [string, Hex, number] => [`parentHash[${i}]`, x, 32]),
    ...h.manifestHash.map((x, i): [string, Hex, number] => [`manifestHash[${i}]`, x, 32]),
  ];
  for (const [name, value, bytes] of fixed) {
    if (!/^0x[0-9a-fA-F]*$/.test(value) || value.length !== 2 + 2 * bytes) {
      throw new RlpFieldError(`header.${name}: expected ${bytes} bytes of hex, got ${JSON.stringify(value)}`);
    }
  }
  if (h.parentHash.length !== 3 || h.manifestHash.length !== 3 || h.number.length !== 3 ||
      h.parentEntropy.length !== 3 || h.parentDeltaS.length !== 3) {
    throw new RlpFieldError('header: triples must have three entries');
  }
}

/**
 * blake3-256 of the seal encoding: the header without parentEntropy, parentDeltaS and mixHash,
 * difficulty moved after baseFee, a zero nonce last. The nonce of `header` is ignored.
 */
export function sealHash(header: HeaderFields): Hex {
  checkHeaderShape(header);
  const h = header;
  const items: RlpItem[] = [
    [...h.parentHash], h.sha3Uncles, h.miner, h.stateRoot, h.transactionsRoot,
    h.extTransactionsRoot, h.extRollupRoot, [...h.manifestHash], h.receiptsRoot, uints(h.number),
    uintToRlpBytes(h.gasLimit), uintToRlpBytes(h.gasUsed), uintToRlpBytes(h.baseFeePerGas),
    uintToRlpBytes(h.difficulty), h.location, uintToRlpBytes(h.timestamp), h.extraData, ZERO_NONCE,
  ];
  return bytesToHex(blake3(toRlp(items, 'bytes')));
}

/** blake3-256(nonce ‖ sealHash): pass a precomputed seal hash when trying many nonces. */
export function hashWithNonce(seal: Hex, nonce: Hex): Hex {
  if (nonce.length !== 18) throw new RlpFieldError(`nonce: expected 8 bytes, got ${JSON.stringify(nonce)}`);
  return bytesToHex(blake3(hexToBytes(concatHex([nonce, seal]))));
}

/** The block hash: blake3-256(nonce ‖ sealHash(header)). */
export function blockHash(header: HeaderFields): Hex {
  return hashWithNonce(sealHash(header), header.nonce);
}

/** sha3Uncles: keccak256(rlp(uncle headers)); keccak256(0xc0) = EMPTY_UNCLE_HASH when there are none. */
export function calcUncleHash(uncles: readonly HeaderFields[]): Hex {
  uncles.forEach(checkHeaderShape);
  return keccak256(toRlp(uncles.map(headerToRlpItems)));
}

export function encodeBlockRlp(block: BlockRlpFields): Hex {
  checkHeaderShape(block.header);
  block.uncles.forEach(checkHeaderShape);
  return toRlp([
    headerToRlpItems(block.header),
    [...block.transactions],
    block.uncles.map(headerToRlpItems),
    [...block.extTransactions],
    [...block.subManifest],
  ]);
}

/** Decodes `rlp([header, txs, uncles, etxs, subManifest])`; accepts hex with or without 0x (debug_getBlockRlp omits it). */
export function decodeBlockRlp(rlp: string): BlockRlpFields {
  const top = expectList(fromRlp(normalizeHex(rlp), 'hex'), 'block', 5);
  const txs = expectList(top[1], 'block.transactions');
  const uncles = expectList(top[2], 'block.uncles');
  const etxs = expectList(top[3], 'block.extTransactions');
  const sub = expectList(top[4], 'block.subManifest');
  return {
    header: headerFromRlpItem(top[0], 'block.header'),
    transactions: txs.map((t, i) => expectBytes(t, `block.transactions[${i}]`)),
    uncles: uncles.map((u, i) => headerFromRlpItem(u, `block.uncles[${i}]`)),
    extTransactions: etxs.map((t, i) => expectBytes(t, `block.extTransactions[${i}]`)),
    subManifest: sub.map((s, i) => expectBytes(s, `block.subManifest[${i}]`, 32)),
  };
}
