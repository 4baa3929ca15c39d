import Link from 'next/link';
import type { Address as AddressType } from 'viem';
import { ErrorPanel } from '@/components/ui/status/ErrorPanel';
import type { Chain } from '@/lib/protocol/chains';
import { addressHref } from '@/lib/routes/params/address-params';
import type { AddressQuery } from '@/lib/routes/params/address-query';
import type { OverviewLoad } from '@/lib/server/address/load-address-page';
import type { VerifiedLookup } from '@/lib/server/contracts/verified-source';
import { AddressHeading } from './AddressHeading';
import { AddressStateView } from './AddressStateView';
import { AsOfForm } from './AsOfForm';
import { LivesElsewhere } from './LivesElsewhere';

/**
 * The Overview tab for each outcome of its read. Only a state that was read carries the tabs:
 * the other outcomes say why there is nothing to show, under the heading.
 */
export function OverviewTab({
  address,
  zone,
  query,
  overview,
  tabs,
  verified,
}: {
  address: AddressType;
  zone: Chain;
  query: AddressQuery;
  overview: OverviewLoad;
  tabs: React.ReactNode;
  verified: VerifiedLookup;
}) {
  const { slotText, via } = query;
  // Every outcome but a bad `?block=` read at the block asked.
  const requested = query.asOf.ok ? query.asOf.value : 'latest';
  const heading = <AddressHeading address={address} zone={zone} verified={verified} />;
  const elsewhere = via && via.name !== zone.name ? <LivesElsewhere address={address} zone={zone} via={via} /> : null;
  switch (overview.kind) {
    case 'unconfigured':
      return (
        <div className="space-y-6">
          {heading}
          <section className="rounded-lg border border-warn/40 bg-surface p-4 text-sm" role="status">
            This address lives in <strong>{zone.label}</strong> (its first byte, 0x{address.slice(2, 4)}, is in {zone.label}&apos;s range), and this
            explorer is not configured to read {zone.label}. Its state can only be read from a {zone.label} node.
          </section>
        </div>
      );
    case 'bad-as-of':
      return (
        <div className="space-y-6">
          {heading}
          <AsOfForm address={address} zone={zone.name} requested="latest" slot={slotText} />
          <p className="text-sm text-bad" role="alert">{overview.error}</p>
        </div>
      );
    case 'error':
      return (
        <div className="space-y-6">
          {heading}
          <ErrorPanel title={`The ${zone.label} node did not answer`} message={overview.message} />
        </div>
      );
    case 'no-block':
      return (
        <div className="space-y-6">
          {heading}
          {elsewhere}
          <AsOfForm address={address} zone={zone.name} requested={requested} slot={slotText} />
          <p className="card p-4 text-sm" role="status">
            {zone.label} has no block #{overview.requested.toString()} yet
            {overview.tip !== undefined ? <>: its tip is <Link href={addressHref(address, { block: overview.tip, slot: slotText })}>#{overview.tip.toString()}</Link></> : null}.
          </p>
        </div>
      );
    case 'ok':
      return (
        <AddressStateView
          address={address}
          zone={zone}
          requested={requested}
          query={query}
          state={overview.state}
          contract={overview.contract}
          readAbis={overview.readAbis}
          code={overview.code}
          verified={verified}
          tabs={tabs}
          elsewhere={elsewhere}
        />
      );
  }
}
