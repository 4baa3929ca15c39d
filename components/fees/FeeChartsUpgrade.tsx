'use client';

import { lazy, Suspense, useState, type ReactNode } from 'react';
import { useOnceVisible } from '@/components/ui/client/use-once-visible';

const FeeChartsInteractive = lazy(() => import('./FeeChartsInteractive').then((m) => ({ default: m.FeeChartsInteractive })));

interface FeeChartsUpgradeProps {
  data: readonly Record<string, number>[];
  percentiles: readonly number[];
  /** The server's SVG charts (./FeeCharts.tsx): shown first, without JavaScript, and while recharts loads. */
  children: ReactNode;
}

/**
 * Swaps the server-drawn SVG charts for the recharts ones (./FeeChartsInteractive.tsx) once the
 * reader scrolls them into view (or scrolls while they are on screen), or at once when the
 * reader points at or touches them (their native tooltips meanwhile; scrolling with the keyboard
 * counts as scrolling). recharts is about 90 KB of JavaScript in brotli: imported here, not with
 * the page, it stays out of the fee page's load (the JavaScript budget is "at load";
 * scripts/bench/js-bytes.ts prints both figures). The SVG stays until the chunk has arrived
 * (Suspense), so the charts never blank meanwhile.
 */
export function FeeChartsUpgrade({ data, percentiles, children }: FeeChartsUpgradeProps) {
  // No margin: the chunk is fetched when the charts are actually on screen, not about to be; and
  // only once the reader scrolls: on a tall screen the charts are in the first screen, where the
  // SVG (with its native tooltips) serves until the reader scrolls or points at them.
  const [ref, seen] = useOnceVisible<HTMLDivElement>('0px', { afterScroll: true });
  const [touched, setTouched] = useState(false);
  const want = () => setTouched(true);
  if (seen || touched) {
    return (
      <Suspense fallback={children}>
        <FeeChartsInteractive data={data} percentiles={percentiles} />
      </Suspense>
    );
  }
  return (
    <div ref={ref} onPointerEnter={want} onTouchStart={want}>
      {children}
    </div>
  );
}
