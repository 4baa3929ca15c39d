'use client';

import { ErrorPanel } from './ErrorPanel';

/** What Next hands a route's error.tsx. */
export interface RouteErrorProps {
  readonly error: unknown;
  readonly retry: () => void;
}

/**
 * The body of every error.tsx: an ErrorPanel saying what could not be loaded, with the error's
 * digest. Server errors arrive without their message in production (Next hides it); the digest
 * ties the page to the server log.
 */
export function RouteError({ error, retry, title, message }: RouteErrorProps & { readonly title: string; readonly message: string }) {
  const digest = error instanceof Error && 'digest' in error && typeof error.digest === 'string' ? error.digest : undefined;
  return (
    <ErrorPanel
      title={title}
      message={message}
      details={digest ? [`Error reference: ${digest} (in the explorer's server log)`] : undefined}
      onRetry={retry}
    />
  );
}
