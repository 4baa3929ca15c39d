import type { ReactNode } from 'react';

/**
 * A box that scrolls sideways when its table is wider than the screen. It takes focus, so a
 * keyboard can scroll it with the arrow keys even when nothing inside it is focusable; `label`
 * names it for a screen reader that lands on it (a group, not a landmark: names may repeat).
 * Positioned, so that text inside it kept for screen readers (`sr-only`, absolutely positioned)
 * is clipped by it instead of widening the page.
 */
export function ScrollBox({ className = '', label, children }: { className?: string; label?: string; children: ReactNode }) {
  return (
    <div tabIndex={0} role={label ? 'group' : undefined} aria-label={label} className={`relative overflow-x-auto ${className}`}>
      {children}
    </div>
  );
}
