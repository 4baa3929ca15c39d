import type { Chain } from '@/lib/protocol/chains';

/** A tab that reads the address's zone, on an explorer not configured to read that zone. */
export function ZoneNotRead({ zone }: { zone: Chain }) {
  return (
    <p className="rounded-lg border border-warn/40 bg-surface p-4 text-sm" role="status">
      This address lives in {zone.label}, which this explorer is not configured to read.
    </p>
  );
}
