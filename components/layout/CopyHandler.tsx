'use client';

import { useEffect } from 'react';

const SHOWN_MS = 1500;

/**
 * The page's copy buttons (components/ui/values/CopyButton.tsx) in one listener: a click on a
 * `button[data-copy]` copies its value, and for 1.5 s the button says whether it worked (glyph,
 * accessible name and tooltip), then returns to what the server drew. Renders nothing.
 */
export function CopyHandler() {
  useEffect(() => {
    const timers = new Map<HTMLButtonElement, { timer: ReturnType<typeof setTimeout>; label: string | null; title: string | null }>();

    function mark(button: HTMLButtonElement, outcome: 'copied' | 'failed') {
      const previous = timers.get(button);
      if (previous) clearTimeout(previous.timer);
      const label = previous ? previous.label : button.getAttribute('aria-label');
      const title = previous ? previous.title : button.getAttribute('title');
      const said = outcome === 'copied' ? 'Copied' : 'Copy failed';
      button.dataset.copyState = outcome;
      button.setAttribute('aria-label', outcome === 'copied' ? 'Copied' : (label ?? said));
      button.setAttribute('title', said);
      const timer = setTimeout(() => {
        timers.delete(button);
        delete button.dataset.copyState;
        restore(button, 'aria-label', label);
        restore(button, 'title', title);
      }, SHOWN_MS);
      timers.set(button, { timer, label, title });
    }

    function onClick(event: MouseEvent) {
      const button = event.target instanceof Element ? event.target.closest<HTMLButtonElement>('button[data-copy]') : null;
      if (!button) return;
      const value = button.dataset.copy ?? '';
      navigator.clipboard.writeText(value).then(
        () => mark(button, 'copied'),
        () => mark(button, 'failed'),
      );
    }

    document.addEventListener('click', onClick);
    return () => {
      document.removeEventListener('click', onClick);
      for (const { timer } of timers.values()) clearTimeout(timer);
    };
  }, []);
  return null;
}

function restore(element: Element, name: string, value: string | null) {
  if (value === null) element.removeAttribute(name);
  else element.setAttribute(name, value);
}
