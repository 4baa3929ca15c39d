/**
 * The token facts a mined transaction's page draws from its receipt: the "Tokens moved" summary
 * and the facts of every token whose amount a log carries, read together. Both go through the
 * process's token-facts cache (lib/server/token), so a token both name costs one read.
 */
import type { TokenFacts } from '@/lib/server/token/load-token-facts';
import { loadLogTokenFacts, loadTokenMoves, type TokenMoves } from './load-token-moves';
import type { TxPageData } from './load-tx';

export interface ReceiptTokens {
  /** The receipt's token transfers, the first MOVES_ON_PAGE in log order, and how many in all; none without a receipt. */
  readonly moves: TokenMoves;
  /** Keyed by lower-case token address, for the log list's amounts. */
  readonly logTokens: ReadonlyMap<string, TokenFacts>;
}

const NONE: ReceiptTokens = { moves: { shown: [], total: 0 }, logTokens: new Map() };

/** Nothing to read while the transaction is pending, or when the node served no receipt. */
export async function loadReceiptTokens(data: TxPageData): Promise<ReceiptTokens> {
  const receipt = data.receipt.served ? data.receipt.value : null;
  if (!receipt) return NONE;
  const [moves, logTokens] = await Promise.all([loadTokenMoves(data.chain, receipt), loadLogTokenFacts(data.chain, receipt)]);
  return { moves, logTokens };
}
