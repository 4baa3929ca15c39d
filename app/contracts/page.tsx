import type { Metadata } from 'next';
import { ContractsView } from '@/components/lists/ContractsView';
import { searchOf } from '@/lib/routes/params/list-query';
import { resolveContractList } from '@/lib/server/contracts/contract-list';

export const dynamic = 'force-dynamic';

export const metadata: Metadata = { title: 'Verified contracts' };

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

/** `/contracts`: the verified contracts, newest verification first (lib/server/contracts/contract-list.ts). */
export default async function ContractsPage({ searchParams }: Props) {
  return <ContractsView verdict={await resolveContractList(searchOf(await searchParams))} />;
}
