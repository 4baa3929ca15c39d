import { SoftLink } from './SoftLink';

/**
 * A long hex value as hashes and addresses draw it: monospace, `shown` (often shortened) with the
 * whole value in the title, and a link when `href` is given. The link carries the style and the
 * title itself: a block's list draws hundreds of these, and every element is markup, payload and
 * hydration work.
 */
export function HexText({ value, shown, href, full }: { value: string; shown: string; href?: string; full: boolean }) {
  const className = `font-mono ${full ? 'break-all' : 'whitespace-nowrap'}`;
  return href ? (
    <SoftLink href={href} className={className} title={value}>
      {shown}
    </SoftLink>
  ) : (
    <span className={className} title={value}>
      {shown}
    </span>
  );
}
