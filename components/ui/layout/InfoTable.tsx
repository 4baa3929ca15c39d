import type { ReactNode } from 'react';

/** A definition list of labelled rows (label left, value right; stacked on narrow screens). */
export function InfoTable({ children, title }: { children: ReactNode; title?: string }) {
  return (
    <section className="overflow-hidden rounded-lg border border-border bg-surface">
      {title ? <h2 className="border-b border-border px-4 py-2 text-sm font-semibold">{title}</h2> : null}
      <dl className="divide-y divide-border">{children}</dl>
    </section>
  );
}

/** One labelled row of an InfoTable. `hint` explains the field in a tooltip. */
export function InfoRow({ label, hint, children }: { label: string; hint?: string; children: ReactNode }) {
  return (
    <div className="grid gap-1 px-4 py-2.5 sm:grid-cols-[14rem_1fr] sm:gap-4">
      <dt className="text-sm text-muted" title={hint}>
        {label}
      </dt>
      <dd className="min-w-0 text-sm break-words">{children}</dd>
    </div>
  );
}
