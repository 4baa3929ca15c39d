/**
 * The route pattern of a request, for metric labels and logs: a bounded set of values (a label
 * per block hash would grow without end in Prometheus). Every route of the app is labelled by its
 * pattern in the route table (lib/routes/table.ts), from the match server.ts's first stage made;
 * what is not a route but is served (Next's assets, the files of public/) gets a label of its
 * own; anything else is "other".
 */
import type { RouteMatch } from '@/lib/routes/match';

/** Served paths that are not routes of the app/ tree. */
const NOT_ROUTES: ReadonlyArray<readonly [RegExp, string]> = [
  [/^\/_next\/static\//, '/_next/static'],
  [/^\/_next\/image/, '/_next/image'],
  [/^\/_next\//, '/_next'],
  [/^\/[^/]+\.(svg|ico|png|txt)$/, '/[static file]'],
];

/** `pathname` without its query; `match` the route table's match of it (undefined: none). */
export function routeLabel(pathname: string, match: RouteMatch | undefined): string {
  if (match) return match.route.pattern;
  return NOT_ROUTES.find(([pattern]) => pattern.test(pathname))?.[1] ?? 'other';
}
