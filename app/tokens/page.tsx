import type { Metadata } from 'next';
import { TokensView } from '@/components/lists/TokensView';
import { routeData } from '@/lib/server/pipeline/route-data';
import { resolveTokensPage } from '@/lib/server/token/token-list';

export const dynamic = 'force-dynamic';

export const metadata: Metadata = { title: 'Tokens' };

/** `/tokens`: the tokens the index has seen, as its resolver found them (lib/server/token/token-list.ts). */
export default async function TokensPage() {
  return <TokensView verdict={await routeData(resolveTokensPage)} />;
}
