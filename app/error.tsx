'use client';

import { RouteError, type RouteErrorProps } from '@/components/ui/RouteError';

/**
 * The error boundary for every page below the root layout. Server errors arrive here without
 * their message in production (Next hides it); the digest ties the page to the server log.
 * A node that is down is caught earlier, by proxy.ts, which answers 503 itself.
 */
export default function ErrorPage(props: RouteErrorProps) {
  return (
    <RouteError
      {...props}
      title="This page could not be loaded"
      message="The explorer hit an error while reading from the node. It may be temporary: retrying asks the node again."
    />
  );
}
