import Link from 'next/link';
import { shortenHex } from '@/lib/format';
import { urls } from '@/lib/urls';
import { AddressLabel } from '@/components/labels/AddressLabel';
import { ZoneBadge } from './Badge';
import { CopyButton } from './CopyButton';

interface AddressProps {
  address: string;
  /** Link to the address page (default true). */
  link?: boolean;
  full?: boolean;
  copy?: boolean;
  /** Show the zone that owns it. */
  zone?: boolean;
}

/** An address: its label if it has one, monospace, shortened with the full value in the title, linking to its page. */
export function Address({ address, link = true, full = false, copy = false, zone = false }: AddressProps) {
  const text = (
    <span className={`font-mono ${full ? 'break-all' : 'whitespace-nowrap'}`} title={address}>
      {full ? address : shortenHex(address, 6, 4)}
    </span>
  );
  return (
    <span className="inline-flex max-w-full flex-wrap items-center gap-x-1">
      <AddressLabel address={address} />
      {link ? <Link prefetch={false} href={urls.address(address)}>{text}</Link> : text}
      {copy ? <CopyButton value={address} label="Copy address" /> : null}
      {zone ? <ZoneBadge address={address} /> : null}
    </span>
  );
}
