import Link from 'next/link';
import type { Address as AddressType } from 'viem';
import { ErrorPanel } from '@/components/ui/status/ErrorPanel';
import type { Chain } from '@/lib/chains';
import { formatBytes } from '@/lib/format';
import type { ContractTabLoad } from '@/lib/server/contract/load-contract-tab';
import { urls } from '@/lib/urls';
import { VerifiedSource } from './VerifiedSource';
import { ZoneNotRead } from '../ZoneNotRead';

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
      return (
        <section className="space-y-2 card p-4 text-sm" data-testid="contract-unverified">
          <p>
            This contract&apos;s source is <strong>not verified</strong>: its {formatBytes(load.codeBytes)} of code are on the Overview tab,
            and read contract there needs an ABI pasted.
          </p>
          <p>
            <Link href={urls.verify({ address })} className="underline underline-offset-2" data-testid="verify-link">
              Verify and publish its source
            </Link>{' '}
            <span className="text-muted">(or with <code>npx hardhat verify</code> or <code>forge verify-contract</code>: see the README, “Verify your contract”)</span>
          </p>
        </section>
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
