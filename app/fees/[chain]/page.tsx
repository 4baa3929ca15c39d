import type { Metadata } from 'next';
import Link from 'next/link';
import { FeeCharts } from '@/components/fees/FeeCharts';
import { FeeControls } from '@/components/fees/FeeControls';
import { FeeNow } from '@/components/fees/FeeNow';
import { FeeReturned } from '@/components/fees/FeeReturned';
import { chartData } from '@/lib/network/fee-rows';
import { resolveFees } from '@/lib/server/network/resolve-fees';
import { routeData } from '@/lib/server/pipeline/route-data';
import { ErrorPanel } from '@/components/ui/status/ErrorPanel';
import { getConfig } from '@/lib/ops/config';
import { formatGweiAmount } from '@/lib/text/format';
import { urls } from '@/lib/routes/urls';

export const dynamic = 'force-dynamic';


export async function generateMetadata(): Promise<Metadata> {
  const { chain } = await routeData(resolveFees);
  return { title: `Fees · ${chain.label}` };
}

/** Fee history charts of one chain (base fee, gas used ratio, reward percentiles) and current suggestions (lib/server/network/resolve-fees.ts). */
export default async function FeesPage() {
  const { chain, blocksText, percentilesText, params: parsed, view } = await routeData(resolveFees);
  const path = urls.fees(chain.name);

  const header = (
    <header className="space-y-3">
      <h1 className="text-xl font-semibold">Fees · {chain.label}</h1>
      <nav aria-label="Chains" className="flex flex-wrap gap-2 text-sm">
        {getConfig().chains.map(({ chain: c }) => (
          <Link
            key={c.name}
            href={urls.fees(c.name)}
            aria-current={c.name === chain.name ? 'page' : undefined}
            className={`rounded-full border px-3 py-0.5 hover:no-underline ${c.name === chain.name ? 'border-accent text-fg' : 'border-border text-muted hover:text-fg'}`}
          >
            {c.label}
          </Link>
        ))}
      </nav>
    </header>
  );

  if (!parsed.ok || !view) {
    // Refused here: nothing is asked of the node with controls it would reject.
    return (
      <div className="space-y-6">
        {header}
        <FeeControls path={path} blocks={blocksText} percentiles={percentilesText} />
        <div role="alert" data-testid="fee-params-error" className="rounded-lg border border-bad/40 bg-surface p-4 text-sm text-bad">
          {(parsed.ok ? [] : parsed.errors).map((e) => (
            <p key={e}>{e}</p>
          ))}
          <p className="mt-2 text-muted">Nothing was asked of the node.</p>
        </div>
      </div>
    );
  }

  const history = view.history;
  return (
    <div className="space-y-6">
      {header}
      <FeeNow gasPrice={view.gasPrice} tip={view.maxPriorityFeePerGas} nextBaseFee={history.ok ? history.nextBaseFeeWei : null} />
      <FeeControls path={path} blocks={String(parsed.value.blockCount)} percentiles={parsed.value.percentiles.length ? parsed.value.percentiles.join(',') : 'none'} />
      {history.ok ? (
        <>
          <FeeReturned asked={parsed.value.blockCount} history={history} tip={view.tip} />
          {history.returnedBlocks > 0 ? <Summary rows={history.rows} /> : null}
          {history.returnedBlocks > 0 ? <FeeCharts data={chartData(history.rows)} percentiles={history.percentiles} /> : null}
        </>
      ) : (
        <ErrorPanel title="feeHistory failed" message={history.message} />
      )}
    </div>
  );
}

/** Server-rendered figures: the range in four numbers, above the charts. */
function Summary({ rows }: { rows: readonly { baseFeeWei: string; gasUsedPercent: number }[] }) {
  const fees = rows.map((r) => BigInt(r.baseFeeWei));
  const min = fees.reduce((a, b) => (b < a ? b : a));
  const max = fees.reduce((a, b) => (b > a ? b : a));
  const avgUsed = rows.reduce((a, r) => a + r.gasUsedPercent, 0) / rows.length;
  return (
    <dl className="grid grid-cols-2 gap-3 text-sm sm:grid-cols-4">
      <Stat label="Lowest base fee" value={formatGweiAmount(min, 6)} />
      <Stat label="Highest base fee" value={formatGweiAmount(max, 6)} />
      <Stat label="Latest base fee" value={formatGweiAmount(fees[fees.length - 1] ?? 0n, 6)} />
      <Stat label="Mean gas used" value={`${avgUsed.toFixed(2)}%`} />
    </dl>
  );
}

function Stat({ label, value }: { label: string; value: string }) {
  return (
    <div className="card px-3 py-2">
      <dt className="text-xs text-muted">{label}</dt>
      <dd className="tabular-nums">{value}</dd>
    </div>
  );
}
