import { describe, expect, it } from 'vitest';
import { parseReceipt } from '@/lib/rpc/parse/receipt';
import { parseTransaction } from '@/lib/rpc/parse/transaction';
import { receiptJson, type0Json } from '@/lib/rpc/parse/fixtures';
import type { CallFrame } from '@/lib/rpc/trace-types';
import { checkTraceRoot } from './trace-call';

const tx = parseTransaction(type0Json());
const receipt = { ...parseReceipt(receiptJson()), gasUsed: 21_000n, status: 'success' as const };
const root: CallFrame = {
  type: 'CALL', from: tx.from, to: tx.to, value: tx.value, gas: tx.gas, gasUsed: 21_000n, input: tx.input, output: '0x',
  error: null, revertReason: null, calls: [], logs: [],
};

describe('checkTraceRoot', () => {
  it('passes a root frame that is the transaction, with the receipt’s gas', () => {
    expect(checkTraceRoot(root, tx, receipt).filter((c) => !c.ok)).toEqual([]);
  });

  it('names each field where the trace is not of this transaction', () => {
    const failed = checkTraceRoot({ ...root, from: `0x${'99'.repeat(20)}`, value: 5n, input: '0x1234', gasUsed: 30_000n }, tx, receipt).filter((c) => !c.ok);
    expect(failed.map((c) => c.field)).toEqual(['trace from', 'trace value', 'trace input', 'trace gasUsed']);
    expect(failed[3]).toMatchObject({ expected: '21000 (the receipt\'s gasUsed)', got: '30000' });
  });

  it('expects an error on the root exactly when the receipt says reverted', () => {
    const failed = checkTraceRoot(root, tx, { ...receipt, status: 'reverted' }).filter((c) => !c.ok);
    expect(failed.map((c) => c.field)).toEqual(['trace error']);
  });

  it('a creation: a CREATE frame at the receipt’s contract address', () => {
    const creation = { ...tx, to: null };
    const created = `0x${'c0'.repeat(20)}` as const;
    const ok = checkTraceRoot({ ...root, type: 'CREATE', to: created }, creation, { ...receipt, contractAddress: created });
    expect(ok.filter((c) => !c.ok)).toEqual([]);
    const wrong = checkTraceRoot({ ...root, type: 'CALL', to: created }, creation, { ...receipt, contractAddress: created });
    expect(wrong.filter((c) => !c.ok).map((c) => c.field)).toEqual(['trace type']);
  });
});
