import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { BroadcastForm } from '@/components/broadcast/BroadcastForm';
import { resolveBroadcast } from '@/lib/server/wallet/resolve-broadcast';
import { routeData } from '@/lib/server/pipeline/route-data';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = { title: 'Broadcast' };

/**
 * Paste, inspect, send. Turned off with STRATA_BROADCAST=off: then this route answers 404 with
 * app/broadcast/not-found.tsx explaining that the deployment disabled it (lib/server/wallet/resolve-broadcast.ts).
 */
export default async function BroadcastPage() {
  const { enabled, expectedChainId, zones } = await routeData(resolveBroadcast);
  if (!enabled) notFound();
  return (
    <div className="space-y-6">
      <header className="space-y-2">
        <h1 className="text-xl font-semibold">Broadcast a transaction</h1>
        <p className="max-w-3xl text-sm text-muted">
          Paste a transaction you signed elsewhere. It is decoded here first — hash, sender, the zone it must go to and every field —
          and sent only when you press Send, to the zone that owns its sender.
        </p>
        <noscript>
          <p className="text-sm text-warn">This page needs JavaScript to decode and send.</p>
        </noscript>
      </header>
      <BroadcastForm expectedChainId={expectedChainId} configuredZones={zones} />
    </div>
  );
}
