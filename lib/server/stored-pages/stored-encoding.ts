/**
 * Stored pages compressed once, not on every hit: a block page is 100–300 KB of HTML (its RSC
 * payload repeats the markup) and gzipping it per response was two thirds of a hit's cost.
 * Used by ./stored-fast-path.ts, which writes Node's response itself: through Next, a
 * Content-Encoding set by proxy.ts or a route handler is dropped and `compress` gzips the
 * body again (the double gzip of an earlier attempt).
 */
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip as gzipCompress } from 'node:zlib';
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
interface Encoded {
  /** The best copy made so far of each encoding. */
  readonly made: Variants;
  /** A compression in progress, shared by the requests that wait for it. */
  readonly making: Partial<Record<ContentEncoding, Promise<Buffer>>>;
}
const ENCODED = Symbol.for('strata.server.stored-encoded-async');
/** On globalThis like the store itself: Next bundles proxy.ts and the route handlers apart. */
function encodedVariants(): WeakMap<StoredPage, Encoded> {
  const holder = globalThis as { [ENCODED]?: WeakMap<StoredPage, Encoded> };
  return (holder[ENCODED] ??= new WeakMap());
}

const brotli = promisify(brotliCompress);
const gzip = promisify(gzipCompress);

/** Quick: brotli 4, gzip 6. Thorough: brotli 9, gzip 9. */
function compress(raw: Buffer, encoding: ContentEncoding, thorough: boolean): Promise<Buffer> {
  return encoding === 'br'
    ? brotli(raw, { params: { [zlib.BROTLI_PARAM_QUALITY]: thorough ? 9 : 4, [zlib.BROTLI_PARAM_SIZE_HINT]: raw.length } })
    : gzip(raw, { level: thorough ? 9 : 6 });
}

/**
 * The page's body compressed with `encoding`: the copy already made (a Buffer, at once), or a
 * promise of the first one. Compression runs on libuv's thread pool, never on the event loop:
 * brotli at quality 9 took 280 ms for a 170 KB page on this 2-core machine, which every other
 * request used to wait behind.
 *
 * The first copy is made quickly (brotli 4 / gzip 6: 8 ms for that page, about as small). For
 * `stored` pages, which are served thousands of times, a thorough copy (brotli 9 / gzip 9) is
 * then made in the background and replaces it. `quick` pages live for one tips snapshot or one
 * state of an address (./tip-pages.ts, lib/server/shown-pages/): only the quick copy.
 *
 * Copies live as long as the stored page object does (the stores keep one object per page).
 */
export function encodedBody(page: StoredPage, encoding: ContentEncoding, effort: 'stored' | 'quick' = 'stored'): Buffer | Promise<Buffer> {
  const all = encodedVariants();
  let entry = all.get(page);
  if (!entry) {
    entry = { made: {}, making: {} };
    all.set(page, entry);
  }
  const { made, making } = entry;
  const existing = made[encoding];
  if (existing) return existing;
  const pending = making[encoding];
  if (pending) return pending;
  const raw = Buffer.from(page.body, 'utf8');
  const first = compress(raw, encoding, false).then((quick) => {
    made[encoding] = quick;
    delete making[encoding];
    if (effort === 'stored') {
      // Better ratio for the many later hits; a failure keeps the quick copy.
      compress(raw, encoding, true).then((thorough) => (made[encoding] = thorough)).catch(() => undefined);
    }
    return quick;
  });
  making[encoding] = first;
  // A failure is not kept: the next request tries again.
  first.catch(() => delete making[encoding]);
  return first;
}
