/** A fee chart's frame and title, the same around the SVG and the recharts drawing. */
export function ChartCard({ title, testId, wide = false, children }: { title: string; testId: string; wide?: boolean; children: React.ReactNode }) {
  return (
    <figure data-testid={testId} className={`min-w-0 rounded-lg border border-border bg-surface p-3 ${wide ? 'lg:col-span-2' : ''}`}>
      <figcaption className="mb-2 text-sm font-semibold">{title}</figcaption>
      {children}
    </figure>
  );
}
