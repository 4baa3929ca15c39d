import type { Address as AddressType } from 'viem';
import { TabPanel, Tabs } from '@/components/ui/layout/Tabs';
import { zoneOf } from '@/lib/protocol/chains';
import { ADDRESS_TABS, type AddressQuery } from '@/lib/routes/params/address-query';
import type { AddressPageData } from '@/lib/server/address/load-address-page';
import { urls } from '@/lib/routes/urls';
import { NO_FILTER } from '@/lib/routes/params/history-filter';
import { AddressHeading } from './AddressHeading';
import { CodeFragmentRedirect } from './contract/CodeFragmentRedirect';
import { ContractTab } from './contract/ContractTab';
import { HistoryTab } from './HistoryTab';
import { InternalTransfersSection } from './InternalTransfersSection';
import { OverviewTab } from './OverviewTab';
import { TokenTransfersTab } from './TokenTransfersTab';
import { ApprovalsTab } from './approvals/ApprovalsTab';
import { AnalyticsTab } from './analytics/AnalyticsTab';
import { WriteTab } from './write/WriteTab';

/** The whole address page for loaded data: the heading, the tabs and the tab asked for (Write contract and Approvals load their wallet code in the browser, on those tabs only). */
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
  // The History tab's filter as the page shows it (a filter it cannot read is said in the tab, the form left blank).
  const shownFilter = query.filter.ok ? query.filter.value : NO_FILTER;
  switch (data.tab) {
    case 'contract':
      return (
        <div className="space-y-6">
          <AddressHeading address={address} zone={zone} source="contract" verified={verified} contract={data.contract.kind === 'verified' || data.contract.kind === 'unverified'} />
          {tabs}
          <TabPanel active="contract">
            <ContractTab address={address} zone={zone} load={data.contract} />
          </TabPanel>
        </div>
      );
    case 'write':
      return (
        <div className="space-y-6">
          <AddressHeading address={address} zone={zone} source="write" verified={verified} contract={data.write.kind === 'ok'} />
          {tabs}
          <TabPanel active="write">
            <WriteTab address={address} zone={zone} load={data.write} />
          </TabPanel>
        </div>
      );
    case 'approvals':
      return (
        <div className="space-y-6">
          <AddressHeading address={address} zone={zone} source="approvals" verified={verified} />
          {tabs}
          <TabPanel active="approvals">
            <ApprovalsTab address={address} zone={zone} load={data.approvals} chainId={data.chainId} paged={data.paged} />
          </TabPanel>
        </div>
      );
    case 'tokens':
      return (
        <div className="space-y-6">
          <AddressHeading address={address} zone={zone} source="tokens" verified={verified} />
          {tabs}
          <TabPanel active="tokens">
            <TokenTransfersTab address={address} zone={zone} holdings={data.holdings} transfers={data.transfers} paged={data.paged} />
          </TabPanel>
        </div>
      );
    case 'analytics':
      return (
        <div className="space-y-6">
          <AddressHeading address={address} zone={zone} source="index" verified={verified} />
          {tabs}
          <TabPanel active="analytics">
            <AnalyticsTab address={address} zone={zone} load={data.analytics} paged={data.paged} />
          </TabPanel>
        </div>
      );
    case 'history':
      return (
        <div className="space-y-6">
          <AddressHeading address={address} zone={zone} source="index" verified={verified} />
          {tabs}
          <TabPanel active="history" className="space-y-6">
            <HistoryTab address={address} load={data.history} paged={data.paged} filter={shownFilter} />
            <InternalTransfersSection address={address} load={data.internal} paged={data.internalPaged} filter={shownFilter} />
          </TabPanel>
        </div>
      );
    case 'overview':
      return <OverviewTab address={address} zone={zone} query={query} overview={data.overview} tabs={tabs} verified={verified} />;
  }
}
