/**
 * A kept answer: what a render of a kept route gave (./render.ts), as the page cache stores it
 * (./store.ts) and writes it (./write.ts). A page (HTML with its own CSP: its inline scripts by
 * hash), an API's JSON, or a redirect (EIP-3091's `/block/<hash>` to its chain's page).
 *
 * The body is kept as sent without compression, or, for a page over the store's limit for one
 * answer, compressed (gzip) when that fits: such a page is then served from the copy instead of
 * rendered again for every viewer.
 */
import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip as gzipCompress, gunzip as gunzipRaw } from 'node:zlib';

export interface Answer {
  readonly status: 200 | 307 | 308;
  /** Its Content-Type; a redirect has none. */
  readonly contentType?: string;
  /** An API route's own Cache-Control (most say no-store; a document for a deployment may be kept by a CDN). */
  readonly cacheControl?: string;
  /** A page's Content-Security-Policy (its inline scripts by hash). */
  readonly csp?: string;
  /** A redirect's target. */
  readonly location?: string;
  /** The body as rendered; absent when only the gzip copy is kept. */
  readonly body?: Buffer;
  /** The body in gzip, when the plain body was over the limit. */
  readonly gzipped?: Buffer;
  /** A compressed copy of a kept answer (./store.ts keeps them beside it): how `body` is encoded. */
  readonly encoding?: ContentEncoding;
  readonly etag: string;
  /** When it was rendered (ms since the epoch), for the stale banner. */
  readonly storedAt: number;
}

export function etagOf(body: Buffer | string): string {
  return `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
}

/** What it costs the store: bytes of body and headers. */
export function answerSize(answer: Answer): number {
  return (answer.body?.length ?? 0) + (answer.gzipped?.length ?? 0) + (answer.csp?.length ?? 0) + (answer.location?.length ?? 0) + 200;
}

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

const brotli = promisify(brotliCompress);
const gzip = promisify(gzipCompress);
export const gunzip = promisify(gunzipRaw);

/**
 * Quick: brotli 4, gzip 6 (8 ms for a 170 KB page, about as small as brotli 9's 280 ms on this
 * 2-core machine). Thorough: brotli 9, gzip 9. On libuv's thread pool, never the event loop.
 */
export function compress(raw: Buffer, encoding: ContentEncoding, thorough = false): Promise<Buffer> {
  return encoding === 'br'
    ? brotli(raw, { params: { [zlib.BROTLI_PARAM_QUALITY]: thorough ? 9 : 4, [zlib.BROTLI_PARAM_SIZE_HINT]: raw.length } })
    : gzip(raw, { level: thorough ? 9 : 6 });
}

/** The body without compression (inflated from the kept gzip copy when that is all there is). */
export function plainBody(answer: Answer): Promise<Buffer> {
  if (answer.body) return Promise.resolve(answer.body);
  return answer.gzipped ? gunzip(answer.gzipped) : Promise.resolve(Buffer.alloc(0));
}
