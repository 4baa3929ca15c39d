import Link from 'next/link';
import type { Address as AddressType } from 'viem';
import { Badge, ZoneBadge } from '@/components/ui/layout/Badge';
import { Card } from '@/components/ui/layout/Card';
import { CopyButton } from '@/components/ui/values/CopyButton';
import { ErrorPanel } from '@/components/ui/status/ErrorPanel';
import { InfoRow, InfoTable } from '@/components/ui/layout/InfoTable';
import { BadPageLink, KeysetPager } from '@/components/ui/layout/KeysetPages';
import { formatInteger } from '@/lib/text/format';
import type { HoldersSection, IndexSection, TokenOverview, TokenPageLoad } from '@/lib/server/token/load-token-page';
import type { TokenTransferPageJson } from '@/lib/history/token-transfer-json';
import { balanceQuantity } from '@/lib/history/token-quantity';
import { urls } from '@/lib/routes/urls';
import { HoldersTable } from './HoldersTable';
import { IndexUnavailable } from './IndexUnavailable';
import { TokenTransferList } from './TokenTransferList';
import { ChainText } from '@/components/ui/values/ChainText';

/** The token page for what its loader found: the token, or why there is none to show. */
export function TokenView({ address, load, cursorError, paged }: { address: AddressType; load: TokenPageLoad; cursorError: string | null; paged: boolean }) {
  if (load.kind === 'unconfigured') {
    return (
      <Shell address={address}>
        <Notice testId="token-elsewhere">
          This address lives in <strong>{load.zone.label}</strong> (its first byte, 0x{address.slice(2, 4).toLowerCase()}), and this explorer is not
          configured to read {load.zone.label}. A token there can only be read from a {load.zone.label} node.
        </Notice>
      </Shell>
    );
  }
  if (load.kind === 'error') {
    return (
      <Shell address={address}>
        <ErrorPanel title={`The ${load.zone.label} node did not answer`} message={load.message} />
      </Shell>
    );
  }
  if (load.kind === 'not-contract' || load.kind === 'not-token') {
    return (
      <Shell address={address}>
        <Notice testId="not-a-token">
          <p className="font-medium">{load.kind === 'not-contract' ? 'This address is not a contract' : 'This contract is not a token'}</p>
          <p className="mt-1 text-muted">
            {load.kind === 'not-contract'
              ? `${load.zone.label} holds no code at this address as of block #${formatInteger(load.block)}, so there is no token here (an account, or a contract not yet deployed).`
              : `It answers none of name(), symbol(), decimals(), totalSupply() or ERC-165 for ERC-721/1155, and the index holds no ERC-20, ERC-721 or ERC-1155 transfer it emitted.`}{' '}
            <Link href={urls.address(address)}>See the address page</Link>.
          </p>
        </Notice>
      </Shell>
    );
  }
  const { token } = load;
  return (
    <Shell address={address} token={token}>
      <Overview token={token} />
      <Holders token={token} load={load.holders} />
      <Transfers address={address} load={load.transfers} cursorError={cursorError} paged={paged} />
    </Shell>
  );
}

function Shell({ address, token, children }: { address: AddressType; token?: TokenOverview; children: React.ReactNode }) {
  const name = token?.facts.name ?? token?.facts.symbol ?? null;
  return (
    <div className="space-y-6">
      <header className="space-y-2">
        <p className="text-xs font-semibold uppercase tracking-wide text-muted">Token</p>
        <h1 className="flex flex-wrap items-center gap-2 text-lg font-semibold" data-testid="token-heading">
          {name ? <ChainText text={name} /> : null}
          {token?.facts.symbol ? (
            <span className="text-muted">
              (<ChainText text={token.facts.symbol} />)
            </span>
          ) : null}
          {token?.standard ? <Badge tone="region">{token.standard}</Badge> : null}
        </h1>
        <p className="flex flex-wrap items-center gap-2 text-sm">
          <span className="min-w-0 break-all font-mono" data-testid="token-address">
            {address}
          </span>
          <CopyButton value={address} label="Copy address" />
          <ZoneBadge address={address} />
          <Link href={urls.address(address)} className="text-xs">
            address page
          </Link>
        </p>
      </header>
      {children}
    </div>
  );
}

function Notice({ testId, children }: { testId: string; children: React.ReactNode }) {
  return (
    <section className="rounded-lg border border-warn/40 bg-surface p-4 text-sm" role="status" data-testid={testId}>
      {children}
    </section>
  );
}

const STANDARD_SOURCE: Record<NonNullable<TokenOverview['standardSource']>, string> = {
  index: 'from the events the index decoded',
  'erc-165': 'the contract says so through ERC-165',
  decimals: 'it answers decimals(): an ERC-20, by its calls',
};

function Overview({ token }: { token: TokenOverview }) {
  const { facts } = token;
  const missing = <span className="text-muted">not answered</span>;
  const supply =
    token.totalSupply === null ? missing : (
      <span title={`${formatInteger(token.totalSupply)} raw units`}>
        {balanceQuantity(token.standard === 'ERC-721' ? 'ERC-721' : 'ERC-20', token.totalSupply, facts.decimals, null).text}
        {token.standard !== 'ERC-721' && facts.symbol ? <> <ChainText text={facts.symbol} /></> : null}
      </span>
    );
  return (
    <InfoTable title="Overview">
      <InfoRow label="Name">{facts.name !== null ? <ChainText text={facts.name} /> : missing}</InfoRow>
      <InfoRow label="Symbol">
        <span data-testid="token-symbol">{facts.symbol !== null ? <ChainText text={facts.symbol} /> : missing}</span>
      </InfoRow>
      <InfoRow label="Decimals">
        <span data-testid="token-decimals">{facts.decimals ?? <span className="text-muted">not answered: amounts are in raw units</span>}</span>
      </InfoRow>
      <InfoRow label="Standard">
        {token.standard ? (
          <span>
            {token.standard} {token.standardSource ? <span className="text-xs text-muted">({STANDARD_SOURCE[token.standardSource]})</span> : null}
          </span>
        ) : (
          <span className="text-muted">unknown</span>
        )}
      </InfoRow>
      <InfoRow label="Total supply" hint="totalSupply() from the node">
        <span className="tabular-nums" data-testid="token-total-supply">{supply}</span>
        <span className="ml-2 text-xs text-muted">
          totalSupply() at {token.zone.label} block #{formatInteger(token.block)}
        </span>
      </InfoRow>
    </InfoTable>
  );
}

function Holders({ token, load }: { token: TokenOverview; load: IndexSection<HoldersSection> }) {
  if (load.kind === 'unavailable') return <IndexUnavailable state={load.state} reason={load.reason} testId="holders-unavailable" />;
  if (load.kind === 'bad-cursor') return null;
  return <HoldersTable token={token} section={load.value} />;
}

function Transfers({ address, load, cursorError, paged }: { address: AddressType; load: IndexSection<TokenTransferPageJson>; cursorError: string | null; paged: boolean }) {
  if (load.kind === 'unavailable') return <IndexUnavailable state={load.state} reason={load.reason} testId="token-transfers-unavailable" />;
  const problem = cursorError ?? (load.kind === 'bad-cursor' ? load.message : null);
  if (problem !== null || load.kind === 'bad-cursor') return <BadPageLink problem={problem ?? ''} newestHref={urls.token(address)} />;
  const { items, next } = load.value;
  return (
    <Card title="Transfers">
      <div data-testid="token-transfers">
        {items.length === 0 ? (
          <p className="p-4 text-sm text-muted">{paged ? 'No older transfers.' : 'The index holds no transfers of this token yet (it may still be catching up).'}</p>
        ) : (
          <TokenTransferList items={items} perspective="token" />
        )}
        <KeysetPager
          label="Transfer pages"
          paged={paged}
          newestHref={urls.token(address)}
          olderHref={next ? urls.token(address, next) : null}
          olderTestId="token-transfers-older"
        />
      </div>
    </Card>
  );
}
