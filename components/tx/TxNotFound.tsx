'use client';

import { usePathname } from 'next/navigation';
import { NotFoundPanel } from '@/components/ui/status/NotFoundPanel';
import { SearchBox } from '@/components/layout/SearchBox';

/**
 * Fallback "not found" for /tx/<hash> (normally proxy.ts answers first with the zones it asked;
 * this shows when the transaction vanished between that check and the render).
 */
export function TxNotFound() {
  const pathname = usePathname();
  const hash = pathname.split('/')[2] ?? '';
  return (
    <NotFoundPanel
      title="No such transaction"
      reason={<p>No zone served here knows transaction {hash}: it is neither mined nor waiting in a pool.</p>}
      details={[`Requested path: ${pathname}`]}
    >
      <SearchBox />
    </NotFoundPanel>
  );
}
