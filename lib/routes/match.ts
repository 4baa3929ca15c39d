/**
 * Which route of ./table.ts a path is, the way Next's router decides it: segment by segment, a
 * static segment before a `[param]`, a `[param]` before a `[...catchall]` (so `/api/v1/etx/flow`
 * is not the ETX `[hash]` route, and only what no route claims falls to `/api/[...unknown]`).
 */
import { ROUTES, type RouteDef } from './table';

export type PatternSegment =
  | { readonly kind: 'static'; readonly text: string }
  | { readonly kind: 'param'; readonly name: string }
  | { readonly kind: 'catchall'; readonly name: string };

export interface RouteMatch {
  readonly route: RouteDef;
  /** Raw (still percent-encoded) values by name; a catch-all's segments joined with "/". */
  readonly params: Readonly<Record<string, string>>;
}

/** `/chain/[chain]` → [static chain, param chain]; `/` → []. */
export function patternSegments(pattern: string): readonly PatternSegment[] {
  return pathSegments(pattern).map((text): PatternSegment => {
    const spread = /^\[\.\.\.(.+)\]$/.exec(text);
    if (spread?.[1]) return { kind: 'catchall', name: spread[1] };
    const param = /^\[(.+)\]$/.exec(text);
    if (param?.[1]) return { kind: 'param', name: param[1] };
    return { kind: 'static', text };
  });
}

/** A path's segments, kept exactly (an empty segment of `//` or a trailing `/` matches nothing). */
export function pathSegments(pathname: string): readonly string[] {
  return pathname === '/' || pathname === '' ? [] : pathname.replace(/^\//, '').split('/');
}

interface Compiled {
  readonly route: RouteDef;
  readonly segments: readonly PatternSegment[];
}

const RANK = { static: 0, param: 1, catchall: 2 } as const;

/** Next's precedence: compare segment kinds left to right, the more static route first. */
function precedence(a: Compiled, b: Compiled): number {
  const length = Math.min(a.segments.length, b.segments.length);
  for (let i = 0; i < length; i++) {
    const delta = RANK[a.segments[i]!.kind] - RANK[b.segments[i]!.kind];
    if (delta !== 0) return delta;
  }
  return a.segments.length - b.segments.length;
}

const COMPILED: readonly Compiled[] = ROUTES.map((route) => ({ route, segments: patternSegments(route.pattern) })).sort(precedence);

function matchSegments(pattern: readonly PatternSegment[], path: readonly string[]): Record<string, string> | undefined {
  const params: Record<string, string> = {};
  for (let i = 0; i < pattern.length; i++) {
    const part = pattern[i]!;
    if (part.kind === 'catchall') {
      const rest = path.slice(i);
      if (rest.length === 0 || rest.some((s) => s === '')) return undefined;
      params[part.name] = rest.join('/');
      return params;
    }
    const value = path[i];
    if (value === undefined || value === '') return undefined;
    if (part.kind === 'static' && part.text !== value) return undefined;
    if (part.kind === 'param') params[part.name] = value;
  }
  return path.length === pattern.length ? params : undefined;
}

/** The route a path (without its query) names, or undefined when no route of the app does. */
export function matchRoute(pathname: string): RouteMatch | undefined {
  const path = pathSegments(pathname);
  for (const { route, segments } of COMPILED) {
    const params = matchSegments(segments, path);
    if (params) return { route, params };
  }
  return undefined;
}

/**
 * The one spelling of a matched path that the page cache keeps a copy under: each parameter as
 * its ParamDef's `canonical` says (lower case when it says nothing: hashes and addresses are
 * case-insensitive), static segments as the pattern has them. Undefined when a parameter has no
 * kept spelling (a chain this build does not know).
 */
export function canonicalPath(match: RouteMatch): string | undefined {
  const parts: string[] = [];
  for (const segment of patternSegments(match.route.pattern)) {
    if (segment.kind === 'static') {
      parts.push(segment.text);
      continue;
    }
    const raw = match.params[segment.name] ?? '';
    const def = match.route.params[segment.name];
    const spelled = def?.canonical ? def.canonical(raw) : raw.toLowerCase();
    if (spelled === undefined) return undefined;
    parts.push(spelled);
  }
  return `/${parts.join('/')}`;
}

/** Every route with its parsed pattern, for ./validate.ts and the tests. */
export function compiledRoutes(): readonly Compiled[] {
  return COMPILED;
}
