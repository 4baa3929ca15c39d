import type { ReactNode } from 'react';

/** A definition list of labelled rows (label left, value right; stacked on narrow screens). */
export function InfoTable({ children, title }: { children: ReactNode; title?: string }) {
  return (
    <section className="card overflow-hidden">
      {title ? <h2 className="border-b border-border px-4 py-2 text-sm font-semibold">{title}</h2> : null}
      <dl className="divide-y divide-border">{children}</dl>
    </section>
  );
}

/** One labelled row of an InfoTable. `hint` explains the field in a tooltip. */
export function InfoRow({ label, hint, children }: { label: string; hint?: string; children: ReactNode }) {
  return (
    <div className="info-row">
      <dt className="info-label" title={hint}>
        {label}
      </dt>
      <dd className="info-value">{children}</dd>
    </div>
  );
}
