'use client';

import { useEffect } from 'react';

/** `#src-<file>-L<line>`: a line of a verified source file (lib/routes/urls.ts `sourceLine`). */
const TARGET = /^#src-(\d{1,4})-L(\d{1,7})$/;

/**
 * Highlights the line a link names in the Contract tab (a transaction's failure links to the line
 * it failed on): opens that file, moves its one highlight band onto the line and scrolls it into
 * view, again whenever the fragment changes. The sources stay two text nodes per file (no element
 * per line); the band is placed by the line's position, each line one `leading-5` high.
 */
export function SourceLineTarget() {
  useEffect(() => {
    const apply = () => {
      for (const mark of document.querySelectorAll<HTMLElement>('[data-testid="source-line-mark"]')) mark.hidden = true;
      const match = TARGET.exec(window.location.hash);
      if (!match) return;
      const file = document.querySelector<HTMLDetailsElement>(`details[data-source-index="${match[1]}"]`);
      const mark = file?.querySelector<HTMLElement>('[data-testid="source-line-mark"]');
      const box = mark?.parentElement;
      if (!file || !mark || !box) return;
      file.open = true;
      mark.style.top = `calc(0.5rem + ${Number(match[2]) - 1} * 1.25rem)`;
      mark.style.width = `${box.scrollWidth}px`;
      mark.dataset.line = match[2];
      mark.hidden = false;
      mark.scrollIntoView({ block: 'center' });
    };
    apply();
    window.addEventListener('hashchange', apply);
    return () => window.removeEventListener('hashchange', apply);
  }, []);
  return null;
}
