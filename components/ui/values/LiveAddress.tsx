import { shortenHex } from '@/lib/text/format';
import { urls } from '@/lib/routes/urls';
import { AddressLabel } from '@/components/labels/AddressLabel';
import { ZoneBadge } from '@/components/ui/layout/Badge';
import { CopyButton } from './CopyButton';
import { HexText } from './HexText';

export interface AddressProps {
  address: string;
  /** Link to the address page (default true). */
  link?: boolean;
  full?: boolean;
  copy?: boolean;
  /** Show the zone that owns it. */
  zone?: boolean;
}

/**
 * An address as a client component draws it (a live list): the operator's label comes from the
 * list's seed or /api/labels (components/labels/use-labels.ts). Server components use ./Address,
 * which looks the label up on the server and passes `operator`.
 */
export function LiveAddress({ address, link = true, full = false, copy = false, zone = false, operator }: AddressProps & { operator?: string | null }) {
  return (
    <span className="inline-flex max-w-full flex-wrap items-center gap-x-1">
      <AddressLabel address={address} operator={operator} />
      <HexText value={address} shown={full ? address : shortenHex(address, 6, 4)} href={link ? urls.address(address) : undefined} full={full} />
      {copy ? <CopyButton value={address} label="Copy address" /> : null}
      {zone ? <ZoneBadge address={address} /> : null}
    </span>
  );
}
