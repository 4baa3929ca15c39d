/**
 * Domain records -> the JSON a go-quai node of the era returns (spec §2.3–2.5, protocol notes
 * "Blocks and headers" and "Transactions"). Quantities are minimal hex, `order` a JSON integer,
 * `location` the byte path as Data.
 */
import type { Address, Hex } from 'viem';
import type { Level } from '@/lib/protocol/chains';
import { blockHash, type HeaderFields } from '@/lib/protocol/header';
import type { EtxRecord, LogRecord, ReceiptRecord, TxRecord } from '../execution/api';
import { bodyAt, type SealedBlock } from '../chain/block';

export const q = (value: bigint | number): Hex => `0x${value.toString(16)}`;

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

export function formatHeader(header: HeaderFields, hash: Hex | null, size?: number): { [key: string]: Json } {
  return {
    baseFeePerGas: q(header.baseFeePerGas),
    difficulty: q(header.difficulty),
    extRollupRoot: header.extRollupRoot,
    extTransactionsRoot: header.extTransactionsRoot,
    extraData: header.extraData,
    gasLimit: q(header.gasLimit),
    gasUsed: q(header.gasUsed),
    hash,
    location: header.location,
    manifestHash: [...header.manifestHash],
    miner: hash === null ? null : header.miner,
    mixHash: header.mixHash,
    nonce: hash === null ? null : header.nonce,
    number: header.number.map(q),
    parentDeltaS: header.parentDeltaS.map(q),
    parentEntropy: header.parentEntropy.map(q),
    parentHash: [...header.parentHash],
    receiptsRoot: header.receiptsRoot,
    sha3Uncles: header.sha3Uncles,
    ...(size !== undefined ? { size: q(size) } : {}),
    stateRoot: header.stateRoot,
    timestamp: q(header.timestamp),
    transactionsRoot: header.transactionsRoot,
  };
}

export interface TxPosition {
  readonly blockHash: Hex;
  readonly blockNumber: bigint;
  readonly index: number;
}

const accessList = (list: TxRecord['accessList']): Json =>
  list.map((e) => ({ address: e.address, storageKeys: [...e.storageKeys] }));

export function formatTransaction(tx: TxRecord, at?: TxPosition): { [key: string]: Json } {
  const base: { [key: string]: Json } = {
    blockHash: at?.blockHash ?? null,
    blockNumber: at ? q(at.blockNumber) : null,
    from: tx.from,
    gas: q(tx.gas),
    maxFeePerGas: q(tx.gasFeeCap),
    maxPriorityFeePerGas: q(tx.gasTipCap),
    hash: tx.hash,
    input: tx.data,
    nonce: q(tx.nonce),
    to: tx.to,
    transactionIndex: at ? q(at.index) : null,
    value: q(tx.value),
    type: q(tx.type),
    accessList: accessList(tx.accessList),
    chainId: q(tx.chainId),
    v: tx.v === undefined ? null : q(tx.v),
    r: tx.r === undefined ? null : q(tx.r),
    s: tx.s === undefined ? null : q(tx.s),
  };
  if (tx.type === 1) base.sender = tx.sender ?? null;
  if (tx.type === 2) {
    base.etxGasLimit = q(tx.etxGasLimit ?? 0n);
    base.etxGasPrice = q(tx.etxGasPrice ?? 0n);
    base.etxGasTip = q(tx.etxGasTip ?? 0n);
    base.etxData = tx.etxData ?? '0x';
    base.etxAccessList = accessList(tx.etxAccessList ?? []);
  }
  return base;
}

const ZERO_ADDRESS: Address = '0x0000000000000000000000000000000000000000';

/** An ETX as its origin block lists it in extTransactions (a type 1 transaction object). */
export function formatEtx(etx: EtxRecord, at?: TxPosition): { [key: string]: Json } {
  return formatTransaction(
    {
      hash: etx.hash, raw: etx.raw, type: 1, from: ZERO_ADDRESS, chainId: etx.chainId, nonce: etx.nonce,
      gasTipCap: etx.gasTipCap, gasFeeCap: etx.gasFeeCap, gas: etx.gas, to: etx.to, value: etx.value,
      data: etx.data, accessList: [], sender: etx.sender,
    },
    at,
  );
}

export function formatLog(log: LogRecord, receipt: ReceiptRecord, at: TxPosition, logIndex: number): { [key: string]: Json } {
  return {
    address: log.address,
    topics: [...log.topics],
    data: log.data,
    blockNumber: q(at.blockNumber),
    transactionHash: receipt.transactionHash,
    transactionIndex: q(at.index),
    blockHash: at.blockHash,
    logIndex: q(logIndex),
    removed: false,
  };
}

export function formatReceipt(receipt: ReceiptRecord, at: TxPosition, firstLogIndex: number): { [key: string]: Json } {
  return {
    blockHash: at.blockHash,
    blockNumber: q(at.blockNumber),
    transactionHash: receipt.transactionHash,
    transactionIndex: q(at.index),
    from: receipt.from,
    to: receipt.to,
    gasUsed: q(receipt.gasUsed),
    cumulativeGasUsed: q(receipt.cumulativeGasUsed),
    contractAddress: receipt.contractAddress,
    logs: receipt.logs.map((log, i) => formatLog(log, receipt, at, firstLogIndex + i)),
    etxs: receipt.etxs.map((etx) => formatEtx(etx)),
    logsBloom: receipt.logsBloom,
    type: q(receipt.type),
    effectiveGasPrice: q(receipt.effectiveGasPrice),
    status: q(receipt.status),
  };
}

/** An uncle: a full header object, without transactions (spec §4.5). */
export function formatUncle(header: HeaderFields): { [key: string]: Json } {
  return formatHeader(header, blockHash(header));
}

/** A block as a chain at `level` serves it. `hash` null for the pending block. */
export function formatBlock(
  block: Pick<SealedBlock, 'header' | 'order' | 'totalEntropy'> & Partial<SealedBlock>,
  hash: Hex | null,
  level: Level,
  full: boolean,
  size: number,
): { [key: string]: Json } {
  const body = block.transactions
    ? bodyAt(block as SealedBlock, level)
    : { transactions: [], extTransactions: [], uncles: [], subManifest: [] };
  const number = block.header.number[level];
  const txAt = (index: number): TxPosition | undefined =>
    hash === null ? undefined : { blockHash: hash, blockNumber: number, index };
  return {
    ...formatHeader(block.header, hash, size),
    order: block.order,
    totalEntropy: q(block.totalEntropy),
    transactions: body.transactions.map((tx, i) => (full ? formatTransaction(tx, txAt(i)) : tx.hash)),
    extTransactions: body.extTransactions.map((etx, i) => (full ? formatEtx(etx, txAt(i)) : etx.hash)),
    // go-quai lists uncles as full header objects (protocol notes), whatever `full` says.
    uncles: body.uncles.map(formatUncle),
    subManifest: [...body.subManifest],
  };
}
