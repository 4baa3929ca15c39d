import type { Metadata } from 'next';
import { TokensView } from '@/components/lists/TokensView';
import { searchOf } from '@/lib/routes/params/list-query';
import { resolveTokenList } from '@/lib/server/token/token-list';

export const dynamic = 'force-dynamic';

export const metadata: Metadata = { title: 'Tokens' };

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

/** `/tokens`: the tokens the index has seen (lib/server/token/token-list.ts). */
export default async function TokensPage({ searchParams }: Props) {
  return <TokensView verdict={await resolveTokenList(searchOf(await searchParams))} />;
}
