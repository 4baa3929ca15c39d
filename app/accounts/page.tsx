import type { Metadata } from 'next';
import { AccountsView } from '@/components/accounts/AccountsView';
import { searchOf } from '@/lib/routes/params/search-params';
import { loadTopAccounts, parseAccountsQuery, zoneChoices } from '@/lib/server/accounts/top-accounts';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = { title: 'Top accounts' };

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

/** A zone's accounts by balance, richest first, from the index (lib/server/accounts/top-accounts.ts). */
export default async function AccountsPage({ searchParams }: Props) {
  const query = parseAccountsQuery(searchOf(await searchParams));
  const load = query.ok ? await loadTopAccounts(query.value) : null;
  return <AccountsView zones={zoneChoices()} query={query.ok ? query.value : null} problem={query.ok ? null : query.error} load={load} />;
}
