import { blockRange, feeSeries } from '@/lib/network/fee-series';
import { ChartCard } from './ChartCard';
import { FeeChart } from './FeeChart';
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
 * fee (reward) percentiles, per block. Numbers arrive prepared by lib/network/fee-rows.ts. A server
 * component: the charts are first SVG in the page's HTML (./FeeChart.tsx), drawn before any
 * script and without JavaScript; FeeChartsUpgrade replaces them by the recharts charts
 * (./FeeChartsInteractive.tsx, about 100 KB of JavaScript) once they scroll into view or the
 * reader points at them, so recharts is not part of the page's load.
 */
export function FeeCharts({ data, percentiles }: FeeChartsProps) {
  const range = blockRange(data);
  const series = feeSeries(percentiles);
  return (
    <FeeChartsUpgrade data={data} percentiles={percentiles}>
      <div className="grid gap-6 lg:grid-cols-2" data-testid="fee-charts" data-drawn-by="svg">
        <ChartCard title="Base fee per gas (gwei)" testId="chart-base-fee">
          <FeeChart
            rows={data}
            series={[series.baseFee]}
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
            series={[series.gasUsed]}
            kind="bar"
            top={100}
            height={220}
            format={(v) => `${v.toFixed(v % 1 === 0 ? 0 : 2)}%`}
            label={`Gas used as a share of the gas limit, ${range}`}
          />
        </ChartCard>
        {series.rewards.length > 0 ? (
          <ChartCard title="Priority fee paid, by percentile (gwei)" testId="chart-rewards" wide>
            <FeeChart
              rows={data}
              series={series.rewards}
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
