import type { Metadata } from 'next';
import { AccountsView } from '@/components/accounts/AccountsView';
import { resolveAccounts } from '@/lib/server/accounts/top-accounts';
import { routeData } from '@/lib/server/pipeline/route-data';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = { title: 'Top accounts' };

/** A zone's accounts by balance, richest first, from the index, as its resolver found them (lib/server/accounts/top-accounts.ts). */
export default async function AccountsPage() {
  const { zones, query, problem, load } = await routeData(resolveAccounts);
  return <AccountsView zones={zones} query={query} problem={problem} load={load} />;
}
