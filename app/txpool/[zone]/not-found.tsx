import Link from 'next/link';
import { NotFoundPanel } from '@/components/ui/status/NotFoundPanel';
import { configuredZones } from '@/lib/routes/params/pool-zone';
import { urls } from '@/lib/routes/urls';

/** Reached for a chain that is not a zone served here (malformed names are caught earlier by proxy.ts). */
export default function TxpoolNotFound() {
  const zones = configuredZones();
  return (
    <NotFoundPanel
      title="No transaction pool here"
      reason={<p>Transaction pools belong to zones, and this explorer serves only the zones below.</p>}
    >
      <ul className="flex flex-wrap gap-3 text-sm">
        {zones.map((z) => (
          <li key={z.name}>
            <Link href={urls.txpool(z.name)}>{z.label}</Link>
          </li>
        ))}
      </ul>
    </NotFoundPanel>
  );
}
