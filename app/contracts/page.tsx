import type { Metadata } from 'next';
import { ContractsView } from '@/components/lists/ContractsView';
import { resolveContractsPage } from '@/lib/server/contracts/contract-list';
import { routeData } from '@/lib/server/pipeline/route-data';

export const dynamic = 'force-dynamic';

export const metadata: Metadata = { title: 'Verified contracts' };

/** `/contracts`: the verified contracts, newest verification first, as its resolver found them (lib/server/contracts/contract-list.ts). */
export default async function ContractsPage() {
  return <ContractsView verdict={await routeData(resolveContractsPage)} />;
}
