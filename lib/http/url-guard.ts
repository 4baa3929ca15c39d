/**
 * The URL guard: the one check, run by server.ts before any route reads a request's URL, that
 * every part of it can be decoded, is of a size some route could use and holds no dot segment. A URL that fails is answered there (400 JSON for the API, a 404 page for
 * pages, lib/server/pipeline/url-refusal.ts) with the reason from here, so no route, parser or
 * Next's own parameter decoding ever meets it: before this, `%ff%fe` in `/api/v1/etx/<hash>`
 * reached Next's decoder and came back as a 500, and `/x/%2e%2e/api/metrics` reached
 * `/api/metrics` (a URL parser resolves `.` and `..`, plain or percent-encoded, and reads `\` as `/`).
 *
 * Limits are far above anything the explorer serves (its longest segment is a 66-character hash,
 * its longest query an Etherscan txlist) and below Node's 16 KiB header limit, which answers 431.
 */
import { decodeComponent, shownPart } from '@/lib/text/url-decode';
import type { RouteMatch } from '@/lib/routes/match';

export const MAX_PATH_LENGTH = 1_024;
export const MAX_SEGMENT_LENGTH = 256;
export const MAX_QUERY_LENGTH = 2_048;

/** Why `pathname` (as received, percent-encoded) and `search` (with or without "?") cannot name anything, or undefined. */
export function urlProblem(pathname: string, search = ''): string | undefined {
  if (pathname.length > MAX_PATH_LENGTH) {
    return `The path is ${pathname.length} characters long; no page or API route of this explorer has a path longer than ${MAX_PATH_LENGTH}.`;
  }
  // Split as a URL parser splits a web URL's path: at "/" and at "\".
  for (const segment of pathname.split(/[/\\]/)) {
    if (segment.length > MAX_SEGMENT_LENGTH) {
      return `The path part “${shownPart(segment, 40)}” is ${segment.length} characters long; no parameter of this explorer is longer than ${MAX_SEGMENT_LENGTH}.`;
    }
    const decoded = decodeComponent(segment);
    if (!decoded.ok) return `The path part ${decoded.reason}, so it cannot be read.`;
    if (decoded.value === '.' || decoded.value === '..') {
      const means = decoded.value === '.' ? 'this folder' : 'the parent folder';
      return `The path holds the segment “${shownPart(segment, 40)}”, which a URL parser reads as ${means} (“${decoded.value}”); no page or API route of this explorer has one.`;
    }
  }
  const query = search.startsWith('?') ? search.slice(1) : search;
  if (query.length > MAX_QUERY_LENGTH) {
    return `The query string is ${query.length} characters long; no page or API route of this explorer reads more than ${MAX_QUERY_LENGTH}.`;
  }
  // The raw query, as the socket gave it: Next would decode it leniently (`%zz` as `%25zz`), but
  // the page cache and the routes' resolvers read it as it came.
  for (const pair of query.split('&')) {
    if (pair === '') continue;
    // application/x-www-form-urlencoded: "+" is a space; URLSearchParams would decode the rest leniently.
    const decoded = decodeComponent(pair.replace(/\+/g, ' '));
    if (!decoded.ok) return `The query parameter ${decoded.reason}, so it cannot be read.`;
  }
  return undefined;
}

/**
 * Is this path one of the API's (JSON answers): under `/api`, or an API route of the table
 * elsewhere (a zone's Etherscan base, `/chain/<zone>/api`)? `match`: the route table's match of
 * the path, as server.ts's first stage made it.
 */
export function isApiPath(pathname: string, match: RouteMatch | undefined): boolean {
  return pathname === '/api' || pathname.startsWith('/api/') || match?.route.kind === 'api';
}
