import type { ReactNode } from 'react';

/**
 * An internal link as a plain anchor, for long lists: a click still navigates on the client
 * (components/layout/SoftNavigation.tsx, one listener for the page), and the link costs no client
 * component. Never prefetched, as the lists' next/links were not. Header, tabs and other single
 * controls keep next/link.
 */
export function SoftLink({ href, className, title, children }: { href: string; className?: string; title?: string; children: ReactNode }) {
  return (
    <a href={href} className={className} title={title} data-soft-nav="">
      {children}
    </a>
  );
}
