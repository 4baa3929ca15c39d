/**
 * Quai transactions: the three typed encodings, signing hash, hash, sender recovery, signing and
 * intrinsic gas. Layouts as go-quai v0.20 writes them (core/types/transaction.go):
 *   0 internal:             0x00 ‖ rlp([chainId, nonce, gasTipCap, gasFeeCap, gas, to, value, data, accessList, v, r, s])
 *   1 external (ETX):       0x01 ‖ rlp([chainId, nonce, gasTipCap, gasFeeCap, gas, to, value, data, accessList, sender])
 *   2 internal-to-external: 0x02 ‖ rlp([...the nine of type 0, etxGasLimit, etxGasPrice, etxGasTip, etxData, etxAccessList, v, r, s])
 * signingHash = keccak256(type ‖ rlp(fields before v, r, s)); v is the raw recovery id 0/1
 * (no EIP-155 folding, the chain id is a field); hash = keccak256(raw). `to` is the empty string
 * for a contract creation. Legacy untyped encodings (an RLP list first byte) are rejected.
 *
 * Checked against: the notes' test vector (fields, hash and sender, from the network's public
 * docs), round trips of all three types, and signatures made with viem's secp256k1 recovered back
 * to the signer's address (transaction.test.ts).
 */
import { sign } from 'viem/accounts';
import {
  bytesToHex, concatHex, fromRlp, getAddress, hexToBytes, keccak256, numberToHex, recoverAddress, toRlp,
  type Address, type Hex,
} from 'viem';
import { errorText } from '@/lib/text/error-text';
import { normalizeHex } from './hex';
import { expectBytes, expectList, expectUint, RlpFieldError, uintToRlpBytes, type RlpItem } from './rlp-fields';
import { StrataError } from '@/lib/protocol/errors';

export interface AccessListEntry {
  readonly address: Address;
  readonly storageKeys: readonly Hex[];
}
export type AccessList = readonly AccessListEntry[];

interface TxBase {
  readonly chainId: bigint;
  readonly nonce: bigint;
  readonly gasTipCap: bigint;
  readonly gasFeeCap: bigint;
  readonly gas: bigint;
  /** null for a contract creation. */
  readonly to: Address | null;
  readonly value: bigint;
  readonly data: Hex;
  readonly accessList: AccessList;
}

/** Signature values; absent on an unsigned transaction. v is the recovery id 0 or 1. */
interface TxSignature {
  readonly v?: bigint;
  readonly r?: bigint;
  readonly s?: bigint;
}

export interface InternalTransaction extends TxBase, TxSignature {
  readonly type: 0;
}

export interface ExternalTransaction extends TxBase {
  readonly type: 1;
  /** The originating account in the emitting zone (ETXs carry no signature). */
  readonly sender: Address;
}

export interface InternalToExternalTransaction extends TxBase, TxSignature {
  readonly type: 2;
  readonly etxGasLimit: bigint;
  readonly etxGasPrice: bigint;
  readonly etxGasTip: bigint;
  readonly etxData: Hex;
  readonly etxAccessList: AccessList;
}

export type QuaiTransaction = InternalTransaction | ExternalTransaction | InternalToExternalTransaction;
export type SignableTransaction = InternalTransaction | InternalToExternalTransaction;

export class TransactionDecodeError extends StrataError {
  override name = 'TransactionDecodeError';
}

// ---------- encoding ----------

function encodeAccessList(list: AccessList): RlpItem[] {
  return list.map((e) => [e.address, [...e.storageKeys]]);
}

function baseItems(tx: TxBase): RlpItem[] {
  return [
    uintToRlpBytes(tx.chainId), uintToRlpBytes(tx.nonce), uintToRlpBytes(tx.gasTipCap),
    uintToRlpBytes(tx.gasFeeCap), uintToRlpBytes(tx.gas), tx.to ?? '0x', uintToRlpBytes(tx.value),
    tx.data, encodeAccessList(tx.accessList),
  ];
}

/** The fields covered by the signature (everything before v, r, s). */
function unsignedItems(tx: SignableTransaction): RlpItem[] {
  if (tx.type === 0) return baseItems(tx);
  return [
    ...baseItems(tx), uintToRlpBytes(tx.etxGasLimit), uintToRlpBytes(tx.etxGasPrice),
    uintToRlpBytes(tx.etxGasTip), tx.etxData, encodeAccessList(tx.etxAccessList),
  ];
}

const typeByte = (type: 0 | 1 | 2): Hex => numberToHex(type, { size: 1 });

/** The raw typed encoding. Types 0 and 2 must be signed (v, r, s present). */
export function encodeTransaction(tx: QuaiTransaction): Hex {
  if (tx.type === 1) {
    return concatHex([typeByte(1), toRlp([...baseItems(tx), tx.sender])]);
  }
  if (tx.v === undefined || tx.r === undefined || tx.s === undefined) {
    throw new TypeError(`Type ${tx.type} transaction is unsigned: sign it (signTransaction) before encoding`);
  }
  const items = [...unsignedItems(tx), uintToRlpBytes(tx.v), uintToRlpBytes(tx.r), uintToRlpBytes(tx.s)];
  return concatHex([typeByte(tx.type), toRlp(items)]);
}

// ---------- decoding ----------

function decodeAccessList(item: RlpItem | undefined, field: string): AccessList {
  return expectList(item, field).map((entry, i) => {
    const pair = expectList(entry, `${field}[${i}]`, 2);
    return {
      address: expectBytes(pair[0], `${field}[${i}].address`, 20),
      storageKeys: expectList(pair[1], `${field}[${i}].storageKeys`).map((k, j) => expectBytes(k, `${field}[${i}].storageKeys[${j}]`, 32)),
    };
  });
}

function decodeBase(f: readonly RlpItem[]): TxBase {
  const to = expectBytes(f[5], 'to');
  if (to !== '0x' && to.length !== 42) throw new RlpFieldError(`to: expected 20 bytes or empty, found ${(to.length - 2) / 2}`);
  return {
    chainId: expectUint(f[0], 'chainId'),
    nonce: expectUint(f[1], 'nonce'),
    gasTipCap: expectUint(f[2], 'gasTipCap'),
    gasFeeCap: expectUint(f[3], 'gasFeeCap'),
    gas: expectUint(f[4], 'gas'),
    to: to === '0x' ? null : to,
    value: expectUint(f[6], 'value'),
    data: expectBytes(f[7], 'data'),
    accessList: decodeAccessList(f[8], 'accessList'),
  };
}

function decodeSignature(f: readonly RlpItem[], at: number): Required<TxSignature> {
  const v = expectUint(f[at], 'v');
  if (v !== 0n && v !== 1n) throw new RlpFieldError(`v: expected a recovery id 0 or 1, found ${v}`);
  return { v, r: expectUint(f[at + 1], 'r'), s: expectUint(f[at + 2], 's') };
}

/** Decodes a raw typed transaction (hex with or without 0x, or bytes). */
export function decodeTransaction(raw: Hex | string | Uint8Array): QuaiTransaction {
  const hex = typeof raw === 'string' ? normalizeHex(raw) : bytesToHex(raw);
  if (hex === '0x') throw new TransactionDecodeError('Empty transaction');
  const first = parseInt(hex.slice(2, 4), 16);
  if (first >= 0xc0) {
    throw new TransactionDecodeError('Legacy untyped transaction (a bare RLP list): Quai accepts typed transactions only (type 0x00, 0x01 or 0x02)');
  }
  if (first > 2) throw new TransactionDecodeError(`Unknown transaction type 0x${first.toString(16).padStart(2, '0')}: expected 0x00, 0x01 or 0x02`);
  try {
    const body = fromRlp(`0x${hex.slice(4)}`, 'hex');
    if (first === 0) {
      const f = expectList(body, 'transaction', 12);
      return { type: 0, ...decodeBase(f), ...decodeSignature(f, 9) };
    }
    if (first === 1) {
      const f = expectList(body, 'transaction', 10);
      return { type: 1, ...decodeBase(f), sender: expectBytes(f[9], 'sender', 20) };
    }
    const f = expectList(body, 'transaction', 17);
    return {
      type: 2, ...decodeBase(f),
      etxGasLimit: expectUint(f[9], 'etxGasLimit'),
      etxGasPrice: expectUint(f[10], 'etxGasPrice'),
      etxGasTip: expectUint(f[11], 'etxGasTip'),
      etxData: expectBytes(f[12], 'etxData'),
      etxAccessList: decodeAccessList(f[13], 'etxAccessList'),
      ...decodeSignature(f, 14),
    };
  } catch (error) {
    if (error instanceof TransactionDecodeError) throw error;
    throw new TransactionDecodeError(`Invalid type ${first} transaction: ${errorText(error)}`, { cause: error });
  }
}

// ---------- hashes, signatures ----------

/** keccak256(type ‖ rlp(fields before v, r, s)). ETXs (type 1) are not signed. */
export function signingHash(tx: QuaiTransaction): Hex {
  if (tx.type === 1) throw new TypeError('External transactions (type 1) are made by the protocol and carry no signature');
  return keccak256(concatHex([typeByte(tx.type), toRlp(unsignedItems(tx))]));
}

/** keccak256 of the raw bytes, which is what quai_sendRawTransaction must return. */
export function transactionHash(raw: Hex | Uint8Array): Hex {
  return keccak256(typeof raw === 'string' ? normalizeHex(raw) : raw);
}

/** The order of secp256k1's group. */
const SECP256K1_N = 0xfffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141n;

const toWord = (n: bigint): Hex => numberToHex(n, { size: 32 });

/** The sender: recovered from the signature (types 0, 2) or the `sender` field (type 1). Checksummed. */
export async function recoverSender(tx: QuaiTransaction): Promise<Address> {
  if (tx.type === 1) return getAddress(tx.sender);
  if (tx.v === undefined || tx.r === undefined || tx.s === undefined) throw new TypeError('Unsigned transaction has no sender');
  if (tx.v !== 0n && tx.v !== 1n) throw new RangeError(`v must be the recovery id 0 or 1, got ${tx.v}`);
  if (tx.r === 0n || tx.r >= SECP256K1_N || tx.s === 0n || tx.s >= SECP256K1_N) throw new RangeError('r and s must lie between 1 and the curve order');
  // EIP-2: nodes refuse s in the upper half. Recovery would still yield an address — with v
  // flipped the signer's, otherwise a stranger's — so without this a malleated signature looked
  // valid, or looked like a send from another zone.
  if (tx.s > SECP256K1_N / 2n) throw new RangeError('s is in the upper half of the curve order; EIP-2 allows only low s');
  return recoverAddress({ hash: signingHash(tx), signature: { r: toWord(tx.r), s: toWord(tx.s), yParity: Number(tx.v) } });
}

/**
 * Signs a type 0 or 2 transaction with a secp256k1 private key (viem) and returns the raw
 * encoding to pass to quai_sendRawTransaction. Any v, r, s already on `tx` are replaced.
 */
export async function signTransaction(tx: SignableTransaction, privateKey: Hex): Promise<Hex> {
  const signature = await sign({ hash: signingHash(tx), privateKey });
  const yParity = signature.yParity ?? (signature.v === 28n ? 1 : 0);
  return encodeTransaction({ ...tx, v: BigInt(yParity), r: BigInt(signature.r), s: BigInt(signature.s) });
}

// ---------- gas ----------

export const TX_GAS = 21_000n;
export const TX_CREATION_GAS = 32_000n;
export const TX_DATA_ZERO_GAS = 4n;
export const TX_DATA_NONZERO_GAS = 16n;
export const TX_ACCESS_LIST_ADDRESS_GAS = 2_400n;
export const TX_ACCESS_LIST_STORAGE_KEY_GAS = 1_900n;

/**
 * 21000, + 32000 for a creation, + 4 per zero and 16 per non-zero byte of data, + the EIP-2930
 * access-list charges (2400 per address, 1900 per key) that go-quai inherits from go-ethereum's
 * IntrinsicGas (zero for the usual empty list). The ETX fields of type 2 are not charged here.
 */
export function intrinsicGas(tx: Pick<TxBase, 'to' | 'data' | 'accessList'>): bigint {
  let gas = TX_GAS + (tx.to === null ? TX_CREATION_GAS : 0n);
  for (const byte of hexToBytes(tx.data)) gas += byte === 0 ? TX_DATA_ZERO_GAS : TX_DATA_NONZERO_GAS;
  for (const entry of tx.accessList) {
    gas += TX_ACCESS_LIST_ADDRESS_GAS + BigInt(entry.storageKeys.length) * TX_ACCESS_LIST_STORAGE_KEY_GAS;
  }
  return gas;
}
