import type { Address as AddressType } from 'viem';
import { AddressLabel } from '@/components/labels/AddressLabel';
import { Badge, ZoneBadge } from '@/components/ui/layout/Badge';
import { CopyButton } from '@/components/ui/values/CopyButton';
import Link from 'next/link';
import type { Chain } from '@/lib/protocol/chains';
import type { VerifiedLookup } from '@/lib/server/contracts/verified-source';
import { operatorLabelOf } from '@/lib/server/labels/operator-labels';
import { urls } from '@/lib/routes/urls';
import { Glyph } from '@/components/ui/values/Glyph';
import { WatchButton } from '@/components/watchlist/WatchButton';
import { AddressLive } from './AddressLive';

/**
 * `source`: where the figures under the heading come from — the zone's node, or Strata's index of
 * it (the History tab). `verified`: the verified-source lookup, drawn as a badge linking to the
 * Contract tab when the contract is verified.
 */
export function AddressHeading({
  address,
  zone,
  contract,
  source = 'node',
  verified,
}: {
  address: AddressType;
  zone: Chain;
  contract?: boolean;
  source?: 'node' | 'index' | 'tokens' | 'contract' | 'approvals' | 'write';
  verified?: VerifiedLookup;
}) {
  const match = verified?.state === 'verified' ? verified.contract.matchKind : undefined;
  return (
    <header className="space-y-2">
      <p className="text-xs font-semibold uppercase tracking-wide text-muted">Address</p>
      <h1 className="flex flex-wrap items-center gap-2 text-lg font-semibold">
        <span className="min-w-0 break-all font-mono" data-testid="address">
          {address}
        </span>
        <CopyButton value={address} label="Copy address" />
        <AddressLabel address={address} operator={operatorLabelOf(address) ?? null} />
        <WatchButton address={address} />
        {match ? (
          <Link href={urls.addressContract(address)} className="hover:no-underline" data-testid="verified-badge">
            <Badge
              tone={match === 'full' ? 'ok' : 'warn'}
              title={
                match === 'full'
                  ? 'Verified: compiling the published source gives exactly the code on chain'
                  : 'Verified (partial): the source compiles to the code on chain except for its metadata hash (comments or file names may differ)'
              }
            >
              <Glyph name="pass" /> Verified ({match})
            </Badge>
          </Link>
        ) : null}
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
              : source === 'tokens'
                ? 'the transfers below come from Strata’s index; each balance from the token’s own balanceOf on the node.'
                : source === 'approvals'
                  ? 'the approvals below are found by Strata’s index; each amount is the token’s own answer on the node.'
                  : source === 'write'
                    ? 'what you write below is signed by your wallet and runs on its node.'
                    : 'the source below was compiled by Strata and matched against the code on chain.'}
        </span>
      </p>
      {/* The tabs whose figures a new transaction changes are drawn again when one is mined. */}
      <AddressLive address={address} refresh={source === 'node' || source === 'index'} />
    </header>
  );
}
