import type { Metadata } from 'next';
import { HierarchyLive } from '@/components/hierarchy/HierarchyLive';
import { routeData } from '@/lib/server/pipeline/route-data';
import { resolveHierarchy } from '@/lib/server/stream/resolve-hierarchy';

export const metadata: Metadata = { title: 'Hierarchy, live' };
export const dynamic = 'force-dynamic';

/** Prime, the regions and the zones as lanes, drawn from every chain's stream as blocks arrive (lib/server/stream/resolve-hierarchy.ts). */
export default async function HierarchyPage() {
  const data = await routeData(resolveHierarchy);
  return (
    <div className="space-y-4">
      <header className="space-y-2">
        <h1 className="text-xl font-semibold tracking-tight">The hierarchy, live</h1>
        <p className="max-w-3xl text-sm text-muted">
          Every chain of the network side by side: zone blocks that are also region or prime blocks are one block on several chains, and external transactions travel between zones through them.
        </p>
      </header>
      {data.streaming ? (
        <HierarchyLive chains={data.chains} initial={data.blocks} from={data.position} />
      ) : (
        <p className="text-sm text-muted">This explorer runs without event streams (STRATA_STREAM=off), which this picture is drawn from.</p>
      )}
    </div>
  );
}
