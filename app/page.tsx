import { HomeLive } from '@/components/home/HomeLive';
import { resolveHome } from '@/lib/server/tips/resolve-home';
import { routeData } from '@/lib/server/pipeline/route-data';
import { FeeSparkline } from '@/components/fees/FeeSparkline';
import { getConfig } from '@/lib/ops/config';
import { OperatorLabelsSeed } from '@/components/labels/OperatorLabelsSeed';
import { operatorLabelsIn } from '@/lib/server/labels/operator-labels';

export const dynamic = 'force-dynamic';

/**
 * Home: every configured chain's tip, the newest blocks across zones and their transactions.
 * Server-rendered from the same coalesced snapshot /api/tips serves, so it is complete without
 * JavaScript; HomeLive then polls for new blocks.
 */
export default async function HomePage() {
  const tips = await routeData(resolveHome);
  // The small fee chart (components/fees) and the feeds' whole lists: the first configured zone.
  const feeChain = getConfig().chains.map((c) => c.chain).find((c) => c.level === 2);
  return (
    <div className="space-y-6">
      <section className="space-y-3">
        <h1 className="text-xl font-semibold tracking-tight">Quai Network, every chain at once</h1>
        <p className="max-w-3xl text-sm text-muted">
          Prime, regions and zones as the node reports them. A badge marks blocks that are also region or prime blocks.
        </p>
      </section>
      {/* One search box, the header's. The labels of the feeds' first addresses; later ones come from /api/labels. */}
      <OperatorLabelsSeed labels={operatorLabelsIn(tips)}>
        <HomeLive initial={tips} allOf={feeChain?.name} />
      </OperatorLabelsSeed>
      {feeChain ? <FeeSparkline chain={feeChain.name} label={feeChain.label} /> : null}
    </div>
  );
}
