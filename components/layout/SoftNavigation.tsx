'use client';

import { useRouter } from 'next/navigation';
import { useEffect } from 'react';

/**
 * Client-side navigation for the page's plain links (components/ui/values/SoftLink.tsx) from one
 * listener: a plain left click on an `a[data-soft-nav]` of this origin goes through the router,
 * as a next/link would, and any other click (a modifier key, another button, a new tab) is left
 * to the browser. Renders nothing. Long lists draw their links this way so that a table of a
 * hundred addresses does not hydrate a hundred link components.
 */
export function SoftNavigation() {
  const router = useRouter();
  useEffect(() => {
    function onClick(event: MouseEvent) {
      if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const anchor = event.target instanceof Element ? event.target.closest<HTMLAnchorElement>('a[data-soft-nav]') : null;
      if (!anchor || anchor.hasAttribute('download') || (anchor.target && anchor.target !== '_self')) return;
      const url = new URL(anchor.href, window.location.href);
      if (url.origin !== window.location.origin) return;
      event.preventDefault();
      router.push(`${url.pathname}${url.search}${url.hash}`);
    }
    document.addEventListener('click', onClick);
    return () => document.removeEventListener('click', onClick);
  }, [router]);
  return null;
}
