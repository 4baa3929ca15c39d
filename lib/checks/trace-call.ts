/**
 * A callTracer trace against what the node said about the same transaction elsewhere: the root
 * frame is the transaction (sender, recipient or created contract, value, input), and its gasUsed
 * is the receipt's. Pure; named like every other answer check (field, expected, got).
 */
import type { Receipt, Transaction } from '@/lib/rpc/domain';
import type { CallFrame } from '@/lib/rpc/trace-types';
import { check, sameHex, type AnswerCheck } from './answer';

const short = (hex: string): string => (hex.length > 74 ? `${hex.slice(0, 74)}… (${(hex.length - 2) / 2} bytes)` : hex);

/** The root frame against the transaction; `receipt` (when served) for gasUsed and a created contract. */
export function checkTraceRoot(root: CallFrame, tx: Transaction, receipt: Receipt | null): AnswerCheck[] {
  const checks: AnswerCheck[] = [];
  // A type 1 (ETX) is made by the protocol: its `from` is the zero address, the account is `sender`.
  const from = tx.type === 1 ? tx.sender : tx.from;
  checks.push(check('trace from', from, root.from, sameHex(root.from, from)));
  if (tx.to === null) {
    const creates = root.type === 'CREATE' || root.type === 'CREATE2';
    checks.push(check('trace type', 'CREATE (the transaction creates a contract)', root.type, creates));
    const created = receipt?.contractAddress ?? null;
    if (created !== null && root.to !== null) {
      checks.push(check('trace to', `${created} (the receipt's contractAddress)`, root.to, sameHex(root.to, created)));
    }
  } else {
    checks.push(check('trace to', tx.to, root.to ?? 'none', sameHex(root.to, tx.to)));
  }
  const value = root.value ?? 0n;
  checks.push(check('trace value', `${tx.value} wei`, `${value} wei`, value === tx.value));
  checks.push(
    check('trace input', short(tx.input), short(root.input), sameHex(root.input, tx.input), sameHex(root.input, tx.input) ? undefined : 'The traced call carries other calldata than the transaction: the node traced another transaction.'),
  );
  if (receipt) {
    const ok = root.gasUsed === receipt.gasUsed;
    checks.push(check('trace gasUsed', `${receipt.gasUsed} (the receipt's gasUsed)`, String(root.gasUsed), ok, ok ? undefined : 'The re-executed transaction used other gas than the receipt records.'));
    // A failed transaction's root frame carries its error; a successful one none.
    const failed = root.error !== null;
    const reverted = receipt.status === 'reverted';
    checks.push(check('trace error', reverted ? 'an error (the receipt says reverted)' : 'none (the receipt says success)', root.error ?? 'none', failed === reverted));
  }
  return checks;
}
