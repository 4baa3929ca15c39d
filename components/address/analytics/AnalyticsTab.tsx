import Link from 'next/link';
import { formatUnits } from 'viem';
import { CheckInBrowser } from '@/components/evidence/CheckInBrowser';
import { IndexUnavailable } from '@/components/token/IndexUnavailable';
import { DataTable } from '@/components/ui/layout/DataTable';
import { BadPageLink, KeysetPager } from '@/components/ui/layout/KeysetPages';
import { Address } from '@/components/ui/values/Address';
import { Age } from '@/components/ui/values/Age';
import { Amount } from '@/components/ui/values/Amount';
import type { Chain } from '@/lib/protocol/chains';
import { evidenceQuery } from '@/lib/routes/params/evidence-params';
import type { AnalyticsLoad, TokenSeries } from '@/lib/server/address/load-analytics';
import { urls } from '@/lib/routes/urls';
import { BalanceChartLazy, TokenBalanceChartLazy } from './ChartsLazy';

/** A signed wei difference, as "+1.5 QUAI" / "−0.2 QUAI". */
function Delta({ wei }: { wei: bigint }) {
  const sign = wei < 0n ? '\u2212' : '+';
  return (
    <span className={`inline-flex gap-1 ${wei < 0n ? 'text-warn' : 'text-ok'}`}>
      <span aria-hidden="true">{sign}</span>
      <span className="sr-only">{wei < 0n ? 'down' : 'up'}</span>
      <Amount wei={wei < 0n ? -wei : wei} />
    </span>
  );
}

/**
 * The Analytics tab: the address's native balance through time (a point per change, read by the
 * index's balance pass from the node at each block), each change with its block and "Check in
 * this browser" for the account's proof at that block; and the balances of the tokens it moved
 * most recently, from their transfers.
 */
export function AnalyticsTab({ address, zone, load, paged }: { address: string; zone: Chain; load: AnalyticsLoad; paged: boolean }) {
  if (load.kind === 'unavailable') return <IndexUnavailable state={load.state} reason={load.reason} testId="analytics-unavailable" />;
  if (load.kind === 'bad-cursor') return <BadPageLink problem={load.message} newestHref={urls.addressAnalytics(address)} />;
  const { series, page, completeThrough, tokens } = load;
  return (
    <div className="space-y-6">
      <section className="card" data-testid="balance-history">
        <div className="flex flex-wrap items-center justify-between gap-2 border-b border-border px-4 py-2 text-sm">
          <h2 className="font-semibold">Balance through time</h2>
          <a href={urls.api.balanceHistory(address)} className="text-xs">JSON</a>
        </div>
        <p className="px-4 pt-2 text-xs text-muted" data-testid="balance-through">
          Every change of the balance the index read from the {zone.label} node, block by block
          {completeThrough !== null ? <>, complete through block <Link href={urls.block(zone.name, completeThrough)} prefetch={false}>#{completeThrough.toLocaleString('en-US')}</Link></> : ' (the balance pass has completed no block of this zone yet)'}.
        </p>
        {series.length === 0 ? (
          <p className="p-4 text-sm text-muted">The index holds no change of this address&apos;s balance.</p>
        ) : (
          <div className="p-4" role="group" aria-label={`Balance of the address through time: ${series.length} changes, the newest ${series.at(-1)?.balance === undefined ? '' : formatUnits(series.at(-1)!.balance, 18)} QUAI`} data-testid="balance-chart">
            <BalanceChartLazy
              address={address}
              chain={zone.name}
              chainLabel={zone.label}
              points={series.map((c) => ({ blockNumber: c.blockNumber.toString(), timestamp: c.timestamp.toString(), balance: c.balance.toString(), delta: c.delta.toString() }))}
            />
          </div>
        )}
        {page.items.length > 0 ? (
          <DataTable caption="Changes of the balance, newest first" className="w-full text-sm" testId="balance-changes">
            <thead className="text-left text-xs text-muted">
              <tr className="border-y border-border">
                <th scope="col" className="px-4 py-2 font-medium">Block</th>
                <th scope="col" className="px-4 py-2 font-medium">Age</th>
                <th scope="col" className="px-4 py-2 text-right font-medium">Change</th>
                <th scope="col" className="px-4 py-2 text-right font-medium">Balance</th>
                <th scope="col" className="px-4 py-2 font-medium">Proof</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-border">
              {page.items.map((c) => (
                <tr key={`${c.chain}:${c.blockNumber}`} data-testid="balance-change" data-block={c.blockNumber.toString()} data-balance={c.balance.toString()}>
                  <td className="px-4 py-2"><Link href={urls.block(c.chain, c.blockNumber)} prefetch={false}>#{c.blockNumber.toLocaleString('en-US')}</Link></td>
                  <td className="whitespace-nowrap px-4 py-2 text-muted"><Age timestamp={c.timestamp} /></td>
                  <td className="whitespace-nowrap px-4 py-2 text-right"><Delta wei={c.delta} /></td>
                  <td className="whitespace-nowrap px-4 py-2 text-right"><Amount wei={c.balance} /></td>
                  <td className="px-4 py-2">
                    <CheckInBrowser
                      target={{ kind: 'address', chain: c.chain, address: address as `0x${string}`, block: c.blockNumber.toString(), slots: [] }}
                      bundlePath={urls.api.evidenceAddress(address, evidenceQuery({ block: c.blockNumber, slots: [] }))}
                      chainLabel={zone.label}
                    />
                  </td>
                </tr>
              ))}
            </tbody>
          </DataTable>
        ) : null}
        <KeysetPager label="Balance change pages" paged={paged} newestHref={urls.addressAnalytics(address)} olderHref={page.next ? urls.addressAnalytics(address, page.next) : null} olderTestId="balance-older" />
      </section>
      {tokens.length > 0 ? (
        <section className="card" data-testid="token-balances">
          <h2 className="border-b border-border px-4 py-2 text-sm font-semibold">Token balances through time</h2>
          <div className="grid gap-3 p-4 md:grid-cols-2">
            {tokens.map((t) => <TokenChart key={`${t.token}:${t.tokenId ?? ''}`} token={t} />)}
          </div>
        </section>
      ) : null}
    </div>
  );
}

function TokenChart({ token }: { token: TokenSeries }) {
  const decimals = token.standard === 'ERC-20' ? (token.decimals ?? 0) : 0;
  const unit = token.symbol ?? (token.standard === 'ERC-20' ? 'units' : 'tokens');
  const last = token.points.at(-1);
  return (
    <figure className="min-w-0 rounded-md border border-border p-2" data-testid="token-balance" data-token={token.token}>
      <figcaption className="mb-1 flex flex-wrap items-baseline justify-between gap-2 text-xs">
        <span className="inline-flex items-center gap-1">
          <Address address={token.token} />
          <span className="text-muted">{token.standard}{token.tokenId !== null ? ` #${token.tokenId}` : ''}</span>
        </span>
        {last ? <span className="tabular-nums">{formatUnits(last.balance, decimals)} {unit}</span> : null}
      </figcaption>
      <div role="img" aria-label={`Balance of ${unit} through time: ${token.points.length} changes${last ? `, now ${formatUnits(last.balance, decimals)}` : ''}`}>
        <TokenBalanceChartLazy points={token.points.map((p) => ({ timestamp: p.timestamp.toString(), balance: p.balance.toString() }))} decimals={decimals} unit={unit} />
      </div>
    </figure>
  );
}
