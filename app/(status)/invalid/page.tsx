import type { Metadata } from 'next';
import { NotFoundPanel } from '@/components/ui/NotFoundPanel';
import { SearchBox } from '@/components/layout/SearchBox';

export const metadata: Metadata = { title: 'Not found', robots: { index: false } };

/** Shown with HTTP 404 by proxy.ts when a URL parameter is malformed; says which and why. */
export default async function Invalid({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const { why, path } = await searchParams;
  return (
    <NotFoundPanel
      title="Nothing can be at this URL"
      reason={<p>{typeof why === 'string' ? why : 'A part of this address is malformed.'}</p>}
      details={typeof path === 'string' ? [`Requested path: ${path}`] : undefined}
    >
      <SearchBox />
    </NotFoundPanel>
  );
}
