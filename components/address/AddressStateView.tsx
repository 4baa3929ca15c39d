import type { Address as AddressType } from 'viem';
import Link from 'next/link';
import { Address } from '@/components/ui/values/Address';
import { LabelEditor } from '@/components/labels/LabelEditor';
import { AnswerBanner } from '@/components/ui/status/AnswerBanner';
import { AnswerFlag } from '@/components/ui/status/AnswerFlag';
import { Card } from '@/components/ui/layout/Card';
import { TabPanel } from '@/components/ui/layout/Tabs';
import type { Chain } from '@/lib/protocol/chains';
import type { AsOf } from '@/lib/routes/params/address-params';
import type { AddressQuery } from '@/lib/routes/params/address-query';
import type { AddressState } from '@/lib/server/address/load-address';
import type { ContractFacts as ContractFactsData } from '@/lib/server/address/load-contract-facts';
import type { VerifiedAbi } from '@/lib/contracts/verified-abi';
import type { VerifiedLookup } from '@/lib/server/contracts/verified-source';
import { urls } from '@/lib/routes/urls';
import { operatorLabelOf } from '@/lib/server/labels/operator-labels';
import { AccountProofSection } from './AccountProofSection';
import { AddressHeading } from './AddressHeading';
import { AsOfForm } from './AsOfForm';
import { CodeSection } from './contract/CodeSection';
import { ContractFacts } from './contract/ContractFacts';
import { CodeProxyFacts } from './contract/CodeProxyFacts';
import type { CodeReading } from '@/lib/server/contracts/load-code-abis';
import { PoolEntries } from './PoolEntries';
import { ReadContractLazy } from './contract/ReadContractLazy';
import { StateFigures } from './StateFigures';
import { StorageLookup } from './StorageLookup';
import { EvidenceSection } from '@/components/evidence/EvidenceSection';
import { evidenceQuery } from '@/lib/routes/params/evidence-params';

/**
 * The Overview of an address whose state was read at the "as of" block: figures, contract facts,
 * the reader's label, the account proof, a storage lookup, pooled transactions, the read-contract
 * form and the code.
 */
export function AddressStateView({
  address,
  zone,
  requested,
  query,
  state: s,
  contract,
  readAbis,
  code = null,
  verified,
  tabs,
  elsewhere,
}: {
  address: AddressType;
  zone: Chain;
  requested: AsOf;
  query: AddressQuery;
  state: AddressState;
  /** null when the address has no code. */
  contract: ContractFactsData | null;
  /** The verified ABIs read contract lists functions from (own, then a proven proxy's implementation's). */
  readAbis: readonly VerifiedAbi[];
  /** For a contract nobody verified: what its code runs (a clone's, beacon's or Diamond's code, a similar match). */
  code?: CodeReading | null;
  verified: VerifiedLookup;
  tabs: React.ReactNode;
  elsewhere: React.ReactNode;
}) {
  const { slotText, slot } = query;
  const blockParam = requested === 'latest' ? s.header.number[2].toString() : requested.toString();
  // The loader reads contract facts exactly when the address has code.
  const isContract = contract !== null;
  return (
    <div className="space-y-6">
      <AnswerBanner report={s.answers} node={`The ${zone.label} node`} />
      <AddressHeading address={address} zone={zone} contract={isContract} verified={verified} />
      {tabs}
      <TabPanel active="overview" className="space-y-6">
        {elsewhere}
        <AsOfForm address={address} zone={zone.name} requested={requested} header={s.header} slot={slotText} />
        <AnswerFlag report={s.answers} field="number[2]" />
        <StateFigures state={s} />
        {contract ? <ContractFacts address={address} facts={contract} blockNumber={s.header.number[2]} /> : null}
        {code?.proxy ? <CodeProxyFacts proxy={code.proxy} blockNumber={s.header.number[2]} /> : null}
        {code?.similar ? (
          <p className="card p-4 text-sm" role="note" data-testid="similar-match-note">
            <strong>Similar match:</strong> its runtime code is that of the verified contract <Address address={code.similar.address} zone /> but
            for the metadata hash; its source is on the <Link href={urls.addressContract(address)}>Contract tab</Link>.
          </p>
        ) : null}
        <Card title="Your label">
          <LabelEditor address={address} operator={operatorLabelOf(address)} />
        </Card>
        <Card title="Account proof">
          <AccountProofSection state={s} />
        </Card>
        <EvidenceSection
          target={{ kind: 'address', chain: zone.name, address, block: s.header.number[2].toString(), slots: s.storage ? [s.storage.slot] : [] }}
          bundlePath={urls.api.evidenceAddress(address, evidenceQuery({ block: s.header.number[2], slots: s.storage ? [s.storage.slot] : [] }))}
          chainLabel={zone.label}
        />
        <Card title="Storage">
          <StorageLookup
            address={address}
            block={requested === 'latest' ? undefined : requested.toString()}
            slotText={slotText}
            slotError={slot && !slot.ok ? slot.error : undefined}
            storage={s.storage}
          />
        </Card>
        <Card title="Pending and queued transactions">
          <PoolEntries pool={s.pool} />
        </Card>
        <Card title="Read contract">
          {isContract ? null : (
            <p className="border-b border-border px-4 py-2 text-sm text-muted">
              There is no code at this address as of block #{blockParam}: a call runs no contract and returns empty data.
            </p>
          )}
          <ReadContractLazy address={address} block={blockParam} verified={readAbis} />
        </Card>
        {isContract && s.code.ok ? <CodeSection code={s.code.value} source={verified.state === 'verified' ? 'verified' : 'unverified'} sourceHref={verified.state === 'verified' ? urls.addressContract(address) : urls.verify({ address })} /> : null}
      </TabPanel>
    </div>
  );
}
