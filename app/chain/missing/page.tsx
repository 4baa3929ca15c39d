import type { Metadata } from 'next';
import { NotFoundPanel } from '@/components/ui/NotFoundPanel';
import { SearchBox } from '@/components/layout/SearchBox';

export const metadata: Metadata = { title: 'Not found', robots: { index: false } };

type Search = Promise<Record<string, string | string[] | undefined>>;

const one = (v: string | string[] | undefined): string | undefined => (Array.isArray(v) ? v[0] : v);
const many = (v: string | string[] | undefined): string[] => (v === undefined ? [] : Array.isArray(v) ? v : [v]);

/**
 * Shown with HTTP 404 by proxy.ts when a block, uncle or transaction does not exist
 * (components/block/data/entity-check.ts says what was looked for). Not reachable directly:
 * "/chain/missing" is not a chain, so proxy.ts answers that path with its own 404.
 */
export default async function Missing({ searchParams }: { searchParams: Search }) {
  const search = await searchParams;
  const path = one(search.path);
  return (
    <NotFoundPanel
      title={one(search.title) ?? 'Not found'}
      reason={<p data-testid="missing-reason">{one(search.why) ?? 'The node has nothing at this address.'}</p>}
      details={[...many(search.detail), ...(path ? [`Requested path: ${path}`] : [])]}
    >
      <SearchBox />
    </NotFoundPanel>
  );
}
