import { percentileKey } from '@/lib/fees/fee-rows';
import { FeeChart } from './FeeChart';
import { PERCENTILE_COLOURS } from './chart-colours';
import { FeeChartsUpgrade } from './FeeChartsUpgrade';


function gwei(value: number): string {
  return `${value.toLocaleString('en-US', { maximumFractionDigits: 9 })} gwei`;
}

interface FeeChartsProps {
  /** Flat rows: { block, baseFee (gwei), gasUsed (percent), p<percentile> (gwei)… }. */
  data: readonly Record<string, number>[];
  percentiles: readonly number[];
}

/**
 * The fee page's three charts from one feeHistory answer: base fee, gas used ratio and priority
 * fee (reward) percentiles, per block. Numbers arrive prepared by lib/fees/fee-rows.ts. A server
 * component: the charts are first SVG in the page's HTML (./FeeChart.tsx), drawn before any
 * script and without JavaScript; FeeChartsUpgrade replaces them by the recharts charts
 * (./FeeChartsInteractive.tsx, about 100 KB of JavaScript) once they scroll into view or the
 * reader points at them, so recharts is not part of the page's load (issue 21).
 */
export function FeeCharts({ data, percentiles }: FeeChartsProps) {
  const first = data[0]?.block;
  const last = data.at(-1)?.block;
  const range = first === undefined ? 'no blocks' : `blocks ${first} to ${last}`;
  return (
    <FeeChartsUpgrade data={data} percentiles={percentiles}>
      <div className="grid gap-6 lg:grid-cols-2" data-testid="fee-charts" data-drawn-by="svg">
        <ChartCard title="Base fee per gas (gwei)" testId="chart-base-fee">
          <FeeChart
            rows={data}
            series={[{ key: 'baseFee', name: 'base fee', colour: 'var(--c-accent)' }]}
            kind="step"
            top="auto"
            height={220}
            format={gwei}
            label={`Base fee per gas, ${range}`}
          />
        </ChartCard>
        <ChartCard title="Gas used / gas limit (%)" testId="chart-gas-used">
          <FeeChart
            rows={data}
            series={[{ key: 'gasUsed', name: 'gas used', colour: 'var(--c-region)' }]}
            kind="bar"
            top={100}
            height={220}
            format={(v) => `${v.toFixed(v % 1 === 0 ? 0 : 2)}%`}
            label={`Gas used as a share of the gas limit, ${range}`}
          />
        </ChartCard>
        {percentiles.length > 0 ? (
          <ChartCard title="Priority fee paid, by percentile (gwei)" testId="chart-rewards" wide>
            <FeeChart
              rows={data}
              series={percentiles.map((p, i) => ({ key: percentileKey(p), name: `p${p}`, colour: PERCENTILE_COLOURS[i % PERCENTILE_COLOURS.length] ?? 'var(--c-fg)' }))}
              kind="step"
              top="auto"
              height={240}
              format={gwei}
              label={`Priority fee paid at percentiles ${percentiles.join(', ')}, ${range}`}
            />
          </ChartCard>
        ) : null}
      </div>
    </FeeChartsUpgrade>
  );
}

function ChartCard({ title, testId, wide = false, children }: { title: string; testId: string; wide?: boolean; children: React.ReactNode }) {
  return (
    <figure data-testid={testId} className={`min-w-0 rounded-lg border border-border bg-surface p-3 ${wide ? 'lg:col-span-2' : ''}`}>
      <figcaption className="mb-2 text-sm font-semibold">{title}</figcaption>
      {children}
    </figure>
  );
}
