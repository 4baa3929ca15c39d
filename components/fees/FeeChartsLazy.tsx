'use client';

import dynamic from 'next/dynamic';

/**
 * The fee page's charts, fetched after the page: recharts is about 100 KB of gzipped JavaScript,
 * a third of the page's first load. The server renders a box of the charts' height in its place
 * (recharts' ResponsiveContainer draws nothing before it can measure its width anyway).
 */
export const FeeChartsLazy = dynamic(() => import('./FeeCharts').then((m) => m.FeeCharts), {
  ssr: false,
  loading: () => <div data-testid="fee-charts-loading" className="min-h-[540px] rounded-lg border border-border bg-surface" aria-busy="true" />,
});
