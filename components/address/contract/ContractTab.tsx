import Link from 'next/link';
import type { Address as AddressType } from 'viem';
import { ErrorPanel } from '@/components/ui/status/ErrorPanel';
import type { Chain } from '@/lib/protocol/chains';
import { formatBytes } from '@/lib/text/format';
import type { ContractTabLoad } from '@/lib/server/contracts/load-contract-tab';
import { urls } from '@/lib/routes/urls';
import { VerifiedSource } from './VerifiedSource';
import { ZoneNotRead } from '../ZoneNotRead';
import { CodeFunctions } from './CodeFunctions';
import { CodeProxyFacts } from './CodeProxyFacts';
import { Address } from '@/components/ui/values/Address';
import type { VerifiedContract } from '@/lib/server/contracts/verified-source';

/** The Contract tab for each outcome: the verified source, or why there is none and where to verify. */
export function ContractTab({ address, zone, load }: { address: AddressType; zone: Chain; load: ContractTabLoad }) {
  switch (load.kind) {
    case 'verified':
      return <VerifiedSource address={address} contract={load.contract} />;
    case 'unverified':
      // The store did not answer: whether it is verified is unknown, and the page says only that.
      if (load.storeError) {
        return (
          <section className="space-y-2 rounded-lg border border-warn/40 bg-surface p-4 text-sm" role="status" data-testid="contract-verification-unknown">
            <p>
              Whether this contract&apos;s source is verified cannot be said now: the verified-source store did not answer ({load.storeError}). Its{' '}
              {formatBytes(load.codeBytes)} of code are on the Overview tab; reload to ask again.
            </p>
          </section>
        );
      }
      if (load.reading?.similar) return <SimilarSource address={address} twin={load.reading.similar} />;
      return (
        <div className="space-y-4">
          <section className="space-y-2 card p-4 text-sm" data-testid="contract-unverified">
            <p>
              This contract&apos;s source is <strong>not verified</strong>: its {formatBytes(load.codeBytes)} of code are on the Overview tab.
              {load.reading && load.reading.abis.length > 0
                ? ' Its functions below are read from that code; read and write them on the Overview and Write contract tabs.'
                : ' Read contract there needs an ABI pasted.'}
            </p>
            {load.reading && !load.reading.proven.ok ? (
              <p className="text-bad" data-testid="code-not-proven">Its code was not followed: {load.reading.proven.reason}.</p>
            ) : null}
            <p>
              <Link href={urls.verify({ address })} className="underline underline-offset-2" data-testid="verify-link">
                Verify and publish its source
              </Link>{' '}
              <span className="text-muted">(or with <code>npx hardhat verify</code> or <code>forge verify-contract</code>, through the Etherscan or the Sourcify API: see the README, “Verify your contract”)</span>
            </p>
          </section>
          {load.reading?.proxy && load.block !== null ? <CodeProxyFacts proxy={load.reading.proxy} blockNumber={load.block} /> : null}
          {load.reading ? <CodeFunctions abis={load.reading.abis} /> : null}
        </div>
      );
    case 'no-code':
      return (
        <p className="card p-4 text-sm" role="status" data-testid="contract-no-code">
          There is no contract at this address: it has no code at {zone.label}&apos;s latest block.
        </p>
      );
    case 'unconfigured':
      return <ZoneNotRead zone={zone} />;
    case 'error':
      return <ErrorPanel title={`The ${zone.label} node did not answer`} message={load.message} />;
  }
}

/**
 * A similar match: the code is a verified contract's but for its metadata hash, so that contract's
 * source is shown, saying so and linking it (Etherscan's "Similar Match Source Code").
 */
function SimilarSource({ address, twin }: { address: AddressType; twin: VerifiedContract }) {
  return (
    <div className="space-y-4">
      <section className="space-y-1 rounded-lg border border-warn/40 bg-surface p-4 text-sm" role="note" data-testid="similar-match" data-twin={twin.address.toLowerCase()}>
        <p>
          <strong>Similar match.</strong> This contract ({address}) is not verified itself, but its runtime code is the same as that of the verified
          contract <Address address={twin.address} zone /> but for the metadata hash at its end (and its immutables): the source below is that
          contract&apos;s. <Link href={urls.addressContract(twin.address)}>Open the verified contract</Link>.
        </p>
        <p className="text-muted">
          The metadata hash covers comments and file names, so this contract may have been compiled from a source that differs in those.{' '}
          <Link href={urls.verify({ address })}>Verify this contract’s own source</Link>.
        </p>
      </section>
      <VerifiedSource address={twin.address} contract={twin} recompile={false} />
    </div>
  );
}
