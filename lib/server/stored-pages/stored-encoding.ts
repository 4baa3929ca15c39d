/**
 * Stored pages compressed once, not on every hit: a block page is 100–300 KB of HTML (its RSC
 * payload repeats the markup) and gzipping it per response was two thirds of a hit's cost.
 * Used by ./stored-fast-path.ts, which writes Node's response itself: through Next, a
 * Content-Encoding set by proxy.ts or a route handler is dropped and `compress` gzips the
 * body again (the double gzip of an earlier attempt).
 */
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import type { StoredPage } from './page-store';

export type ContentEncoding = 'br' | 'gzip';

/** The encoding to send for this Accept-Encoding: brotli, else gzip, else none (q=0 refuses one). */
export function chooseEncoding(acceptEncoding: string | null | undefined): ContentEncoding | undefined {
  const accepted = new Set<string>();
  for (const part of (acceptEncoding ?? '').toLowerCase().split(',')) {
    const [name, ...params] = part.trim().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    if (name && !(q && Number(q.slice(2)) === 0)) accepted.add(name.trim());
  }
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip') || accepted.has('*')) return 'gzip';
  return undefined;
}

type Variants = Partial<Record<ContentEncoding, Buffer>>;
const ENCODED = Symbol.for('strata.server.stored-encoded');
/** On globalThis like the store itself: Next bundles proxy.ts and the route handlers apart. */
function encodedVariants(): WeakMap<StoredPage, Variants> {
  const holder = globalThis as { [ENCODED]?: WeakMap<StoredPage, Variants> };
  return (holder[ENCODED] ??= new WeakMap());
}

/**
 * The page's body compressed with `encoding`, made on first use and kept as long as the stored
 * page object is (the in-process store keeps one object per page, so each page is compressed
 * once per encoding per instance). Highest gzip level and a mid brotli quality: one-off costs
 * of a few milliseconds for a page served thousands of times.
 *
 * `quick` for a page that lives for one tips snapshot (./tip-pages.ts, a new copy every few
 * seconds): brotli quality 4 and gzip level 6. Brotli at 9 took 280 ms for a 170 KB page on the
 * shared 2-core machine (4: 8 ms, about as small), time every request waited behind.
 */
export function encodedBody(page: StoredPage, encoding: ContentEncoding, effort: 'stored' | 'quick' = 'stored'): Buffer {
  const all = encodedVariants();
  const variants = all.get(page) ?? {};
  all.set(page, variants);
  const existing = variants[encoding];
  if (existing) return existing;
  const raw = Buffer.from(page.body, 'utf8');
  const made =
    encoding === 'br'
      ? brotliCompressSync(raw, { params: { [zlib.BROTLI_PARAM_QUALITY]: effort === 'quick' ? 4 : 9, [zlib.BROTLI_PARAM_SIZE_HINT]: raw.length } })
      : gzipSync(raw, { level: effort === 'quick' ? 6 : 9 });
  variants[encoding] = made;
  return made;
}
