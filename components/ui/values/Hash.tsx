import { shortenHex } from '@/lib/format';
import { CopyButton } from './CopyButton';
import { SoftLink } from './SoftLink';

interface HashProps {
  value: string;
  /** Link target; omit for plain text. */
  href?: string;
  /** Show the whole value (wrapping) instead of the shortened form. */
  full?: boolean;
  copy?: boolean;
  head?: number;
  tail?: number;
}

/**
 * A hash or other long hex value: monospace, shortened with the full value in the title. A link
 * carries the style and the title itself, and the wrapper is drawn only for the copy button: a
 * block's list draws hundreds of these, and every element is markup, payload and hydration work.
 */
export function Hash({ value, href, full = false, copy = false, head = 8, tail = 6 }: HashProps) {
  const shown = full ? value : shortenHex(value, head, tail);
  const className = `font-mono ${full ? 'break-all' : 'whitespace-nowrap'}`;
  const text = href ? (
    <SoftLink href={href} className={className} title={value}>
      {shown}
    </SoftLink>
  ) : (
    <span className={className} title={value}>
      {shown}
    </span>
  );
  if (!copy) return text;
  return (
    <span className="inline-flex max-w-full items-center">
      {text}
      <CopyButton value={value} label="Copy hash" />
    </span>
  );
}
