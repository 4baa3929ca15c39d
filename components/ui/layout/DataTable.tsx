import type { ReactNode } from 'react';
import { ScrollBox } from './ScrollBox';

/**
 * A table of rows with its caption, which screen readers announce when they enter it (shown only
 * to them: the card's title says the same on screen). It scrolls sideways on a narrow screen:
 * in a ScrollBox that takes focus when `keyboardScroll` (tables with no link or button to Tab
 * into), else in a plain box. `boxClassName` styles the box (`hidden sm:block`, borders).
 */
export function DataTable({
  caption,
  className,
  boxClassName = '',
  keyboardScroll = false,
  testId,
  children,
}: {
  caption: string;
  className?: string;
  boxClassName?: string;
  keyboardScroll?: boolean;
  testId?: string;
  children: ReactNode;
}) {
  const table = (
    <table className={className} data-testid={testId}>
      <caption className="sr-only">{caption}</caption>
      {children}
    </table>
  );
  return keyboardScroll ? (
    <ScrollBox className={boxClassName} label={caption}>
      {table}
    </ScrollBox>
  ) : (
    // Positioned, as ScrollBox is: the caption kept for screen readers stays inside the box.
    <div className={`relative overflow-x-auto ${boxClassName}`}>{table}</div>
  );
}
