import { NotFoundPanel } from '@/components/ui/status/NotFoundPanel';
import { SearchBox } from '@/components/layout/SearchBox';

/** What a route's resolver found missing (lib/routes/resolver.ts), as a not-found.tsx hands it on. */
export interface MissingText {
  readonly title: string;
  readonly reason: string;
  readonly details?: readonly string[];
}

/**
 * The not-found screen of a page whose resolver found nothing there, saying why in the
 * resolver's words. proxy.ts answers such a request itself (a 404 page with the same words)
 * before Next renders; this one shows where it does not ask (a client navigation's prefetch).
 * `fallback`: what to say when no resolver's reason is at hand.
 */
export function MissingPanel({ missing, fallback }: { missing: MissingText | undefined; fallback: MissingText }) {
  const { title, reason, details } = missing ?? fallback;
  return (
    <NotFoundPanel title={title} reason={<p>{reason}</p>} details={details}>
      <SearchBox />
    </NotFoundPanel>
  );
}
