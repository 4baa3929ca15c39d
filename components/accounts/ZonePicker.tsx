import Link from 'next/link';
import type { ChainName } from '@/lib/protocol/chains';

/** Links to the same page for each zone, the current one marked: a page that reads one zone at a time (top accounts, charts). */
export function ZonePicker({ zones, current, href, label }: {
  zones: readonly { readonly name: ChainName; readonly label: string }[];
  current: ChainName | null;
  href: (zone: ChainName) => string;
  label: string;
}) {
  return (
    <nav aria-label={label} className="flex flex-wrap gap-1 text-sm" data-testid="zone-picker">
      {zones.map((z) => (
        <Link
          key={z.name}
          href={href(z.name)}
          prefetch={false}
          aria-current={z.name === current ? 'page' : undefined}
          className={`rounded-md border px-2 py-1 hover:no-underline ${z.name === current ? 'border-fg bg-surface-2 font-semibold text-fg' : 'border-border text-muted hover:text-fg'}`}
        >
          {z.label}
        </Link>
      ))}
    </nav>
  );
}
