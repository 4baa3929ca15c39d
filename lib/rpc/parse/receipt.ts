/**
 * Parser for `quai_getTransactionReceipt` (beyond the spec; fields per the protocol notes).
 */
import type { Log, Receipt, TransactionType } from '../domain';
import {
  address,
  array,
  boolean,
  data,
  fail,
  field,
  hash,
  object,
  optional,
  optionalNull,
  quantity,
  smallQuantity,
  type Reader,
} from './fields';
import { parseTransaction } from './transaction';

export const parseLog: Reader<Log> = (value, path) => {
  const r = object(value, path);
  return {
    address: field(r, path, 'address', address),
    topics: field(r, path, 'topics', (v, p) => array(v, p, hash)),
    data: field(r, path, 'data', data),
    blockHash: field(r, path, 'blockHash', optionalNull(hash)),
    blockNumber: field(r, path, 'blockNumber', optionalNull(quantity)),
    transactionHash: field(r, path, 'transactionHash', optionalNull(hash)),
    transactionIndex: field(r, path, 'transactionIndex', optionalNull(smallQuantity)),
    logIndex: field(r, path, 'logIndex', optionalNull(smallQuantity)),
    removed: field(r, path, 'removed', optional(boolean)) ?? false,
  };
};

const txType: Reader<TransactionType> = (value, path) => {
  if (value === '0x0') return 0;
  if (value === '0x1') return 1;
  if (value === '0x2') return 2;
  return fail(path, 'transaction type 0x0, 0x1 or 0x2', value);
};

const status: Reader<'success' | 'reverted'> = (value, path) => {
  if (value === '0x1') return 'success';
  if (value === '0x0') return 'reverted';
  return fail(path, 'status 0x1 (success) or 0x0 (reverted)', value);
};

export function parseReceipt(value: unknown, path = 'receipt'): Receipt {
  const r = object(value, path);
  return {
    transactionHash: field(r, path, 'transactionHash', hash),
    transactionIndex: field(r, path, 'transactionIndex', smallQuantity),
    blockHash: field(r, path, 'blockHash', hash),
    blockNumber: field(r, path, 'blockNumber', quantity),
    from: field(r, path, 'from', address),
    to: field(r, path, 'to', optionalNull(address)),
    type: field(r, path, 'type', txType),
    status: field(r, path, 'status', status),
    gasUsed: field(r, path, 'gasUsed', quantity),
    cumulativeGasUsed: field(r, path, 'cumulativeGasUsed', quantity),
    effectiveGasPrice: field(r, path, 'effectiveGasPrice', quantity),
    contractAddress: field(r, path, 'contractAddress', optionalNull(address)),
    logs: field(r, path, 'logs', (v, p) => array(v, p, parseLog)),
    logsBloom: field(r, path, 'logsBloom', data),
    // Receipts of transactions that emitted nothing may carry null or no `etxs`.
    etxs: field(r, path, 'etxs', (v, p) => (v === null || v === undefined ? [] : array(v, p, parseTransaction))),
  };
}
