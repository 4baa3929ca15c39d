/**
 * After `next build`: a brotli copy (`<file>.br`, quality 11) of every script and stylesheet in
 * .next/static/chunks, which the server sends to readers that accept brotli
 * (lib/server/request-path/static-assets.ts) instead of Next's gzip: about 15 % fewer bytes of
 * JavaScript on every first visit (docs/performance.md). Done here, once per build,
 * because quality 11 costs seconds of CPU that a starting server should spend on its readers.
 * Runs before standalone-assets.mjs, which copies .next/static into the standalone folder.
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants } from 'node:zlib';

const chunks = join(dirname(fileURLToPath(import.meta.url)), '..', '.next', 'static', 'chunks');
let files = 0;
let before = 0;
let after = 0;
for (const name of readdirSync(chunks)) {
  if (!/\.(js|css)$/.test(name)) continue;
  const raw = readFileSync(join(chunks, name));
  const br = brotliCompressSync(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: raw.length } });
  writeFileSync(join(chunks, `${name}.br`), br);
  files++;
  before += raw.length;
  after += br.length;
}
console.log(`compress-chunks: ${files} files, ${(before / 1024).toFixed(0)} KB → ${(after / 1024).toFixed(0)} KB in brotli`);
