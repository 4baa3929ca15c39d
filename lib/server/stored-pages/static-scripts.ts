/**
 * Next's browser scripts and styles (`/_next/static/chunks/<file>`) in brotli. `next start` (and
 * the standalone server) compress with gzip only; `npm run build` also writes a brotli copy of
 * each chunk at quality 11 (scripts/compress-chunks.mjs), about 15 % smaller (the block page's
 * nine scripts: 126 KB against 147 KB as gzip; docs/performance.md, issue 21), which every first
 * visit downloads. Chunk names are content hashes, so a copy never goes stale.
 *
 * Installed by instrumentation.ts around http.Server's 'request' event, beside the stored-page
 * fast path and inside the request observer (request ids, metrics and log lines as any other
 * answer). It answers only a plain GET/HEAD of a chunk, without a query, from a reader that
 * accepts brotli, once that chunk's copy is in memory (all of them are read at start, a few
 * hundred KB); everything else goes to Next as before (gzip or identity), as does every chunk of
 * a build made without the copies (`next build` alone, as `npm start` runs it).
 *
 * Production only: in `next dev` chunk names are not hashes and their contents change.
 */
import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { Server, type IncomingMessage, type ServerResponse } from 'node:http';
import type { TLSSocket } from 'node:tls';
import { join } from 'node:path';
import { BASE_SECURITY_HEADERS, HSTS_VALUE } from '@/lib/http/security-headers';
import { logger } from '@/lib/ops/log';
import { chooseEncoding } from './stored-encoding';

/** A chunk's URL: one file name (no directory, no query). */
const CHUNK_URL = /^\/_next\/static\/chunks\/([A-Za-z0-9_~-][A-Za-z0-9_.~-]*\.(js|css))$/;
const CONTENT_TYPES: Record<string, string> = { js: 'application/javascript; charset=UTF-8', css: 'text/css; charset=UTF-8' };
/** As Next sends its hashed static files. */
const CACHE_CONTROL = 'public, max-age=31536000, immutable';

interface BrotliChunk {
  readonly body: Buffer;
  readonly etag: string;
  readonly contentType: string;
}

const CACHE = Symbol.for('strata.server.static-scripts');
/** On globalThis: instrumentation.ts and Next's bundles could each hold a copy of this module. */
function cache(): Map<string, BrotliChunk> {
  const holder = globalThis as { [CACHE]?: Map<string, BrotliChunk> };
  return (holder[CACHE] ??= new Map());
}

/** The build's chunks: .next/static/chunks under the server's directory (`next start` and the standalone server.js both run there). */
function chunksDir(): string {
  return join(process.cwd(), '.next', 'static', 'chunks');
}

/** Reads every `<chunk>.br` the build wrote into memory; a build without them leaves every chunk to Next. */
export async function loadStaticScripts(dir = chunksDir()): Promise<number> {
  let names: string[];
  try {
    names = await readdir(dir);
  } catch {
    return 0; // no build here: nothing to serve
  }
  const chunks = cache();
  for (const file of names) {
    const name = file.endsWith('.br') ? file.slice(0, -3) : undefined;
    const ext = name ? CHUNK_URL.exec(`/_next/static/chunks/${name}`)?.[2] : undefined;
    if (!name || !ext || chunks.has(name)) continue;
    try {
      const body = await readFile(join(dir, file));
      const etag = `"br-${createHash('sha256').update(body).digest('base64url').slice(0, 22)}"`;
      chunks.set(name, { body, etag, contentType: CONTENT_TYPES[ext] ?? 'application/octet-stream' });
    } catch (error) {
      logger().warn({ component: 'static-scripts', chunk: file, error: error instanceof Error ? error.message : String(error) }, 'brotli copy unreadable; Next serves the chunk');
    }
  }
  return chunks.size;
}

function single(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

/** Answers a chunk request in brotli and returns true, or returns false having written nothing. */
export function answerStaticScript(request: IncomingMessage, response: ServerResponse): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  const name = CHUNK_URL.exec(request.url ?? '')?.[1];
  if (!name) return false;
  if (chooseEncoding(single(request.headers['accept-encoding'])) !== 'br') return false;
  const chunk = cache().get(name);
  if (!chunk) return false;
  const forwarded = single(request.headers['x-forwarded-proto'])?.split(',')[0]?.trim().toLowerCase();
  const https = forwarded ? forwarded === 'https' : Boolean((request.socket as TLSSocket).encrypted);
  const headers: Record<string, string> = {
    ...BASE_SECURITY_HEADERS,
    ...(https ? { 'Strict-Transport-Security': HSTS_VALUE } : {}),
    'Cache-Control': CACHE_CONTROL,
    'Content-Type': chunk.contentType,
    ETag: chunk.etag,
    Vary: 'Accept-Encoding',
  };
  if (single(request.headers['if-none-match'])?.split(',').some((t) => t.trim() === chunk.etag)) {
    response.writeHead(304, headers);
    response.end();
    return true;
  }
  headers['Content-Encoding'] = 'br';
  headers['Content-Length'] = String(chunk.body.length);
  response.writeHead(200, headers);
  response.end(request.method === 'HEAD' ? undefined : chunk.body);
  return true;
}

const INSTALLED = Symbol.for('strata.server.static-scripts-installed');

/** Wraps http.Server's 'request' event (install before the request observer, which wraps this) and reads the build's brotli copies. */
export function installStaticScripts(): void {
  if (process.env.NODE_ENV !== 'production') return;
  const proto = Server.prototype as Server & { [INSTALLED]?: boolean };
  if (proto[INSTALLED]) return;
  proto[INSTALLED] = true;
  const emit = proto.emit as (this: Server, event: string | symbol, ...args: unknown[]) => boolean;
  const withScripts = function (this: Server, event: string | symbol, ...args: unknown[]): boolean {
    if (event === 'request') {
      const [request, response] = args as [IncomingMessage, ServerResponse];
      try {
        if (answerStaticScript(request, response)) return true;
      } catch (error) {
        if (response.headersSent) throw error;
        logger().warn({ component: 'static-scripts', error: error instanceof Error ? error.message : String(error) }, 'brotli chunk failed, passing to Next');
      }
    }
    return emit.call(this, event, ...args);
  };
  proto.emit = withScripts as typeof proto.emit;
  void loadStaticScripts();
}
