'use client';

import { clientLazy } from '@/components/ui/client/client-lazy';

function Placeholder() {
  return <div data-testid="stats-chart-loading" className="h-[200px]" aria-busy="true" />;
}

/** The chart, its recharts code fetched in the browser (never on the server): the page draws the frame, the title and the CSV link meanwhile. */
export const StatsChartLazy = clientLazy(() => import('./StatsChart').then((m) => m.StatsChart), <Placeholder />);
