import type { Address as AddressType } from 'viem';
import { Tabs } from '@/components/ui/layout/Tabs';
import { zoneOf } from '@/lib/chains';
import { ADDRESS_TABS, type AddressQuery } from '@/lib/params/address-query';
import type { AddressPageData } from '@/lib/server/address/load-address-page';
import { urls } from '@/lib/urls';
import { AddressHeading } from './AddressHeading';
import { CodeFragmentRedirect } from './CodeFragmentRedirect';
import { ContractTab } from './ContractTab';
import { HistoryTab } from './HistoryTab';
import { InternalTransfersSection } from './InternalTransfersSection';
import { OverviewTab } from './OverviewTab';
import { TokenTransfersTab } from './TokenTransfersTab';

/** The whole address page for loaded data: the heading, the tabs and the tab asked for. */
export function AddressView({ address, query, data }: { address: AddressType; query: AddressQuery; data: AddressPageData }) {
  const zone = zoneOf(address);
  // Every tab but the Contract tab moves a `#code` or source-line link there (the fragment never reaches the server).
  const tabs = (
    <>
      <Tabs items={ADDRESS_TABS} active={data.tab} baseHref={urls.address(address)} />
      {data.tab === 'contract' ? null : <CodeFragmentRedirect contractHref={urls.addressContract(address)} />}
    </>
  );
  const { verified } = data;
  switch (data.tab) {
    case 'contract':
      return (
        <div className="space-y-6">
          <AddressHeading address={address} zone={zone} source="contract" verified={verified} contract={data.contract.kind === 'verified' || data.contract.kind === 'unverified'} />
          {tabs}
          <ContractTab address={address} zone={zone} load={data.contract} />
        </div>
      );
    case 'tokens':
      return (
        <div className="space-y-6">
          <AddressHeading address={address} zone={zone} source="tokens" verified={verified} />
          {tabs}
          <TokenTransfersTab address={address} zone={zone} holdings={data.holdings} transfers={data.transfers} paged={data.paged} />
        </div>
      );
    case 'history':
      return (
        <div className="space-y-6">
          <AddressHeading address={address} zone={zone} source="index" verified={verified} />
          {tabs}
          <HistoryTab address={address} load={data.history} paged={data.paged} />
          <InternalTransfersSection address={address} load={data.internal} paged={data.internalPaged} />
        </div>
      );
    case 'overview':
      return <OverviewTab address={address} zone={zone} query={query} overview={data.overview} tabs={tabs} verified={verified} />;
  }
}
