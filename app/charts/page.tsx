import type { Metadata } from 'next';
import { ChartsView } from '@/components/charts/ChartsView';
import { routeData } from '@/lib/server/pipeline/route-data';
import { resolveCharts } from '@/lib/server/network/chain-stats';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = { title: 'Charts' };

/** A zone's charts per UTC day or per hour, from the index's rollups, as its resolver found them (lib/server/network/chain-stats.ts). */
export default async function ChartsPage() {
  const { zones, query, problem, load } = await routeData(resolveCharts);
  return <ChartsView zones={zones} query={query} problem={problem} load={load} />;
}
