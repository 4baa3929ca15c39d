import type { ReactNode } from 'react';

/**
 * A box that scrolls sideways when its table is wider than the screen. It takes focus, so a
 * keyboard can scroll it with the arrow keys even when nothing inside it is focusable; `label`
 * names it for a screen reader that lands on it (a group, not a landmark: names may repeat).
 */
export function ScrollBox({ className = '', label, children }: { className?: string; label?: string; children: ReactNode }) {
  return (
    <div tabIndex={0} role={label ? 'group' : undefined} aria-label={label} className={`overflow-x-auto ${className}`}>
      {children}
    </div>
  );
}
