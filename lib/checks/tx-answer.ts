/**
 * A transaction answer checked against the question: by hash, the transaction has that hash and
 * its raw bytes (when served) hash to it; by block and index, it is the one the block lists at
 * that index and names that block. A receipt must belong to its transaction and block.
 */
import type { Hex } from 'viem';
import { transactionHash } from '@/lib/protocol/transaction';
import type { Hash, Receipt, Transaction } from '@/lib/rpc/domain';
import { answerReport, check, sameHex, type AnswerCheck, type AnswerReport } from './answer';

/** keccak256 of the raw bytes, or undefined when they are not bytes at all. */
function rawHash(raw: Hex): Hex | undefined {
  try {
    return transactionHash(raw);
  } catch {
    return undefined;
  }
}

/** The transaction's hash against the one asked, and its raw bytes' hash against both. */
export function checkTxByHash(asked: Hash, tx: Transaction, raw: Hex | null): AnswerCheck[] {
  const checks: AnswerCheck[] = [];
  const same = sameHex(tx.hash, asked);
  checks.push(check('hash', asked, tx.hash, same, same ? undefined : `Asked for transaction ${asked}; the node answered with transaction ${tx.hash}.`));
  if (raw !== null) checks.push(...checkRaw(asked, raw));
  return checks;
}

/** The raw bytes must hash to the transaction asked for; otherwise they are another transaction. */
export function checkRaw(expected: Hash, raw: Hex): AnswerCheck[] {
  const hashed = rawHash(raw);
  if (hashed === undefined) return [];
  const ok = sameHex(hashed, expected);
  return [
    check(
      'raw bytes',
      `bytes that hash to ${expected}`,
      `bytes that hash to ${hashed}`,
      ok,
      ok ? undefined : `The raw bytes are another transaction (${hashed}): every field recomputed from them differs for that reason.`,
    ),
  ];
}

/** A transaction fetched by block and index: the one the block lists there, naming that block. */
export function checkTxAtIndex(block: { readonly hash: Hash; readonly listedHash: Hash }, index: number, tx: Transaction, raw: Hex | null): AnswerCheck[] {
  const checks: AnswerCheck[] = [];
  const same = sameHex(tx.hash, block.listedHash);
  checks.push(check('hash', `${block.listedHash} (listed at index ${index})`, tx.hash, same, same ? undefined : `The block lists ${block.listedHash} at index ${index}; the node answered with ${tx.hash}.`));
  if (tx.blockHash !== null) checks.push(check('blockHash', block.hash, tx.blockHash, sameHex(tx.blockHash, block.hash)));
  if (tx.transactionIndex !== null) checks.push(check('transactionIndex', String(index), String(tx.transactionIndex), tx.transactionIndex === index));
  if (raw !== null) checks.push(...checkRaw(block.listedHash, raw));
  return checks;
}

/** A receipt belongs to its transaction (hash) and to the block and position the transaction names. */
export function checkReceipt(tx: Transaction, receipt: Receipt): AnswerCheck[] {
  const checks: AnswerCheck[] = [];
  const same = sameHex(receipt.transactionHash, tx.hash);
  checks.push(
    check(
      'receipt transactionHash',
      tx.hash,
      receipt.transactionHash,
      same,
      same ? undefined : `The receipt is another transaction's (${receipt.transactionHash}): its status, gas and logs are not this transaction's.`,
    ),
  );
  if (tx.blockHash !== null) {
    checks.push(check('receipt blockHash', tx.blockHash, receipt.blockHash, sameHex(receipt.blockHash, tx.blockHash)));
  }
  if (tx.blockNumber !== null) {
    checks.push(check('receipt blockNumber', tx.blockNumber.toString(), receipt.blockNumber.toString(), receipt.blockNumber === tx.blockNumber));
  }
  if (tx.transactionIndex !== null) {
    checks.push(
      check('receipt transactionIndex', String(tx.transactionIndex), String(receipt.transactionIndex), receipt.transactionIndex === tx.transactionIndex),
    );
  }
  return checks;
}

/** The transaction page's report: the transaction against the question, and its receipt against it. */
export function checkTxAnswer(asked: Hash, tx: Transaction, raw: Hex | null, receipt: Receipt | null): AnswerReport {
  return answerReport([...checkTxByHash(asked, tx, raw), ...(receipt ? checkReceipt(tx, receipt) : [])]);
}
