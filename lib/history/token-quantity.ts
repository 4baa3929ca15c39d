/**
 * How much of a token a transfer moved or a holder holds, as text for the pages: ERC-20 in the
 * token's decimals ("1,234.5"), raw units when the token does not answer decimals(); ERC-721 as
 * the token id ("#7") or, for a balance, a count ("2 tokens"); ERC-1155 as "5 × id 3".
 * Browser-safe and pure.
 */
import type { TokenStandard } from '@/lib/decode/token-transfers';
import { formatInteger, formatTokenAmount, plural } from '@/lib/text/format';

export interface Quantity {
  /** The figure to draw. */
  readonly text: string;
  /** The exact amount in the token's smallest unit, for a tooltip. */
  readonly exact: string;
  /** True when `text` is in raw units because the token's decimals are not known. */
  readonly raw: boolean;
}

/** A transfer's amount: ERC-721 moves one token, named by its id. */
export function transferQuantity(standard: TokenStandard, amount: bigint, decimals: number | null, tokenId: bigint | null): Quantity {
  const exact = `${formatInteger(amount)} raw units`;
  if (standard === 'ERC-721') return { text: `#${tokenId?.toString() ?? '?'}`, exact: `token id ${tokenId?.toString() ?? 'unknown'}`, raw: false };
  if (standard === 'ERC-1155') return { text: `${formatInteger(amount)} × id ${tokenId?.toString() ?? '?'}`, exact, raw: false };
  return decimals === null ? { text: formatInteger(amount), exact, raw: true } : { text: formatTokenAmount(amount, decimals), exact: `${exact} (${decimals} decimals)`, raw: false };
}

/** A balance: ERC-721's balanceOf counts tokens; ERC-1155's is one id's amount. */
export function balanceQuantity(standard: TokenStandard | null, balance: bigint, decimals: number | null, tokenId: bigint | null): Quantity {
  const exact = `${formatInteger(balance)} raw units`;
  if (standard === 'ERC-721') return { text: plural(balance, 'token'), exact, raw: false };
  if (standard === 'ERC-1155') return { text: `${formatInteger(balance)} of id ${tokenId?.toString() ?? '?'}`, exact, raw: false };
  return decimals === null ? { text: formatInteger(balance), exact, raw: true } : { text: formatTokenAmount(balance, decimals), exact: `${exact} (${decimals} decimals)`, raw: false };
}
