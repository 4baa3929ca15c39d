import type { Metadata } from 'next';
import { ContractsView } from '@/components/lists/ContractsView';
import { searchOf } from '@/lib/params/list-query';
import { resolveContractList } from '@/lib/server/contract/contract-list';

export const dynamic = 'force-dynamic';

export const metadata: Metadata = { title: 'Verified contracts' };

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

/** `/contracts`: the verified contracts, newest verification first (lib/server/contract/contract-list.ts). */
export default async function ContractsPage({ searchParams }: Props) {
  return <ContractsView verdict={await resolveContractList(searchOf(await searchParams))} />;
}
