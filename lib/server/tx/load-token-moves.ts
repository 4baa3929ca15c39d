/**
 * The "tokens moved" summary of a mined transaction: the token transfers among its receipt's
 * logs (lib/decode), each with its token's name, symbol and decimals read at the transaction's
 * block (lib/server/token, cached forever per token). The page draws the first MOVES_ON_PAGE and
 * the first logs (logsToDraw, lib/decode/log-page.ts): only their tokens are read.
 */
import type { Chain } from '@/lib/protocol/chains';
import { decodeLog } from '@/lib/decode/events';
import { hasTokenAmount } from '@/lib/decode/token-units';
import { tokensOf, tokenTransfersOf, type TokenTransfer } from '@/lib/decode/token-transfers';
import { logsToDraw, MOVES_ON_PAGE } from '@/lib/decode/log-page';
import type { Receipt } from '@/lib/rpc/domain';
import { tokenFactsMany, type TokenFacts } from '@/lib/server/token/load-token-facts';

export interface TokenMove extends TokenTransfer {
  /** null when the token's facts could not be read (the node failed); see TokenFacts for refusals. */
  readonly facts: TokenFacts | null;
}

export interface TokenMoves {
  /** The first MOVES_ON_PAGE, in log order. */
  readonly shown: readonly TokenMove[];
  /** All of the receipt's token transfers. */
  readonly total: number;
}

export async function loadTokenMoves(chain: Chain, receipt: Receipt): Promise<TokenMoves> {
  const transfers = tokenTransfersOf(receipt.logs);
  if (transfers.length === 0) return { shown: [], total: 0 };
  const shown = transfers.slice(0, MOVES_ON_PAGE);
  const facts = await tokenFactsMany(chain, tokensOf(shown), receipt.blockNumber);
  return { shown: shown.map((t) => ({ ...t, facts: facts.get(t.token.toLowerCase()) ?? null })), total: transfers.length };
}

/**
 * The facts of every token whose amount a drawn log carries (ERC-20 Transfer and Approval,
 * WETH Deposit and Withdrawal), keyed by lower-case address: the log list shows amounts in
 * the token's units. Shares the cache with the summary above, so it costs no second read.
 */
export async function loadLogTokenFacts(chain: Chain, receipt: Receipt): Promise<ReadonlyMap<string, TokenFacts>> {
  const tokens = new Map<string, TokenTransfer['token']>();
  for (const log of receipt.logs.slice(0, logsToDraw(receipt.logs))) {
    const decoded = decodeLog(log);
    if (decoded.decoded && hasTokenAmount(decoded.event)) tokens.set(decoded.event.address.toLowerCase(), decoded.event.address);
  }
  if (tokens.size === 0) return new Map();
  return tokenFactsMany(chain, [...tokens.values()], receipt.blockNumber);
}
