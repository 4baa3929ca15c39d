'use client';

import type { ComponentProps } from 'react';
import { clientLazy } from '@/components/ui/client/client-lazy';
import { useOnceVisible } from '@/components/ui/client/use-once-visible';
import type { DailyCharts as DailyChartsType } from './DailyCharts';

function Placeholder() {
  return <div data-testid="daily-charts-loading" className="min-h-[420px] rounded-md border border-border" aria-busy="true" />;
}

const DailyCharts = clientLazy(() => import('./DailyCharts').then((m) => m.DailyCharts), <Placeholder />);

/**
 * The daily charts, fetched when their place scrolls into view: recharts (about 100 KB of gzipped
 * JavaScript) stays out of every other page and out of the network page until a reader gets to
 * the Activity section. The server renders a box of the charts' height meanwhile.
 */
export function DailyChartsLazy(props: ComponentProps<typeof DailyChartsType>) {
  const [ref, seen] = useOnceVisible<HTMLDivElement>();
  if (seen) return <DailyCharts {...props} />;
  return (
    <div ref={ref}>
      <Placeholder />
    </div>
  );
}
