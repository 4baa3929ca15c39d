'use client';

import dynamic from 'next/dynamic';

/**
 * The daily charts, fetched after the network page: recharts stays out of every other page's
 * JavaScript and out of this page's first load. The server renders a box of the charts' height.
 */
export const DailyChartsLazy = dynamic(() => import('./DailyCharts').then((m) => m.DailyCharts), {
  ssr: false,
  loading: () => <div data-testid="daily-charts-loading" className="min-h-[420px] rounded-md border border-border" aria-busy="true" />,
});
