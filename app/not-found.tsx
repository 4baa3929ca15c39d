import type { Metadata } from 'next';
import { NotFoundPanel } from '@/components/ui/status/NotFoundPanel';
import { SearchBox } from '@/components/layout/SearchBox';

export const metadata: Metadata = { title: 'Not found' };

/**
 * The site-wide 404: a path that matches no page. Entity pages (blocks, transactions, addresses)
 * have their own not-found screens that name what was looked for.
 */
export default function NotFound() {
  return (
    <NotFoundPanel
      title="There is no page at this URL"
      reason={
        <p>
          This path does not match any page of the explorer. Blocks live under <code>/block/&lt;number or hash&gt;</code>{' '}
          and <code>/chain/&lt;chain&gt;/block/…</code>, transactions under <code>/tx/&lt;hash&gt;</code>, addresses
          under <code>/address/&lt;address&gt;</code>.
        </p>
      }
    >
      <SearchBox />
    </NotFoundPanel>
  );
}
