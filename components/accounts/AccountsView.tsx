import Link from 'next/link';
import { IndexUnavailable } from '@/components/token/IndexUnavailable';
import { DataTable } from '@/components/ui/layout/DataTable';
import { BadPageLink, KeysetPager } from '@/components/ui/layout/KeysetPages';
import { Address } from '@/components/ui/values/Address';
import { Amount } from '@/components/ui/values/Amount';
import { getChain, type ChainName } from '@/lib/protocol/chains';
import type { AccountsJson } from '@/lib/history/balance-json';
import type { AccountsLoad, AccountsQuery } from '@/lib/server/accounts/top-accounts';
import { urls } from '@/lib/routes/urls';
import { ZonePicker } from './ZonePicker';

/** A share of the total as a percentage, with as many decimals as a small one needs. */
function percent(share: number): string {
  const p = share * 100;
  return `${p.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: p < 0.01 ? 6 : 4 })} %`;
}

/**
 * The top accounts of a zone: who holds the most, as of the block the index has every balance
 * change of (stated, and linked), with each account's share of what the index holds and its
 * transactions. Paged by keyset ("Older" is "Next": poorer accounts).
 */
export function AccountsView({ zones, query, problem, load }: {
  zones: readonly { readonly name: ChainName; readonly label: string }[];
  query: AccountsQuery | null;
  problem: string | null;
  load: AccountsLoad | null;
}) {
  const chain = query?.chain ?? null;
  return (
    <div className="space-y-6">
      <header className="space-y-2">
        <h1 className="text-xl font-semibold">Top accounts{chain ? ` of ${getChain(chain).label}` : ''}</h1>
        <p className="max-w-3xl text-sm text-muted">
          Native balances as the index&apos;s balance pass read them from the node, block by block: every account whose balance it has seen change,
          richest first, each balance as of the block stated.
        </p>
        <ZonePicker zones={zones} current={chain} href={(zone) => urls.accounts(zone)} label="Zone" />
      </header>
      {problem ? <p role="alert" className="rounded-lg border border-bad/40 bg-surface p-4 text-sm">{problem}</p> : null}
      {load && chain ? <AccountsBody chain={chain} load={load} paged={Boolean(query?.cursor)} /> : null}
    </div>
  );
}

function AccountsBody({ chain, load, paged }: { chain: ChainName; load: AccountsLoad; paged: boolean }) {
  if (load.kind === 'unavailable') return <IndexUnavailable state={load.state} reason={load.reason} testId="accounts-unavailable" />;
  if (load.kind === 'bad-cursor') return <BadPageLink problem={load.message} newestHref={urls.accounts(chain)} />;
  const page = load.page;
  return (
    <section className="card" data-testid="accounts">
      <AccountsSummary chain={chain} page={page} />
      {page.items.length === 0 ? (
        <p className="p-4 text-sm text-muted">
          {paged ? 'No more accounts.' : 'The index holds no balance of this zone yet (its balance pass may still be catching up).'}
        </p>
      ) : (
        <DataTable caption={`Top accounts of ${getChain(chain).label}`} className="w-full text-sm" testId="accounts-table">
          <thead className="text-left text-xs text-muted">
            <tr className="border-b border-border">
              <th scope="col" className="px-4 py-2 font-medium">Rank</th>
              <th scope="col" className="px-4 py-2 font-medium">Address</th>
              <th scope="col" className="px-4 py-2 text-right font-medium">Balance</th>
              <th scope="col" className="px-4 py-2 text-right font-medium">Share</th>
              <th scope="col" className="px-4 py-2 text-right font-medium">Transactions</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-border">
            {page.items.map((a) => (
              <tr key={a.address} data-testid="account-row" data-address={a.address} data-balance={a.balance}>
                <td className="px-4 py-2 tabular-nums text-muted">{a.rank}</td>
                <td className="px-4 py-2"><Address address={a.address} /></td>
                <td className="whitespace-nowrap px-4 py-2 text-right"><Amount wei={BigInt(a.balance)} /></td>
                <td className="whitespace-nowrap px-4 py-2 text-right tabular-nums">{percent(a.share)}</td>
                <td className="px-4 py-2 text-right tabular-nums">{BigInt(a.transactions).toLocaleString('en-US')}</td>
              </tr>
            ))}
          </tbody>
        </DataTable>
      )}
      <KeysetPager label="Account pages" paged={paged} newestHref={urls.accounts(chain)} olderHref={page.next ? urls.accounts(chain, page.next) : null} olderTestId="accounts-older" />
    </section>
  );
}

function AccountsSummary({ chain, page }: { chain: ChainName; page: AccountsJson }) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-2 border-b border-border px-4 py-2 text-sm" data-testid="accounts-summary">
      <p>
        {BigInt(page.accounts).toLocaleString('en-US')} accounts hold <Amount wei={BigInt(page.total)} />
        {page.blockNumber !== null ? (
          <>
            {' '}as of block{' '}
            <Link href={urls.block(chain, page.blockNumber)} prefetch={false} data-testid="accounts-block">#{BigInt(page.blockNumber).toLocaleString('en-US')}</Link>
          </>
        ) : null}
      </p>
      <a href={urls.api.accounts(chain)} className="text-xs">JSON</a>
    </div>
  );
}
