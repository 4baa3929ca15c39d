'use client';

import { useEffect, useState } from 'react';

/**
 * The loading state of every route during client-side navigation: a bar across the top of the
 * page and `aria-busy` on <main> until the new page commits.
 *
 * Why not `loading.tsx`: a route-level Suspense fallback is streamed before the page, which keeps
 * the HTTP status at 200 when the page then calls notFound(), and leaves the streamed content
 * hidden for readers without JavaScript (lib/server/node/health.ts). Pages render in one pass instead,
 * and this component covers the wait between a click and the new page.
 */
export function NavigationProgress() {
  const [pending, setPending] = useState(false);

  useEffect(() => {
    let startedAt = '';
    let timer: number | undefined;

    function finish() {
      window.clearInterval(timer);
      timer = undefined;
      setPending(false);
    }

    // Capture phase: runs before Next's <Link> handler calls preventDefault.
    function onClick(event: MouseEvent) {
      if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const anchor = event.target instanceof Element ? event.target.closest('a') : null;
      if (!anchor || anchor.hasAttribute('download') || (anchor.target && anchor.target !== '_self')) return;
      const url = new URL(anchor.href, window.location.href);
      if (url.origin !== window.location.origin) return;
      if (url.pathname === window.location.pathname && url.search === window.location.search) return;
      startedAt = window.location.href;
      setPending(true);
      window.clearInterval(timer);
      const deadline = Date.now() + 15_000;
      // The router updates the URL when the new page commits; that is the end of the wait.
      timer = window.setInterval(() => {
        if (window.location.href !== startedAt || Date.now() > deadline) finish();
      }, 100);
    }

    document.addEventListener('click', onClick, true);
    window.addEventListener('popstate', finish);
    return () => {
      document.removeEventListener('click', onClick, true);
      window.removeEventListener('popstate', finish);
      window.clearInterval(timer);
    };
  }, []);

  useEffect(() => {
    document.querySelector('main')?.setAttribute('aria-busy', pending ? 'true' : 'false');
  }, [pending]);

  return (
    <div
      role="progressbar"
      aria-label="Loading page"
      aria-hidden={!pending}
      data-testid="navigation-progress"
      className={`pointer-events-none fixed inset-x-0 top-0 z-50 h-0.5 overflow-hidden transition-opacity duration-200 ${pending ? 'opacity-100' : 'opacity-0'}`}
    >
      {/* Sweeping only while shown: an endless animation behind opacity 0 still asks the
          compositor for a frame 60 times a second on every page. */}
      <div className={`h-full w-1/3 bg-accent ${pending ? 'animate-[strata-progress_1s_ease-in-out_infinite]' : ''}`} />
    </div>
  );
}
