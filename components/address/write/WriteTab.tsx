import type { Address } from 'viem';
import { ErrorPanel } from '@/components/ui/status/ErrorPanel';
import type { Chain } from '@/lib/protocol/chains';
import type { WriteTabLoad } from '@/lib/server/contracts/load-write-tab';
import { WritePanelLazy } from './WritePanelLazy';
import { ZoneNotRead } from '../ZoneNotRead';

/** The Write contract tab for each outcome of its read: the wallet and the forms, or why there are none. */
export function WriteTab({ address, zone, load }: { address: Address; zone: Chain; load: WriteTabLoad }) {
  switch (load.kind) {
    case 'unconfigured':
      return <ZoneNotRead zone={zone} />;
    case 'error':
      return <ErrorPanel title={`The ${zone.label} node did not answer`} message={load.message} />;
    case 'no-code':
      return (
        <p className="card p-4 text-sm" role="status" data-testid="write-no-code">
          There is no contract at this address to write to: it has no code at {zone.label}’s block #{load.block.toString()}.
        </p>
      );
    case 'ok':
      return (
        <section className="space-y-3 card p-4" aria-labelledby="write-contract-heading">
          {/* The tab names it on screen; the heading puts the functions' h3s under an h2 for a screen reader's outline. */}
          <h2 id="write-contract-heading" className="sr-only">
            Write contract
          </h2>
          <p className="text-sm text-muted">
            Each function below is sent as a transaction from your wallet’s account, which must be in {zone.label} (a Quai address belongs to one
            zone). The gas is estimated by this explorer’s {zone.label} node first; nothing is signed but in your wallet.
          </p>
          <WritePanelLazy address={address} verified={load.abis} operatorAbi={load.operatorAbi} chainId={load.chainId} />
        </section>
      );
  }
}
