import { describe, expect, it } from 'vitest';
import { parseTransaction } from './transaction';
import { parseReceipt } from './receipt';
import { ZERO_ADDRESS, a, h, receiptJson, type0Json, type1Json, type2Json, fieldError } from './fixtures';


describe('parseTransaction', () => {
  it('type 0: the protocol notes test vector fields', () => {
    const tx = parseTransaction(type0Json());
    if (tx.type !== 0) throw new Error('type');
    expect(tx.chainId).toBe(9000n);
    expect(tx.nonce).toBe(36n);
    expect(tx.maxPriorityFeePerGas).toBe(1_000_000_000n);
    expect(tx.maxFeePerGas).toBe(2_000_000_004n);
    expect(tx.gas).toBe(42_000n);
    expect(tx.value).toBe(79n);
    expect(tx.to).toBe('0x111a8a2ffb1729497e0cfbfc5fa2e2b405e13ba7');
    expect(tx.from).toBe('0x186da4cc9d99cb7a2b770b370311887c64e6ac78'); // lower-cased
    expect(tx.v).toBe(0n);
    expect(tx.r).toBe(0x1c2ae1b000172a500f1a7e6e9265264d9ba9e9edd835411bf4233f3f2b05c7d9n);
    expect(tx.transactionIndex).toBe(0);
    expect(tx.blockNumber).toBe(42n);
    expect(tx.accessList).toEqual([]);
  });

  it('type 1 (ETX): from is the zero address, sender set, v/r/s null', () => {
    const tx = parseTransaction(type1Json());
    if (tx.type !== 1) throw new Error('type');
    expect(tx.from).toBe(ZERO_ADDRESS);
    expect(tx.sender).toBe(a('95'));
    expect([tx.v, tx.r, tx.s]).toEqual([null, null, null]);
  });

  it('type 1 without accessList reads an empty list', () => {
    const json = type1Json();
    delete json.accessList;
    expect(parseTransaction(json).accessList).toEqual([]);
  });

  it('type 2: etx fields', () => {
    const tx = parseTransaction(type2Json());
    if (tx.type !== 2) throw new Error('type');
    expect(tx.etxGasLimit).toBe(21_000n);
    expect(tx.etxGasPrice).toBe(2_000_000_000n);
    expect(tx.etxGasTip).toBe(1_000_000_000n);
    expect(tx.etxData).toBe('0x');
    expect(tx.etxAccessList).toEqual([{ address: a('80'), storageKeys: [h('01')] }]);
  });

  it('pending: null blockHash/blockNumber/transactionIndex and null chainId', () => {
    const tx = parseTransaction({ ...type0Json(), blockHash: null, blockNumber: null, transactionIndex: null, chainId: null });
    expect([tx.blockHash, tx.blockNumber, tx.transactionIndex, tx.chainId]).toEqual([null, null, null, null]);
  });

  it('contract creation: to is null', () => {
    expect(parseTransaction({ ...type0Json(), to: null }).to).toBeNull();
  });

  it('rejects half-pending inclusion fields', () => {
    expect(fieldError(() => parseTransaction({ ...type0Json(), blockHash: null })).path).toBe('transaction.blockHash');
  });

  it.each([
    [type0Json, 'type', '0x3', 'transaction.type'],
    [type0Json, 'type', 0, 'transaction.type'],
    [type0Json, 'v', null, 'transaction.v'],
    [type2Json, 'r', null, 'transaction.r'],
    [type1Json, 'sender', undefined, 'transaction.sender'],
    [type2Json, 'etxGasLimit', undefined, 'transaction.etxGasLimit'],
    [type2Json, 'etxData', '0x1', 'transaction.etxData'],
    [type0Json, 'to', '0x', 'transaction.to'],
    [type0Json, 'input', 'abcd', 'transaction.input'],
    [type0Json, 'hash', h('0'), 'transaction.hash'],
    [type0Json, 'transactionIndex', '0x00', 'transaction.transactionIndex'],
    [type0Json, 'accessList', [{ address: a('11'), storageKeys: ['0x01'] }], 'transaction.accessList[0].storageKeys[0]'],
  ])('%#: rejects a bad %s', (make, key, value, path) => {
    const json = make();
    if (value === undefined) delete json[key];
    else json[key] = value;
    expect(fieldError(() => parseTransaction(json)).path).toBe(path);
  });
});

describe('parseReceipt', () => {
  it('reads a type 2 receipt with a log and an emitted ETX', () => {
    const receipt = parseReceipt(receiptJson());
    expect(receipt.status).toBe('success');
    expect(receipt.type).toBe(2);
    expect(receipt.gasUsed).toBe(21_000n);
    expect(receipt.cumulativeGasUsed).toBe(63_000n);
    expect(receipt.contractAddress).toBeNull();
    expect(receipt.logs[0]?.logIndex).toBe(0);
    expect(receipt.logs[0]?.topics).toEqual([h('dd')]);
    expect(receipt.etxs[0]?.type).toBe(1);
  });

  it('status 0x0 is reverted; a missing etxs is empty; other statuses are rejected', () => {
    const json: Record<string, unknown> = { ...receiptJson(), status: '0x0' };
    delete json.etxs;
    const receipt = parseReceipt(json);
    expect(receipt.status).toBe('reverted');
    expect(receipt.etxs).toEqual([]);
    expect(fieldError(() => parseReceipt({ ...receiptJson(), status: '0x2' })).path).toBe('receipt.status');
  });

  it('names a bad log field', () => {
    const json = receiptJson();
    json.logs = [{ ...(json.logs as Record<string, unknown>[])[0], address: '0xabc' }];
    expect(fieldError(() => parseReceipt(json)).path).toBe('receipt.logs[0].address');
  });
});
