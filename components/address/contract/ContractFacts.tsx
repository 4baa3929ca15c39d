import type { Address as AddressType } from 'viem';
import Link from 'next/link';
import { Address } from '@/components/ui/values/Address';
import { urls } from '@/lib/routes/urls';
import { InfoRow, InfoTable } from '@/components/ui/layout/InfoTable';
import type { ProxyVerdict, SlotReading } from '@/lib/checks/proxy-slots';
import { formatInteger, formatTokenAmount } from '@/lib/text/format';
import type { ProofOutcome } from '@/lib/checks/proof-outcome';
import type { ContractFacts as ContractFactsData, TokenSummary } from '@/lib/server/address/load-contract-facts';
import { ProofStatus } from '../ProofStatus';
import { ChainText } from '@/components/ui/values/ChainText';

/** Token facts and, for an EIP-1967 proxy, its proven implementation and admin, as `loadContractFacts` read them at `blockNumber`. */
export function ContractFacts({ address, facts, blockNumber }: { address: AddressType; facts: ContractFactsData; blockNumber: bigint }) {
  const proxy = facts.proxy.ok && facts.proxy.verdict.isProxy ? facts.proxy.verdict : null;
  if (!facts.token && !proxy) return null;
  return (
    <>
      {facts.token ? <TokenFacts address={address} token={facts.token} /> : null}
      {proxy ? <ProxyFacts verdict={proxy} blockNumber={blockNumber} /> : null}
    </>
  );
}

function TokenFacts({ address, token }: { address: AddressType; token: TokenSummary }) {
  const supply =
    token.totalSupply === null ? (
      'not answered'
    ) : token.decimals === null ? (
      `${formatInteger(token.totalSupply)} (raw units: no decimals())`
    ) : (
      <>
        {formatTokenAmount(token.totalSupply, token.decimals)} {token.symbol !== null ? <ChainText text={token.symbol} /> : null}
      </>
    );
  return (
    <div data-testid="token-facts">
      <InfoTable title={`Token${token.standard ? ` (${token.standard})` : ''}`}>
        <InfoRow label="Name">{token.name !== null ? <ChainText text={token.name} /> : <span className="text-muted">not answered</span>}</InfoRow>
        <InfoRow label="Symbol">
          <span data-testid="token-symbol">{token.symbol !== null ? <ChainText text={token.symbol} /> : <span className="text-muted">not answered</span>}</span>
        </InfoRow>
        <InfoRow label="Decimals">{token.decimals ?? <span className="text-muted">not answered: amounts are shown in raw units</span>}</InfoRow>
        <InfoRow label="Total supply">
          <span className="tabular-nums" data-testid="token-supply">{supply}</span>
        </InfoRow>
        <InfoRow label="Token page">
          <Link href={urls.token(address)} data-testid="token-page-link">
            Holders and transfers of {token.symbol !== null ? <ChainText text={token.symbol} /> : 'this token'}
          </Link>
        </InfoRow>
      </InfoTable>
    </div>
  );
}

/** The slot's verdict only counts when the account proof holds: show the first failure. */
/** A slot's value means nothing unless the account it sits in is proven too. */
function slotOutcome(verdict: ProxyVerdict, slot: SlotReading): ProofOutcome {
  return verdict.account.ok ? slot.outcome : verdict.accountOutcome;
}

function ProxyFacts({ verdict, blockNumber }: { verdict: ProxyVerdict; blockNumber: bigint }) {
  const rows = [
    { label: 'Implementation', slot: verdict.implementation, testId: 'proxy-implementation' },
    { label: 'Admin', slot: verdict.admin, testId: 'proxy-admin' },
  ];
  return (
    <div data-testid="proxy-facts">
      <InfoTable title="EIP-1967 proxy">
        {rows.map(({ label, slot, testId }) => (
          <InfoRow key={label} label={label} hint={`Storage slot ${slot.slot}`}>
            <div className="space-y-1" data-testid={testId}>
              {slot.address ? <Address address={slot.address} full copy zone /> : <span className="text-muted">empty slot</span>}
              <ProofStatus outcome={slotOutcome(verdict, slot)} what={`slot read with getProof at block #${blockNumber} and proven against its state root`} testId={`${testId}-proof`} />
            </div>
          </InfoRow>
        ))}
      </InfoTable>
    </div>
  );
}
