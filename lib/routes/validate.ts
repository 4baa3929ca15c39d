/**
 * URL parameter checks that proxy.ts runs before any page renders, so a malformed id is answered
 * with a real HTTP 404 (and a reason) even on routes that stream. Format only — whether a valid
 * hash exists is its route's resolver's question (./resolver.ts).
 *
 * Derived from the route table: a path is checked against every page route it is on the way to,
 * as far as both go, so `/chain/atlantis/block/1` names the chain, and `/tx/0x12/more` the hash,
 * although neither is a whole route. The first bad segment, left to right, is the one named.
 * API routes are not checked here: they answer a bad parameter in JSON themselves.
 */
import { decodeLenient } from '@/lib/text/url-decode';
import { compiledRoutes } from './match';

export interface InvalidPath {
  /** What was wrong, for the reader: "… is not a transaction hash: …". */
  readonly reason: string;
}

/** The reason a path cannot name anything, or undefined when its parameters are well formed. */
export function validatePath(pathname: string): InvalidPath | undefined {
  // Empty segments are skipped (`//tx/…` is still a transaction) and each is decoded once.
  const parts = pathname.split('/').filter((p) => p !== '').map(decodeLenient);
  const problems = new Map<number, string>();
  const aligned = compiledRoutes().filter(({ route, segments }) => {
    if (route.kind !== 'page') return false;
    const length = Math.min(parts.length, segments.length);
    return segments.slice(0, length).every((s, i) => s.kind !== 'static' || s.text === parts[i]);
  });
  // A segment some route names statically is that route's (`/block/countdown/…` is not a block id), as Next routes it.
  const claimed = new Set(aligned.flatMap(({ segments }) => segments.flatMap((s, i) => (s.kind === 'static' && s.text === parts[i] ? [i] : []))));
  for (const { route, segments } of aligned) {
    const length = Math.min(parts.length, segments.length);
    for (let i = 0; i < length; i++) {
      const segment = segments[i]!;
      if (segment.kind === 'static' || problems.has(i) || claimed.has(i)) continue;
      const reason = route.params[segment.name]?.check?.(parts[i]!);
      if (reason !== undefined) problems.set(i, reason);
    }
  }
  const first = Math.min(...problems.keys());
  const reason = problems.get(first);
  return reason === undefined ? undefined : { reason };
}
