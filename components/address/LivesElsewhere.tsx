import Link from 'next/link';
import type { Chain } from '@/lib/protocol/chains';
import { urls } from '@/lib/routes/urls';

/** A reader who came through another chain (`?chain=`) is told the state was read from the address's own zone. */
export function LivesElsewhere({ address, zone, via }: { address: string; zone: Chain; via: Chain }) {
  return (
    <p className="rounded-lg border border-warn/40 bg-surface p-3 text-sm" role="status" data-testid="lives-elsewhere">
      You came here through {via.label}, but this address lives in <strong>{zone.label}</strong>: its state is not in {via.label}.
      It was read from {zone.label} instead — <Link href={urls.address(address)}>the address on {zone.label}</Link>.
    </p>
  );
}
