/**
 * Next's browser scripts and styles (`/_next/static/chunks/<file>`) in brotli: server.ts's stage
 * after the request observer. Next compresses with gzip only; `npm run build` also writes a brotli
 * copy of each chunk at quality 11 (scripts/compress-chunks.mjs), about 15 % smaller (the block
 * page's nine scripts: 126 KB against 147 KB as gzip; docs/performance.md), which every first
 * visit downloads. Chunk names are content hashes, so a copy never goes stale.
 *
 * It answers only a plain GET/HEAD of a chunk, without a query, from a reader that accepts brotli,
 * once that chunk's copy is in memory (all of them are read at start, a few hundred KB);
 * everything else goes to Next (gzip or identity), as does every chunk of a build made without
 * the copies (`next build` alone).
 *
 * Production only: in development chunk names are not hashes and their contents change.
 */
import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join } from 'node:path';
import { BASE_SECURITY_HEADERS, HSTS_VALUE } from '@/lib/http/security-headers';
import { logger } from '@/lib/ops/log';
import { chooseEncoding } from '@/lib/server/page-cache/answer';
import { requestOverHttps } from '@/lib/http/https';
import type { Stage } from '@/lib/http/stage';

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

const chunks = new Map<string, BrotliChunk>();

/** Reads every `<chunk>.br` the build wrote in `dir` (.next/static/chunks) into memory; a build without them leaves every chunk to Next. */
export async function loadStaticScripts(dir: string): Promise<number> {
  let names: string[];
  try {
    names = await readdir(dir);
  } catch {
    return 0; // no build here: nothing to serve
  }
  for (const file of names) {
    const name = file.endsWith('.br') ? file.slice(0, -3) : undefined;
    const ext = name ? CHUNK_URL.exec(`/_next/static/chunks/${name}`)?.[2] : undefined;
    if (!name || !ext || chunks.has(name)) continue;
    try {
      const body = await readFile(join(dir, file));
      const etag = `"br-${createHash('sha256').update(body).digest('base64url').slice(0, 22)}"`;
      chunks.set(name, { body, etag, contentType: CONTENT_TYPES[ext] ?? 'application/octet-stream' });
    } catch (error) {
      logger().warn({ component: 'static-assets', chunk: file, error: error instanceof Error ? error.message : String(error) }, 'brotli copy unreadable; Next serves the chunk');
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
  const chunk = chunks.get(name);
  if (!chunk) return false;
  const https = requestOverHttps(request);
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

/**
 * The stage (production only): reads the brotli copies of the build in `appDir` in the background
 * and serves them once read.
 */
export function staticAssets(appDir: string): Stage {
  if (process.env.NODE_ENV !== 'production') return (_request, _response, next) => next();
  void loadStaticScripts(join(appDir, '.next', 'static', 'chunks'));
  return (request, response, next) => {
    if (!answerStaticScript(request, response)) next();
  };
}
