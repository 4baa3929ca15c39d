import type { Metadata } from 'next';
import { ChartsView } from '@/components/charts/ChartsView';
import { searchOf } from '@/lib/routes/params/search-params';
import { zoneChoices } from '@/lib/server/accounts/top-accounts';
import { loadChainStats, parseChainStatsQuery } from '@/lib/server/network/chain-stats';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = { title: 'Charts' };

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

/** A zone's charts per UTC day or per hour, from the index's rollups (lib/server/network/chain-stats.ts). */
export default async function ChartsPage({ searchParams }: Props) {
  const query = parseChainStatsQuery(searchOf(await searchParams));
  const load = query.ok ? await loadChainStats(query.value) : null;
  return <ChartsView zones={zoneChoices()} query={query.ok ? query.value : null} problem={query.ok ? null : query.error} load={load} />;
}
