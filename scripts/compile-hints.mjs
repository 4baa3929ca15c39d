/**
 * After `next build`, before compress-chunks.mjs: V8's explicit compile hint
 * (`//# allFunctionsCalledOnLoad`, Chrome 136+) as the first line of every script a page runs as
 * it loads: the framework and Next's runtime (the build manifest's `rootMainFiles`) and each
 * layout's and page's own chunks (`entryJSFiles` of the client reference manifests).
 *
 * Why: Turbopack writes each module as an arrow function that V8 compiles lazily, on the main
 * thread, the first time it runs. On a page load that is every module of these chunks, at once:
 * React DOM's alone is about 60 ms on a fast desktop core, one task that blocks the page right
 * after its first paint (4x that on a mid-range phone). With the hint Chrome compiles the file's
 * functions on the background thread that streams the script in, while it downloads. Browsers
 * without the feature read a comment. Chunks loaded later on demand (charts, the compiler list)
 * are left as they are: most of their functions never run.
 *
 * Idempotent: a chunk that already starts with the hint is left alone.
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runInNewContext } from 'node:vm';

export const COMPILE_HINT = '//# allFunctionsCalledOnLoad\n';

const next = join(dirname(fileURLToPath(import.meta.url)), '..', '.next');

/** Every `*_client-reference-manifest.js` under .next/server/app. */
function clientManifests(dir) {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return clientManifests(path);
    return entry.name.endsWith('_client-reference-manifest.js') ? [path] : [];
  });
}

/** The chunks (`static/chunks/<file>.js`) pages run at load. */
function startupChunks() {
  const chunks = new Set(JSON.parse(readFileSync(join(next, 'build-manifest.json'), 'utf8')).rootMainFiles ?? []);
  for (const file of clientManifests(join(next, 'server', 'app'))) {
    // The manifest is a script assigning globalThis.__RSC_MANIFEST[route]; run it in a context of its own.
    const context = { globalThis: {} };
    runInNewContext(readFileSync(file, 'utf8'), context);
    for (const manifest of Object.values(context.globalThis.__RSC_MANIFEST ?? {})) {
      for (const files of Object.values(manifest.entryJSFiles ?? {})) for (const chunk of files) chunks.add(chunk);
    }
  }
  return [...chunks].filter((chunk) => /^static\/chunks\/[^/]+\.js$/.test(chunk));
}

const chunks = startupChunks();
if (chunks.length === 0) {
  console.error('compile-hints: no startup chunks in .next/build-manifest.json or the client reference manifests; did `next build` run?');
  process.exit(1);
}
let hinted = 0;
for (const chunk of chunks) {
  const path = join(next, chunk);
  const source = readFileSync(path, 'utf8');
  if (source.startsWith(COMPILE_HINT)) continue;
  writeFileSync(path, COMPILE_HINT + source);
  hinted++;
}
console.log(`compile-hints: ${chunks.length} startup chunks, ${hinted} hinted now`);
