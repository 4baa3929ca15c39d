/**
 * The route pattern of a request path, for metric labels and logs: a bounded set of values
 * (a label per block hash would grow without end in Prometheus). Every route of the app is
 * labelled by its pattern in the route table (lib/routes/table.ts); what is not a route but is
 * served (Next's assets, the files of public/) gets a label of its own; anything else is "other".
 */
import { matchRoute } from '@/lib/routes/match';

/** Served paths that are not routes of the app/ tree. */
const NOT_ROUTES: ReadonlyArray<readonly [RegExp, string]> = [
  [/^\/_next\/static\//, '/_next/static'],
  [/^\/_next\/image/, '/_next/image'],
  [/^\/_next\//, '/_next'],
  [/^\/[^/]+\.(svg|ico|png|txt)$/, '/[static file]'],
];

export function routeLabel(path: string): string {
  const pathname = path.split('?')[0] ?? path;
  const route = matchRoute(pathname)?.route;
  if (route) return route.pattern;
  return NOT_ROUTES.find(([pattern]) => pattern.test(pathname))?.[1] ?? 'other';
}
