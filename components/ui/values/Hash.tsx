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

/** A hash or other long hex value: monospace, shortened with the full value in the title. */
export function Hash({ value, href, full = false, copy = false, head = 8, tail = 6 }: HashProps) {
  const shown = full ? value : shortenHex(value, head, tail);
  const text = (
    <span className={`font-mono ${full ? 'break-all' : 'whitespace-nowrap'}`} title={value}>
      {shown}
    </span>
  );
  return (
    <span className="inline-flex max-w-full items-center">
      {href ? <SoftLink href={href}>{text}</SoftLink> : text}
      {copy ? <CopyButton value={value} label="Copy hash" /> : null}
    </span>
  );
}
