/**
 * The execution layer's door to the protocol codec (lib/protocol/transaction.ts): raw bytes in,
 * a signature-checked TxRecord out; ETXs built and encoded the protocol's way. No encoding rule
 * lives here, only the mapping between the codec's domain type and the core contract's records.
 */
import type { Address, Hex } from 'viem';
import {
  decodeTransaction,
  encodeTransaction,
  intrinsicGas,
  recoverSender,
  transactionHash,
  type ExternalTransaction,
  type QuaiTransaction,
} from '@/lib/protocol/transaction';
import { ExecutionError, type EtxRecord, type TxRecord } from './api';

/** secp256k1 group order / 2: signatures with a higher s are malleable copies (EIP-2), refused like geth. */
const SECP256K1_HALF_N = 0x7fffffffffffffffffffffffffffffff5d576e7357a4501ddfe92f46681b20a0n;

/** The contract (api.ts) wants lower-case hex everywhere; the RPC layer decides how to show it. */
const lower = (a: Address): Address => a.toLowerCase() as Address;

function toRecord(tx: QuaiTransaction, raw: Hex, from: Address): TxRecord {
  const base = {
    hash: transactionHash(raw),
    raw,
    from,
    chainId: tx.chainId,
    nonce: tx.nonce,
    gasTipCap: tx.gasTipCap,
    gasFeeCap: tx.gasFeeCap,
    gas: tx.gas,
    to: tx.to === null ? null : lower(tx.to),
    value: tx.value,
    data: tx.data,
    accessList: tx.accessList,
  };
  if (tx.type === 1) return { ...base, type: 1, sender: lower(tx.sender) };
  if (tx.type === 0) return { ...base, type: 0, v: tx.v, r: tx.r, s: tx.s };
  return {
    ...base, type: 2, v: tx.v, r: tx.r, s: tx.s,
    etxGasLimit: tx.etxGasLimit, etxGasPrice: tx.etxGasPrice, etxGasTip: tx.etxGasTip,
    etxData: tx.etxData, etxAccessList: tx.etxAccessList,
  };
}

/** Decode and recover the sender; every failure is an ExecutionError with a client-facing message. */
export async function decodeRawTransaction(rawInput: Hex): Promise<TxRecord> {
  const raw = rawInput.toLowerCase() as Hex;
  let tx: QuaiTransaction;
  try {
    tx = decodeTransaction(raw);
  } catch (err) {
    throw new ExecutionError(`invalid transaction: ${err instanceof Error ? err.message : String(err)}`);
  }
  if (tx.type === 1) throw new ExecutionError('external transactions (type 1) are made by the protocol and cannot be sent');
  if (tx.r === undefined || tx.s === undefined || tx.r === 0n || tx.s === 0n || tx.s > SECP256K1_HALF_N) {
    throw new ExecutionError('invalid transaction v, r, s values');
  }
  let from: Address;
  try {
    from = lower(await recoverSender(tx));
  } catch {
    throw new ExecutionError('invalid sender: the signature does not recover');
  }
  return toRecord(tx, raw, from);
}

export function intrinsicGasOf(tx: Pick<TxRecord, 'to' | 'data' | 'accessList'>): bigint {
  return intrinsicGas(tx);
}

/**
 * The type 1 ETX a type 2 transaction emits: its `to` and `value`; the ETX gas fields become the
 * ETX's gas, fee cap and tip; the origin's sender and nonce travel with it (go-quai v0.20
 * state_transition), which also makes every ETX hash unique.
 */
export function makeEtx(tx: TxRecord): EtxRecord {
  if (tx.type !== 2 || !tx.to) throw new Error('only a type 2 transaction with a recipient emits an ETX');
  const etx: ExternalTransaction = {
    type: 1,
    chainId: tx.chainId,
    nonce: tx.nonce,
    gasTipCap: tx.etxGasTip ?? 0n,
    gasFeeCap: tx.etxGasPrice ?? 0n,
    gas: tx.etxGasLimit ?? 0n,
    to: tx.to,
    value: tx.value,
    data: tx.etxData ?? '0x',
    accessList: tx.etxAccessList ?? [],
    sender: tx.from,
  };
  const raw = encodeTransaction(etx);
  return {
    hash: transactionHash(raw),
    raw,
    chainId: etx.chainId,
    nonce: etx.nonce,
    gasTipCap: etx.gasTipCap,
    gasFeeCap: etx.gasFeeCap,
    gas: etx.gas,
    to: lower(tx.to),
    value: etx.value,
    data: etx.data,
    sender: lower(tx.from),
    originTxHash: tx.hash,
  };
}
