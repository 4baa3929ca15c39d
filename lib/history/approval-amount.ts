/**
 * An approval's amount in words: an allowance in the token's units ("1.5 SDT"), "unlimited" for
 * the largest uint256 (what "approve max" sets), the raw integer when the token's decimals are
 * unknown; an operator approval is all the owner's tokens of that contract. Pure and browser-safe.
 */
import type { ApprovalKind } from '@/lib/decode/token-approvals';
import { formatInteger, formatTokenAmount } from '@/lib/text/format';

export const MAX_UINT256 = 2n ** 256n - 1n;

export function approvalAmountText(kind: ApprovalKind, amount: bigint, token: { readonly symbol: string | null; readonly decimals: number | null }): string {
  if (kind === 'operator') return amount > 0n ? 'all tokens (operator)' : 'not approved';
  if (amount === MAX_UINT256) return 'unlimited';
  const unit = token.symbol ? ` ${token.symbol}` : '';
  if (token.decimals === null) return `${formatInteger(amount)}${unit} (smallest units: the token does not say its decimals)`;
  return `${formatTokenAmount(amount, token.decimals, token.decimals)}${unit}`;
}
