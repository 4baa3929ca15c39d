'use client';

import { ErrorPanel } from '@/components/ui/ErrorPanel';

/**
 * The error boundary for every page below the root layout. Server errors arrive here without
 * their message in production (Next hides it); the digest ties the page to the server log.
 * A node that is down is caught earlier, by proxy.ts, which answers 503 itself.
 */
export default function ErrorPage({ error, retry }: { error: unknown; retry: () => void }) {
  const digest = error instanceof Error && 'digest' in error && typeof error.digest === 'string' ? error.digest : undefined;
  return (
    <ErrorPanel
      title="This page could not be loaded"
      message="The explorer hit an error while reading from the node. It may be temporary: retrying asks the node again."
      details={digest ? [`Error reference: ${digest} (in the explorer's server log)`] : undefined}
      onRetry={retry}
    />
  );
}
