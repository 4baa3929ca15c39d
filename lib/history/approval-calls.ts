/**
 * The calls an approval is read and revoked with: ERC-20's `allowance(owner, spender)` and
 * `approve(spender, 0)`, ERC-721 / ERC-1155's `isApprovedForAll(owner, operator)` and
 * `setApprovalForAll(operator, false)`. Browser-safe: the server reads with the first pair, the
 * Approvals tab's Revoke button sends the second through the reader's wallet.
 */
import { encodeFunctionData, parseAbi, type Address, type Hex } from 'viem';
import type { ApprovalKind } from '@/lib/decode/token-approvals';

export const APPROVAL_ABI = parseAbi([
  'function allowance(address owner, address spender) view returns (uint256)',
  'function approve(address spender, uint256 value) returns (bool)',
  'function isApprovedForAll(address owner, address operator) view returns (bool)',
  'function setApprovalForAll(address operator, bool approved)',
]);

/** Calldata that reads what `owner` has approved `spender` for now. */
export function approvalReadCall(kind: ApprovalKind, owner: Address, spender: Address): Hex {
  return kind === 'allowance'
    ? encodeFunctionData({ abi: APPROVAL_ABI, functionName: 'allowance', args: [owner, spender] })
    : encodeFunctionData({ abi: APPROVAL_ABI, functionName: 'isApprovedForAll', args: [owner, spender] });
}

/** Calldata that takes the approval back: an allowance of 0, or the operator no longer approved. */
export function revokeCall(kind: ApprovalKind, spender: Address): Hex {
  return kind === 'allowance'
    ? encodeFunctionData({ abi: APPROVAL_ABI, functionName: 'approve', args: [spender, 0n] })
    : encodeFunctionData({ abi: APPROVAL_ABI, functionName: 'setApprovalForAll', args: [spender, false] });
}

/** What revokeCall sends, in words: `approve(spender, 0)` or `setApprovalForAll(operator, false)`. */
export function revokeText(kind: ApprovalKind): string {
  return kind === 'allowance' ? 'approve(spender, 0)' : 'setApprovalForAll(operator, false)';
}
