/**
 * The verdict of a trace, as the tx page's Trace tab shows it: the answer checks of
 * lib/checks/trace-call.ts and the post-state check of lib/checks/trace-state.ts together.
 */
import type { AnswerReport } from './answer';

/** How the post state of the accounts a transaction touched was checked against the node's proofs. */
export type PostStateCheck =
  | { readonly checked: true; readonly accounts: number; readonly slots: number }
  | { readonly checked: false; readonly reason: string };

/**
 * The verdict of a trace against what the node said elsewhere (trace-call.ts, trace-state.ts): the root
 * call against the transaction (from, to, value, input), its gasUsed against the receipt's, and
 * for the last transaction of a block the post state against `getProof` at that block. Failed
 * checks are named like every other answer check (field, expected, got).
 */
export interface TraceVerdict {
  readonly report: AnswerReport;
  readonly postState: PostStateCheck;
}
