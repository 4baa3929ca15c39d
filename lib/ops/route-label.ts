/**
 * The route pattern of a request path, for metric labels and logs: a bounded set of values
 * (a label per block hash would grow without end in Prometheus).
 */
const PATTERNS: ReadonlyArray<readonly [RegExp, string]> = [
  [/^\/_next\/static\//, '/_next/static'],
  [/^\/_next\/image/, '/_next/image'],
  [/^\/_next\//, '/_next'],
  [/^\/api\/address\/[^/]+\/call$/, '/api/address/[address]/call'],
  [/^\/api\/fees\/[^/]+$/, '/api/fees/[chain]'],
  [/^\/api\/txpool\/[^/]+$/, '/api/txpool/[zone]'],
  [/^\/api\/(tips|broadcast|health|metrics)$/, '/api/$1'],
  [/^\/chain\/[^/]+\/block\/[^/]+\/tx\/[^/]+$/, '/chain/[chain]/block/[id]/tx/[index]'],
  [/^\/chain\/[^/]+\/block\/[^/]+\/uncle\/[^/]+$/, '/chain/[chain]/block/[id]/uncle/[index]'],
  [/^\/chain\/[^/]+\/block\/[^/]+$/, '/chain/[chain]/block/[id]'],
  [/^\/chain\/[^/]+$/, '/chain/[chain]'],
  [/^\/block\/[^/]+$/, '/block/[id]'],
  [/^\/tx\/[^/]+$/, '/tx/[hash]'],
  [/^\/address\/[^/]+$/, '/address/[address]'],
  [/^\/fees\/[^/]+$/, '/fees/[chain]'],
  [/^\/txpool\/[^/]+$/, '/txpool/[zone]'],
  [/^\/(fees|txpool|network|search|broadcast)$/, '/$1'],
  [/^\/$/, '/'],
  [/^\/[^/]+\.(svg|ico|png|txt)$/, '/[static file]'],
];

export function routeLabel(path: string): string {
  const pathname = path.split('?')[0] ?? path;
  for (const [pattern, label] of PATTERNS) {
    // Patterns with $1 are anchored at both ends: the replacement is the whole label.
    if (pattern.test(pathname)) return label.includes('$1') ? pathname.replace(pattern, label) : label;
  }
  return 'other';
}
