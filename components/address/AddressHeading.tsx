import type { Address as AddressType } from 'viem';
import { AddressLabel } from '@/components/labels/AddressLabel';
import { Badge, ZoneBadge } from '@/components/ui/Badge';
import { CopyButton } from '@/components/ui/CopyButton';
import type { Chain } from '@/lib/chains';
import { operatorLabelOf } from '@/lib/server/labels/operator-labels';

/** `source`: where the figures under the heading come from — the zone's node, or Strata's index of it (the History tab). */
export function AddressHeading({ address, zone, contract, source = 'node' }: { address: AddressType; zone: Chain; contract?: boolean; source?: 'node' | 'index' | 'tokens' }) {
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
