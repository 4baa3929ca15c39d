'use client';

import { useLinkStatus } from 'next/link';

/**
 * The loading state of a navigation, shown on the link that started it (place inside a <Link>).
 * The entity pages have no loading.tsx on purpose: streamed content stays hidden for readers
 * without JavaScript, and these pages answer in one node round trip anyway.
 */
export function LinkPending() {
  const { pending } = useLinkStatus();
  return (
    <span
      aria-hidden="true"
      className={`ml-1.5 inline-block h-2 w-2 rounded-full bg-accent align-middle transition-opacity ${pending ? 'animate-pulse opacity-100' : 'opacity-0'}`}
    />
  );
}
