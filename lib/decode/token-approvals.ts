/**
 * An approval in a log: an ERC-20 `Approval` (an allowance set to an amount) or an
 * `ApprovalForAll` (an ERC-721 or ERC-1155 operator allowed or no longer allowed), decoded with
 * decodeLog, the function the transaction page uses. The index's token_approvals rows are built
 * from this, one per log.
 *
 * ERC-721's per-token `Approval` (four topics) is left out: it names one token, moves with the
 * token and is cleared by a transfer without an event, so it is no standing approval to list.
 */
import type { Address } from 'viem';
import { decodeLog, eventTopic, type LogInput } from './events';

/** topic0 of the logs that may be approvals: any other log is no approval, and is not decoded (the indexer asks this of every log). */
const APPROVAL_TOPICS: ReadonlySet<string> = new Set([eventTopic('erc20-approval'), eventTopic('approval-for-all')]);

export type ApprovalKind = 'allowance' | 'operator';

export interface TokenApproval {
  readonly kind: ApprovalKind;
  /** The token contract (the log's emitter). */
  readonly token: Address;
  readonly owner: Address;
  /** The spender of an allowance, the operator of an approval for all. */
  readonly spender: Address;
  /** The allowance set (ERC-20), in the token's smallest unit; 1 or 0 for an operator approved or not. */
  readonly amount: bigint;
}

/** The approval `log` sets, or null for any other log (a malformed one included). */
export function approvalOf(log: LogInput): TokenApproval | null {
  if (!APPROVAL_TOPICS.has(log.topics[0]?.toLowerCase() ?? '')) return null;
  const decoded = decodeLog(log);
  if (!decoded.decoded) return null;
  const { event } = decoded;
  if (event.key === 'erc20-approval') {
    const { owner, spender, value } = event.args;
    return { kind: 'allowance', token: event.address, owner, spender, amount: value };
  }
  if (event.key === 'approval-for-all') {
    const { owner, operator, approved } = event.args;
    return { kind: 'operator', token: event.address, owner, spender: operator, amount: approved ? 1n : 0n };
  }
  return null;
}
