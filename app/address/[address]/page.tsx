import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { getAddress, isAddress, type Address as AddressType } from 'viem';
import { AsOfForm } from '@/components/address/AsOfForm';
import { ContractFacts } from '@/components/address/ContractFacts';
import { AddressLabel } from '@/components/labels/AddressLabel';
import { LabelEditor } from '@/components/labels/LabelEditor';
import { operatorLabelOf } from '@/lib/server/labels/operator-labels';
import { PoolEntries } from '@/components/address/PoolEntries';
import { ConsistencyList, ProofStatus, ProvenMark } from '@/components/address/ProofStatus';
import { AnswerBanner } from '@/components/ui/AnswerBanner';
import { AnswerFlag } from '@/components/ui/AnswerFlag';
import { proven } from '@/lib/checks/proof-outcome';
import { ReadContractLazy } from '@/components/address/ReadContractLazy';
import { StorageLookup } from '@/components/address/StorageLookup';
import { addressHref, parseAsOf, parseSlot } from '@/lib/params/address-params';
import { loadAddress, type AddressState, type Read } from '@/lib/server/address/load-address';
import { getClients } from '@/lib/server/node/clients';
import { Badge, ZoneBadge } from '@/components/ui/Badge';
import { Card } from '@/components/ui/Card';
import { CopyButton } from '@/components/ui/CopyButton';
import { ErrorPanel } from '@/components/ui/ErrorPanel';
import { HistoryTab } from '@/components/address/HistoryTab';
import { activeTab, Tabs } from '@/components/ui/Tabs';
import { TokenTransfersTab } from '@/components/address/TokenTransfersTab';
import { loadTokenTransfers } from '@/lib/server/history/load-token-transfers';
import { loadTokenHoldings } from '@/lib/server/token/load-token-holdings';
import { parseCursorParam } from '@/lib/params/history-params';
import { loadHistory } from '@/lib/server/history/load-history';
import { Hash } from '@/components/ui/Hash';
import { InfoRow, InfoTable } from '@/components/ui/InfoTable';
import { getChain, isChainName, zoneOf, type Chain } from '@/lib/chains';
import { formatBytes, formatInteger, formatQuai, formatWei } from '@/lib/format';
import { urls } from '@/lib/urls';

export const dynamic = 'force-dynamic';

type SearchParams = Record<string, string | string[] | undefined>;
type Props = { params: Promise<{ address: string }>; searchParams: Promise<SearchParams> };

const first = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { address } = await params;
  return { title: isAddress(address, { strict: false }) ? `Address ${address}` : 'Address' };
}

/**
 * An address, read from the zone that owns it (by its first byte): balance, nonce, code, the
 * account proof verified against the "as of" block's stateRoot, a storage-slot lookup with its
 * proof, its pooled transactions and a read-contract form.
 */
export default async function AddressPage({ params, searchParams }: Props) {
  const { address: raw } = await params;
  // proxy.ts already answers 404 for malformed addresses; this is defence in depth.
  if (!isAddress(raw, { strict: false })) notFound();
  const address = getAddress(raw.toLowerCase());
  const search = await searchParams;
  const zone = zoneOf(address);
  const asOf = parseAsOf(first(search.block));
  const slotText = first(search.slot)?.trim() || undefined;
  const slot = parseSlot(slotText);
  const via = first(search.chain);
  const viaChain = via && isChainName(via) ? getChain(via) : undefined;

  const client = getClients().get(zone.name);
  const heading = <AddressHeading address={address} zone={zone} />;
  const tab = activeTab(ADDRESS_TABS, search.tab);
  const tabs = <Tabs items={ADDRESS_TABS} active={tab} baseHref={urls.address(address)} />;
  if (tab === 'tokens') {
    // Transfers from the index; holdings are the index's tokens with balanceOf from the node at the page's block.
    const cursor = parseCursorParam(first(search.cursor));
    const [transfers, holdings] = await Promise.all([
      cursor.ok
        ? loadTokenTransfers(address, { limit: 25, cursor: cursor.value })
        : Promise.resolve({ kind: 'bad-cursor', message: cursor.error } as const),
      loadTokenHoldings(address, asOf.ok ? asOf.value : 'latest'),
    ]);
    return (
      <div className="space-y-6">
        <AddressHeading address={address} zone={zone} source="tokens" />
        {tabs}
        <TokenTransfersTab address={address} zone={zone} holdings={holdings} transfers={transfers} paged={Boolean(cursor.ok && cursor.value)} />
      </div>
    );
  }
  if (tab === 'history') {
    // The history comes from the index alone: no node read, so it answers even when the zone's node does not.
    const cursor = parseCursorParam(first(search.cursor));
    const load = cursor.ok
      ? await loadHistory(address, { limit: 25, cursor: cursor.value })
      : ({ kind: 'bad-cursor', message: cursor.error } as const);
    return (
      <div className="space-y-6">
        <AddressHeading address={address} zone={zone} source="index" />
        {tabs}
        <HistoryTab address={address} load={load} paged={Boolean(cursor.ok && cursor.value)} />
      </div>
    );
  }
  const elsewhere = viaChain && viaChain.name !== zone.name ? <LivesElsewhere address={address} zone={zone} via={viaChain} /> : null;

  if (!client) {
    return (
      <div className="space-y-6">
        {heading}
        <section className="rounded-lg border border-warn/40 bg-surface p-4 text-sm" role="status">
          This address lives in <strong>{zone.label}</strong> (its first byte, 0x{address.slice(2, 4)}, is in {zone.label}&apos;s range), and this
          explorer is not configured to read {zone.label}. Its state can only be read from a {zone.label} node.
        </section>
      </div>
    );
  }
  if (!asOf.ok) {
    return (
      <div className="space-y-6">
        {heading}
        <AsOfForm address={address} zone={zone.name} requested="latest" slot={slotText} />
        <p className="text-sm text-bad" role="alert">{asOf.error}</p>
      </div>
    );
  }

  const load = await loadAddress(client, address, asOf.value, slot?.ok ? slot.value : undefined);
  if (load.kind === 'error') {
    return (
      <div className="space-y-6">
        {heading}
        <ErrorPanel title={`The ${zone.label} node did not answer`} message={load.message} />
      </div>
    );
  }
  if (load.kind === 'no-block') {
    return (
      <div className="space-y-6">
        {heading}
        {elsewhere}
        <AsOfForm address={address} zone={zone.name} requested={asOf.value} slot={slotText} />
        <p className="rounded-lg border border-border bg-surface p-4 text-sm" role="status">
          {zone.label} has no block #{load.requested.toString()} yet
          {load.tip !== undefined ? <>: its tip is <Link href={addressHref(address, { block: load.tip, slot: slotText })}>#{load.tip.toString()}</Link></> : null}.
        </p>
      </div>
    );
  }

  const s = load.state;
  const blockParam = asOf.value === 'latest' ? s.header.number[2].toString() : asOf.value.toString();
  const hasCode = s.code.ok && s.code.value !== '0x';
  return (
    <div className="space-y-6">
      <AnswerBanner report={s.answers} node={`The ${zone.label} node`} />
      <AddressHeading address={address} zone={zone} contract={hasCode} />
      {tabs}
      {elsewhere}
      <AsOfForm address={address} zone={zone.name} requested={asOf.value} header={s.header} slot={slotText} />
      <AnswerFlag report={s.answers} field="number[2]" />
      <Overview state={s} />
      {hasCode ? <ContractFacts zone={zone} address={address} blockNumber={s.header.number[2]} stateRoot={s.header.stateRoot} /> : null}
      <Card title="Your label">
        <LabelEditor address={address} operator={operatorLabelOf(address)} />
      </Card>
      <Card title="Account proof">
        <ProofSection state={s} />
      </Card>
      <Card title="Storage">
        <StorageLookup
          address={address}
          block={asOf.value === 'latest' ? undefined : asOf.value.toString()}
          slotText={slotText}
          slotError={slot && !slot.ok ? slot.error : undefined}
          storage={s.storage}
        />
      </Card>
      <Card title="Pending and queued transactions">
        <PoolEntries pool={s.pool} />
      </Card>
      <Card title="Read contract">
        {hasCode ? null : (
          <p className="border-b border-border px-4 py-2 text-sm text-muted">
            There is no code at this address as of block #{blockParam}: a call runs no contract and returns empty data.
          </p>
        )}
        <ReadContractLazy address={address} block={blockParam} />
      </Card>
      {hasCode && s.code.ok ? <CodeSection code={s.code.value} /> : null}
    </div>
  );
}

const ADDRESS_TABS = [
  { id: 'overview', label: 'Overview' },
  { id: 'history', label: 'History' },
  { id: 'tokens', label: 'Token transfers' },
] as const;

/** `source`: where the figures under the heading come from — the zone's node, or Strata's index of it (the History tab). */
function AddressHeading({ address, zone, contract, source = 'node' }: { address: AddressType; zone: Chain; contract?: boolean; source?: 'node' | 'index' | 'tokens' }) {
  return (
    <header className="space-y-2">
      <p className="text-xs font-semibold uppercase tracking-wide text-muted">Address</p>
      <h1 className="flex flex-wrap items-center gap-2 text-lg font-semibold">
        <span className="min-w-0 break-all font-mono" data-testid="address">
          {address}
        </span>
        <CopyButton value={address} label="Copy address" />
        <AddressLabel address={address} operator={operatorLabelOf(address) ?? null} />
      </h1>
      <p className="flex flex-wrap items-center gap-2 text-sm text-muted">
        <ZoneBadge address={address} />
        {contract ? <Badge tone="region" title="This address has code: a contract">contract</Badge> : null}
        <span>
          Owned by {zone.label} (first byte 0x{address.slice(2, 4).toLowerCase()});{' '}
          {source === 'node'
            ? 'every figure below comes from its node.'
            : source === 'index'
              ? 'the history below comes from Strata’s index of the zones’ blocks.'
              : 'the transfers below come from Strata’s index; each balance from the token’s own balanceOf on the node.'}
        </span>
      </p>
    </header>
  );
}

function LivesElsewhere({ address, zone, via }: { address: string; zone: Chain; via: Chain }) {
  return (
    <p className="rounded-lg border border-warn/40 bg-surface p-3 text-sm" role="status" data-testid="lives-elsewhere">
      You came here through {via.label}, but this address lives in <strong>{zone.label}</strong>: its state is not in {via.label}.
      It was read from {zone.label} instead — <Link href={urls.address(address)}>the address on {zone.label}</Link>.
    </p>
  );
}

function show<T>(r: Read<T>, render: (v: T) => React.ReactNode, method: string): React.ReactNode {
  if (r.ok) return render(r.value);
  return <span className="text-bad">{method} failed: {r.message}</span>;
}

/** Whether the value is tied to the block's state by a verified proof, and whether the plain answer differs from it. */
function mark(state: AddressState, label: string) {
  const isProven = state.verdict !== undefined && proven(state.verdict.outcome);
  const differs = state.verdict?.consistency.find((c) => c.label === label)?.ok === false;
  return <ProvenMark proven={isProven} differs={isProven && differs} />;
}

function Overview({ state }: { state: AddressState }) {
  return (
    <InfoTable title="Overview">
      <InfoRow label="Balance">
        {show(state.balance, (b) => (
          <>
            <span data-testid="balance">
              <span className="font-medium">{formatQuai(b, 18)}</span>
              <span className="ml-2 text-xs text-muted">{formatWei(b)}</span>
            </span>
            {mark(state, 'getBalance matches the proof')}
          </>
        ), 'getBalance')}
      </InfoRow>
      <InfoRow label="Nonce" hint="Transactions sent from this address (getTransactionCount)">
        {show(state.nonce, (n) => (
          <>
            <span className="tabular-nums" data-testid="nonce">{formatInteger(n)}</span>
            {mark(state, 'getTransactionCount matches the proof')}
          </>
        ), 'getTransactionCount')}
      </InfoRow>
      <InfoRow label="Code">
        {show(state.code, (c) =>
          c === '0x' ? (
            <>
              <span className="text-muted">none (an externally owned account, or no contract yet)</span>
              {mark(state, 'getCode hashes to the proven codeHash')}
            </>
          ) : (
            <span className="flex flex-wrap items-center gap-2">
              <Badge tone="region">contract</Badge>
              <span data-testid="code-size">{formatBytes((c.length - 2) / 2)}</span>
              <a href="#code">view the code</a>
              {mark(state, 'getCode hashes to the proven codeHash')}
            </span>
          ), 'getCode')}
      </InfoRow>
    </InfoTable>
  );
}

function ProofSection({ state }: { state: AddressState }) {
  if (!state.proof.ok) {
    return <p className="p-4 text-sm text-bad">getProof failed: {state.proof.message}</p>;
  }
  const proof = state.proof.value;
  return (
    <div className="space-y-3 p-4 text-sm">
      {state.verdict ? (
        <ProofStatus outcome={state.verdict.outcome} what={`against the stateRoot of block #${state.header.number[2]}`} testId="account-proof" />
      ) : null}
      <dl className="grid gap-x-4 gap-y-1 sm:grid-cols-[9rem_1fr]">
        <dt className="text-muted">stateRoot</dt>
        <dd><Hash value={state.header.stateRoot} full /></dd>
        <dt className="text-muted">storageHash</dt>
        <dd><Hash value={proof.storageHash} full /></dd>
        <dt className="text-muted">codeHash</dt>
        <dd><Hash value={proof.codeHash} full /></dd>
        <dt className="text-muted">Proof nodes</dt>
        <dd>{proof.accountProof.length}</dd>
      </dl>
      {state.verdict && proven(state.verdict.outcome) ? <ConsistencyList checks={state.verdict.consistency} /> : null}
      <details>
        <summary className="cursor-pointer text-muted">The proof&apos;s nodes (RLP, root first)</summary>
        <ol className="mt-2 space-y-1">
          {proof.accountProof.map((node, i) => (
            <li key={i} className="break-all font-mono text-xs">
              <span className="text-muted">{i}: </span>
              {node}
            </li>
          ))}
        </ol>
      </details>
    </div>
  );
}

function CodeSection({ code }: { code: string }) {
  return (
    <section id="code" className="rounded-lg border border-border bg-surface">
      <h2 className="flex items-center justify-between border-b border-border px-4 py-2 text-sm font-semibold">
        Code <span className="text-xs font-normal text-muted">{formatBytes((code.length - 2) / 2)} <CopyButton value={code} label="Copy code" /></span>
      </h2>
      <pre className="max-h-64 overflow-auto whitespace-pre-wrap break-all p-4 font-mono text-xs">{code}</pre>
    </section>
  );
}
