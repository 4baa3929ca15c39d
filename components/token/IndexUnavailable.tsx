/** A section that comes from the index, when there is none to read: why, and that the rest of the page still works. */
export function IndexUnavailable({ state, reason, testId }: { state: 'off' | 'starting' | 'unavailable'; reason: string; testId?: string }) {
  const title = state === 'off' ? 'The history index is off' : state === 'starting' ? 'The history index is starting' : 'The history index is unavailable';
  return (
    <section className="rounded-lg border border-warn/40 bg-surface p-4 text-sm" role="status" data-testid={testId ?? 'index-unavailable'}>
      <p className="font-medium">{title}</p>
      <p className="mt-1 text-muted">{reason}. What this page reads from the node is shown as usual.</p>
    </section>
  );
}
