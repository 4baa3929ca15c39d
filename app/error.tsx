'use client';

import { usePathname } from 'next/navigation';
import { RouteError, type RouteErrorProps } from '@/components/ui/status/RouteError';
import { errorWording } from '@/components/ui/status/route-error-wording';

/**
 * The error boundary for every page below the root layout, worded for the page that failed (the
 * block, transaction and chain pages have no boundary of their own: see route-error-wording.ts).
 * Server errors arrive here without their message in production (Next hides it); the digest ties
 * the page to the server log. A node that is down is caught earlier, by proxy.ts, which answers 503 itself.
 */
export default function ErrorPage(props: RouteErrorProps) {
  const { title, message } = errorWording(usePathname());
  return <RouteError {...props} title={title} message={message} />;
}
