/**
 * GET /api/v1/tokens?q=&sort=<holders|transfers>&standard=&limit=&cursor=: the tokens the index
 * has seen (lib/server/token/token-list.ts decides).
 * Its resolver: resolveTokensApi (lib/server/token/token-list.ts).
 */
import { routeAnswer } from '@/lib/server/pipeline/route-data';
import { resolveTokensApi } from '@/lib/server/token/token-list';

export const dynamic = 'force-dynamic';

export function GET() {
  return routeAnswer(resolveTokensApi);
}
