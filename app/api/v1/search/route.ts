/**
 * GET /api/v1/search?q= — search's suggestions in groups (lib/server/search/suggest.ts):
 * `{ query, items: [{ kind, title, url, detail?, chain?, address? }], notes }`. 400 without q.
 * Its resolver: lib/server/search/resolve-search.ts.
 */
import { routeAnswer } from '@/lib/server/pipeline/route-data';
import { resolveSearchApi } from '@/lib/server/search/resolve-search';

export const dynamic = 'force-dynamic';

export function GET() {
  return routeAnswer(resolveSearchApi);
}
