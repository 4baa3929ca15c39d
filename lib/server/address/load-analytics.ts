/**
 * The address page's Analytics tab: its native balance through time (the balance pass's changes:
 * the chart's newest points and a page of them with each block), how far the balance pass of its
 * zone is, and for the tokens it moved most recently their balance over time from its transfers.
 * All from the index (no node read), shared per index version; why not, when there is none.
 */
import type { Address } from 'viem';
import { zoneOf } from '@/lib/protocol/chains';
import type { TokenStandard } from '@/lib/decode/token-transfers';
import { BadCursorError } from '@/lib/index/readers/paging/page-cursor';
import { balanceHistoryPage, balanceProgress, balanceSeries, type BalanceChangeItem, type BalanceChangePage } from '@/lib/index/readers/balance-reader';
import { addressTokens } from '@/lib/index/readers/tokens/token-holdings-reader';
import { tokenBalanceSeries, type TokenBalancePoint } from '@/lib/index/readers/tokens/token-balance-reader';
import { readPerVersion } from '@/lib/server/index/index-version';
import { indexAvailability } from '@/lib/server/index/index-service';

/** Points of the balance chart at most (its newest changes). */
export const CHART_POINTS = 500;
/** Tokens charted at most (the most recently moved), and points per token. */
const TOKENS = 4;
const TOKEN_POINTS = 200;

export interface TokenSeries {
  readonly token: Address;
  readonly standard: TokenStandard;
  readonly tokenId: bigint | null;
  readonly symbol: string | null;
  readonly decimals: number | null;
  readonly points: readonly TokenBalancePoint[];
}

export type AnalyticsLoad =
  | {
      readonly kind: 'ok';
      /** The chart's points, oldest first. */
      readonly series: readonly BalanceChangeItem[];
      /** A page of the changes, newest first (the table). */
      readonly page: BalanceChangePage;
      /** The last block of the zone whose balance changes are all written; null before the first. */
      readonly completeThrough: bigint | null;
      readonly tokens: readonly TokenSeries[];
    }
  | { readonly kind: 'unavailable'; readonly state: 'off' | 'starting' | 'unavailable'; readonly reason: string }
  | { readonly kind: 'bad-cursor'; readonly message: string };

export async function loadAnalytics(address: Address, options: { limit: number; cursor: string | null }): Promise<AnalyticsLoad> {
  const index = await indexAvailability();
  if (index.state !== 'ready') return { kind: 'unavailable', state: index.state, reason: index.reason };
  const a = address.toLowerCase() as Address;
  try {
    return await readPerVersion(index, `analytics:${a}:${options.limit}:${options.cursor ?? ''}`, async () => {
      const [series, page, progress, touched] = await Promise.all([
        balanceSeries(index.db, a, CHART_POINTS),
        balanceHistoryPage(index.db, a, options),
        balanceProgress(index.db),
        addressTokens(index.db, a, TOKENS),
      ]);
      const facts = touched.length === 0 ? [] : await index.db.query(
        `SELECT '0x' || encode(token, 'hex') AS token, symbol, decimals FROM tokens WHERE token = ANY($1::bytea[])`,
        [touched.map((t) => `\\x${t.token.slice(2)}`)],
      );
      const factOf = new Map(facts.map((f) => [String(f.token), f]));
      const tokens = await Promise.all(touched.map(async (t): Promise<TokenSeries> => {
        const f = factOf.get(t.token.toLowerCase());
        return {
          token: t.token, standard: t.standard, tokenId: t.tokenId,
          symbol: f && typeof f.symbol === 'string' ? f.symbol : null,
          decimals: f && f.decimals !== null && f.decimals !== undefined ? Number(f.decimals) : null,
          points: await tokenBalanceSeries(index.db, a, t.token, t.tokenId, TOKEN_POINTS),
        };
      }));
      return { kind: 'ok', series, page, completeThrough: progress.get(zoneOf(a).name)?.complete ?? null, tokens } as const;
    });
  } catch (error) {
    if (error instanceof BadCursorError) return { kind: 'bad-cursor', message: error.message };
    return { kind: 'unavailable', state: 'unavailable', reason: `the index did not answer: ${(error as Error).message}` };
  }
}
