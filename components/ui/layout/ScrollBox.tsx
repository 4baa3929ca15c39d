import type { ReactNode } from 'react';

/**
 * A box that scrolls sideways when its table is wider than the screen. It takes focus, so a
 * keyboard can scroll it with the arrow keys even when nothing inside it is focusable.
 */
export function ScrollBox({ className = '', children }: { className?: string; children: ReactNode }) {
  return (
    <div tabIndex={0} className={`overflow-x-auto ${className}`}>
      {children}
    </div>
  );
}
