import { describe, expect, it } from 'vitest';
import type { Hex } from 'viem';
import { transactionHash } from '@/lib/protocol/transaction';
import { h, receiptJson, type0Json, type2Json } from '@/lib/rpc/parse/fixtures';
import { parseReceipt } from '@/lib/rpc/parse/receipt';
import { parseTransaction } from '@/lib/rpc/parse/transaction';
import { checkReceipt, checkTxAnswer, checkTxAtIndex } from './tx-answer';

// The protocol notes' signed type-0 vector: the same fields as type0Json().
const RAW: Hex =
  '0x00f86c82232824843b9aca00847735940482a41094111a8a2ffb1729497e0cfbfc5fa2e2b405e13ba74f80c080a01c2ae1b000172a500f1a7e6e9265264d9ba9e9edd835411bf4233f3f2b05c7d9a01f9e48da332873ea7514b5ffa17febd543a7a9d0ef20651a4b14a394c0333837';
const tx = { ...parseTransaction(type0Json()), hash: transactionHash(RAW) };
const other = parseTransaction(type2Json());

describe('checkTxAnswer', () => {
  it('passes the transaction asked for, with its own raw bytes', () => {
    expect(checkTxAnswer(tx.hash, tx, RAW, null).failed).toEqual([]);
  });

  it('names the hash when the node answers with another transaction', () => {
    const asked = h('11');
    const report = checkTxAnswer(asked, tx, null, null);
    expect(report.failed).toHaveLength(1);
    expect(report.failed[0]).toMatchObject({ field: 'hash', expected: asked, got: tx.hash });
  });

  it('says raw bytes of another transaction are another transaction, naming their hash', () => {
    const report = checkTxAnswer(other.hash, other, RAW, null);
    expect(report.failed.map((c) => c.field)).toEqual(['raw bytes']);
    expect(report.failed[0]?.note).toContain(`another transaction (${tx.hash})`);
  });

  it('skips bytes that are not hex at all (the signature check reports them)', () => {
    expect(checkTxAnswer(tx.hash, tx, '0xzz' as Hex, null).checks.map((c) => c.field)).toEqual(['hash']);
  });
});

describe('checkReceipt', () => {
  const receipt = parseReceipt(receiptJson()); // belongs to type2Json() at index 2 of the fixture block

  it('passes the receipt of the transaction', () => {
    expect(checkReceipt(other, receipt).filter((c) => !c.ok)).toEqual([]);
  });

  it('flags a receipt of another transaction and block', () => {
    const failed = checkReceipt(tx, { ...receipt, blockHash: h('77'), blockNumber: 9n }).filter((c) => !c.ok);
    expect(failed.map((c) => c.field)).toEqual(['receipt transactionHash', 'receipt blockHash', 'receipt blockNumber', 'receipt transactionIndex']);
    expect(failed[0]?.note).toContain("another transaction's");
  });

  it('checks only the transaction hash while the transaction is pending', () => {
    const pending = { ...other, blockHash: null, blockNumber: null, transactionIndex: null };
    expect(checkReceipt(pending, receipt).map((c) => c.field)).toEqual(['receipt transactionHash']);
  });
});

describe('checkTxAtIndex', () => {
  it('passes the transaction the block lists at that index', () => {
    const checks = checkTxAtIndex({ hash: tx.blockHash!, listedHash: tx.hash }, 0, tx, RAW);
    expect(checks.filter((c) => !c.ok)).toEqual([]);
  });

  it('flags another transaction, block or position', () => {
    const failed = checkTxAtIndex({ hash: h('55'), listedHash: other.hash }, 1, tx, null).filter((c) => !c.ok);
    expect(failed.map((c) => c.field)).toEqual(['hash', 'blockHash', 'transactionIndex']);
  });
});
