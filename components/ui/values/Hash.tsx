import { shortenHex } from '@/lib/text/format';
import { CopyButton } from './CopyButton';
import { HexText } from './HexText';

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

/** A hash or other long hex value (./HexText), the wrapper drawn only for a copy button. */
export function Hash({ value, href, full = false, copy = false, head = 8, tail = 6 }: HashProps) {
  const text = <HexText value={value} shown={full ? value : shortenHex(value, head, tail)} href={href} full={full} />;
  if (!copy) return text;
  return (
    <span className="inline-flex max-w-full items-center">
      {text}
      <CopyButton value={value} label="Copy hash" />
    </span>
  );
}
