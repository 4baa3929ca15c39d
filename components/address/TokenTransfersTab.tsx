import type { Address as AddressType } from 'viem';
import { Badge } from '@/components/ui/layout/Badge';
import { Card } from '@/components/ui/layout/Card';
import { BadPageLink, KeysetPager } from '@/components/ui/layout/KeysetPages';
import { IndexUnavailable } from '@/components/token/IndexUnavailable';
import { TokenLink } from '@/components/token/TokenLink';
import { TokenTransferList } from '@/components/token/TokenTransferList';
import { getChain, type Chain } from '@/lib/protocol/chains';
import { formatInteger, plural } from '@/lib/text/format';
import type { TokenTransfersLoad } from '@/lib/server/history/load-token-transfers';
import type { Holding, HoldingsLoad } from '@/lib/server/token/load-token-holdings';
import { balanceQuantity } from '@/lib/history/token-quantity';
import { urls } from '@/lib/routes/urls';
import { ChainText } from '@/components/ui/values/ChainText';

/**
 * The address's Token transfers tab: its holdings (tokens it touched per the index, each balance
 * read from the node at `block`) above its token transfers from the index, a page at a time.
 */
export function TokenTransfersTab({
  address,
  zone,
  holdings,
  transfers,
  paged,
}: {
  address: AddressType;
  zone: Chain;
  holdings: HoldingsLoad;
  transfers: TokenTransfersLoad;
  paged: boolean;
}) {
  return (
    <div className="space-y-6">
      <Holdings zone={zone} load={holdings} />
      <Transfers address={address} load={transfers} paged={paged} />
    </div>
  );
}

function Holdings({ zone, load }: { zone: Chain; load: HoldingsLoad }) {
  if (load.kind === 'unavailable') return <IndexUnavailable state={load.state} reason={load.reason} testId="holdings-unavailable" />;
  if (load.kind === 'node-error') {
    return (
      <Card title="Token holdings">
        <p className="p-4 text-sm text-bad" role="alert">
          The balances could not be read from {zone.label}&apos;s node: {load.message}
        </p>
      </Card>
    );
  }
  const { block } = load;
  const title = (
    <span>
      Token holdings <span className="font-normal text-muted">· balanceOf at {zone.label} block #{formatInteger(block)}</span>
    </span>
  );
  if (load.items.length === 0) {
    return (
      <Card title={title}>
        <p className="p-4 text-sm text-muted" data-testid="holdings-empty">
          The index holds no token transfer of this address, so there is no token to ask its balance of.
        </p>
      </Card>
    );
  }
  return (
    <Card title={title}>
      <ul className="divide-y divide-border" data-testid="holdings">
        {load.items.map((h) => (
          <HoldingRow key={`${h.token}:${h.tokenId ?? ''}`} holding={h} home={zone} />
        ))}
      </ul>
      <p className="border-t border-border px-4 py-2 text-xs text-muted">
        The tokens this address ever sent or received, per the index; each balance is the token contract&apos;s own answer to balanceOf
        {load.truncated ? `. Only the ${plural(load.items.length, 'most recently moved token')} are shown` : ''}.
      </p>
    </Card>
  );
}

function HoldingRow({ holding, home }: { holding: Holding; home: Chain }) {
  const { balance } = holding;
  const elsewhere = holding.readAt.chain !== home.name;
  return (
    <li className="flex flex-wrap items-center gap-x-3 gap-y-1 px-4 py-2 text-sm" data-testid="holding-row" data-token={holding.token.toLowerCase()}>
      <span className="inline-flex min-w-0 items-center gap-2">
        <TokenLink token={holding.token} symbol={holding.facts?.symbol ?? null} name={holding.facts?.name} />
        <Badge>{holding.standard}</Badge>
      </span>
      <span className="ml-auto text-right">
        {balance.kind === 'answered' ? (
          <HoldingBalance holding={holding} balance={balance.balance} />
        ) : (
          <span className="text-xs text-bad">{balance.reason}</span>
        )}
        {elsewhere ? <span className="block text-xs text-muted">read at {getChain(holding.readAt.chain).label}&apos;s tip (the token lives there)</span> : null}
      </span>
    </li>
  );
}

function HoldingBalance({ holding, balance }: { holding: Holding; balance: bigint }) {
  const q = balanceQuantity(holding.standard, balance, holding.facts?.decimals ?? null, holding.tokenId);
  return (
    <span className={`tabular-nums ${balance === 0n ? 'text-muted' : 'font-medium'}`} title={q.exact} data-testid="holding-balance">
      {q.text}
      {holding.standard === 'ERC-20' && holding.facts?.symbol ? <> <ChainText text={holding.facts.symbol} /></> : null}
      {q.raw ? <span className="ml-1 text-xs font-normal text-muted">raw units</span> : null}
      {balance === 0n ? <span className="ml-1 text-xs font-normal">(none now)</span> : null}
    </span>
  );
}

function Transfers({ address, load, paged }: { address: AddressType; load: TokenTransfersLoad; paged: boolean }) {
  if (load.kind === 'unavailable') return <IndexUnavailable state={load.state} reason={load.reason} testId="token-transfers-unavailable" />;
  if (load.kind === 'bad-cursor' || load.kind === 'bad-filter') return <BadPageLink problem={load.message} newestHref={urls.addressTokens(address)} />;
  const { items, next } = load.page;
  return (
    <section className="card" data-testid="token-transfers">
      <div className="flex flex-wrap items-center justify-between gap-2 border-b border-border px-4 py-2 text-sm">
        <h2 className="font-semibold">Token transfers</h2>
        <span className="flex gap-3 text-xs">
          <a href={urls.api.tokenTransfersCsv(address)} download data-testid="token-tab-csv" className="inline-flex min-h-6 items-center">
            Download CSV
          </a>
          <a href={urls.api.tokenTransfers(address)} className="inline-flex min-h-6 items-center">
            JSON API
          </a>
        </span>
      </div>
      {items.length === 0 ? (
        <p className="p-4 text-sm text-muted">
          {paged ? 'No older token transfers.' : 'The index holds no token transfers of this address yet (it may still be catching up).'}
        </p>
      ) : (
        <TokenTransferList items={items} perspective="address" />
      )}
      <KeysetPager
        label="Token transfer pages"
        paged={paged}
        newestHref={urls.addressTokens(address)}
        olderHref={next ? urls.addressTokens(address, { cursor: next }) : null}
        olderTestId="token-transfers-older"
      />
    </section>
  );
}
