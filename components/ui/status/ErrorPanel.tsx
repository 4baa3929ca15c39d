'use client';

import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useTransition } from 'react';
import { urls } from '@/lib/routes/urls';
import { DetailList } from '@/components/ui/layout/DetailList';

interface ErrorPanelProps {
  title: string;
  message: string;
  /** Extra lines (what was tried, which chain). */
  details?: readonly string[];
  /** Called by the retry button; defaults to re-rendering the route from the server. */
  onRetry?: () => void;
}

/**
 * An error the reader can act on, with a retry button. Without JavaScript the button is a link
 * to the same page, which retries just as well.
 */
export function ErrorPanel({ title, message, details, onRetry }: ErrorPanelProps) {
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  return (
    <section role="alert" className="mx-auto max-w-2xl rounded-lg border border-bad/40 bg-surface p-6">
      <h1 className="text-lg font-semibold text-bad">{title}</h1>
      <p className="mt-2 text-sm">{message}</p>
      <DetailList details={details} />
      <div className="mt-5 flex gap-3">
        <button
          type="button"
          disabled={pending}
          onClick={() =>
            startTransition(() => {
              if (onRetry) onRetry();
              else router.refresh();
            })
          }
          className="needs-js rounded-md bg-accent px-4 py-2 text-sm font-medium text-accent-fg disabled:opacity-60"
        >
          {pending ? 'Retrying…' : 'Retry'}
        </button>
        <noscript>
          <a href="" className="rounded-md bg-accent px-4 py-2 text-sm font-medium text-accent-fg">
            Retry
          </a>
        </noscript>
        <Link href={urls.home()} className="px-2 py-2 text-sm">
          Home
        </Link>
      </div>
    </section>
  );
}
