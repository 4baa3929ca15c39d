import Link from 'next/link';
import type { ReactNode } from 'react';
import { DetailList } from '@/components/ui/layout/DetailList';

interface NotFoundPanelProps {
  title: string;
  /** Why nothing was found: what was looked for, where, and what the node said. */
  reason: ReactNode;
  /** Further facts, e.g. each chain that was asked. */
  details?: readonly string[];
  children?: ReactNode;
}

/** A "not found" that says exactly why. */
export function NotFoundPanel({ title, reason, details, children }: NotFoundPanelProps) {
  return (
    <section className="mx-auto max-w-2xl card p-6">
      <p className="text-xs font-semibold uppercase tracking-wide text-muted">Not found · 404</p>
      <h1 className="mt-1 text-lg font-semibold">{title}</h1>
      <div className="mt-2 text-sm">{reason}</div>
      <DetailList details={details} />
      {children ? <div className="mt-4">{children}</div> : null}
      <p className="mt-5 text-sm">
        <Link href="/">Back to the home page</Link>
      </p>
    </section>
  );
}
