/** A fee chart's frame and title, the same around the SVG and the recharts drawing. */
export function ChartCard({ title, testId, wide = false, children }: { title: string; testId: string; wide?: boolean; children: React.ReactNode }) {
  return (
    <figure data-testid={testId} className={`min-w-0 card p-3 ${wide ? 'lg:col-span-2' : ''}`}>
      <figcaption className="mb-2 text-sm font-semibold">{title}</figcaption>
      {children}
    </figure>
  );
}
