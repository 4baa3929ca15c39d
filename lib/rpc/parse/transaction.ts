/**
 * Parser for transaction objects (spec §2.5; protocol notes "Transactions"): discriminated on
 * `type`; pending transactions have null blockHash/blockNumber/transactionIndex; type 1 (ETX)
 * has `from` = zero address, a `sender`, and null v/r/s; type 2 adds the etx* fields.
 */
import type { AccessList, Transaction } from '../domain';
import {
  address,
  array,
  data,
  fail,
  field,
  hash,
  object,
  optionalNull,
  quantity,
  smallQuantity,
  type Reader,
} from './fields';

export const accessList: Reader<AccessList> = (value, path) =>
  array(value, path, (entry, p) => {
    const r = object(entry, p);
    return {
      address: field(r, p, 'address', address),
      storageKeys: field(r, p, 'storageKeys', (v, q) => array(v, q, hash)),
    };
  });

/** A missing accessList reads as empty: some releases omit it for ETXs. */
const accessListOrEmpty: Reader<AccessList> = (value, path) =>
  value === undefined || value === null ? [] : accessList(value, path);

export function parseTransaction(value: unknown, path = 'transaction'): Transaction {
  const r = object(value, path);
  const typeValue = r.type;
  const type = typeValue === '0x0' ? 0 : typeValue === '0x1' ? 1 : typeValue === '0x2' ? 2 : null;
  if (type === null) fail(`${path}.type`, 'transaction type 0x0, 0x1 or 0x2', typeValue);

  const base = {
    hash: field(r, path, 'hash', hash),
    blockHash: field(r, path, 'blockHash', optionalNull(hash)),
    blockNumber: field(r, path, 'blockNumber', optionalNull(quantity)),
    transactionIndex: field(r, path, 'transactionIndex', optionalNull(smallQuantity)),
    from: field(r, path, 'from', address),
    to: field(r, path, 'to', optionalNull(address)),
    nonce: field(r, path, 'nonce', quantity),
    value: field(r, path, 'value', quantity),
    gas: field(r, path, 'gas', quantity),
    maxFeePerGas: field(r, path, 'maxFeePerGas', quantity),
    maxPriorityFeePerGas: field(r, path, 'maxPriorityFeePerGas', quantity),
    input: field(r, path, 'input', data),
    accessList: field(r, path, 'accessList', accessListOrEmpty),
    chainId: field(r, path, 'chainId', optionalNull(quantity)),
  };
  // A pending transaction has none of the three; a mined one has all three.
  const included = [base.blockHash, base.blockNumber, base.transactionIndex].filter((x) => x !== null).length;
  if (included !== 0 && included !== 3) {
    fail(`${path}.blockHash`, 'blockHash, blockNumber and transactionIndex all set or all null', {
      blockHash: r.blockHash,
      blockNumber: r.blockNumber,
      transactionIndex: r.transactionIndex,
    });
  }

  if (type === 1) {
    return {
      ...base,
      type,
      sender: field(r, path, 'sender', address),
      v: field(r, path, 'v', optionalNull(quantity)),
      r: field(r, path, 'r', optionalNull(quantity)),
      s: field(r, path, 's', optionalNull(quantity)),
    };
  }
  const signature = {
    v: field(r, path, 'v', quantity),
    r: field(r, path, 'r', quantity),
    s: field(r, path, 's', quantity),
  };
  if (type === 0) return { ...base, type, ...signature };
  return {
    ...base,
    type,
    ...signature,
    etxGasLimit: field(r, path, 'etxGasLimit', quantity),
    etxGasPrice: field(r, path, 'etxGasPrice', quantity),
    etxGasTip: field(r, path, 'etxGasTip', quantity),
    etxData: field(r, path, 'etxData', data),
    etxAccessList: field(r, path, 'etxAccessList', accessListOrEmpty),
  };
}
