/**
 * `npm run bench:first-load`: the JavaScript a first visit of each page downloads, read from the
 * last `next build` (no server, no devnet: seconds instead of bench:explorer's minutes). Each
 * script counted once, gzipped at level 6 as `next start` sends it, as bench:explorer does from
 * the served HTML. A benchmark: it prints, it asserts nothing.
 *
 *   --chunks   also list each page's scripts, largest first, with the packages found in them
 *
 * A page's scripts are the root ones (build-manifest.json's polyfill and main files) and every
 * entry script its client reference manifest names for the segments on its path (layouts, the
 * page, error and not-found boundaries): the <script src> tags of its HTML. The polyfill script is
 * <script noModule>, which browsers with ES modules (all current ones) never fetch: the first
 * column counts it as bench:explorer does, the second is what those browsers download.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { runInNewContext } from 'node:vm';
import { gzipSync } from 'node:zlib';
import { parseArgs } from 'node:util';

const { values } = parseArgs({ options: { chunks: { type: 'boolean', default: false } } });
const NEXT = join(import.meta.dirname, '..', '.next');

/** The pages issue #13 budgets, by their app directory, with the budget in gzip KB. */
const PAGES: Array<{ name: string; dir: string; budget: number }> = [
  { name: 'block', dir: 'chain/[chain]/block/[id]', budget: 150 },
  { name: 'tx', dir: 'tx/[hash]', budget: 150 },
  { name: 'address', dir: 'address/[address]', budget: 150 },
  { name: 'home', dir: '', budget: 200 },
  { name: 'fees', dir: 'fees/[chain]', budget: 200 },
];

/** Packages worth naming when they turn up in a chunk (turbopack keeps module paths in comments or ids). */
const MARKERS = ['recharts', 'd3-', 'viem', '@noble', 'ox/', 'abitype', '@tanstack', 'react-dom', 'immer', 'redux', 'decimal.js', 'lodash'];

interface BuildManifest {
  polyfillFiles: string[];
  rootMainFiles: string[];
}
type ClientManifest = Record<string, { entryJSFiles: Record<string, string[]> }>;

function clientManifest(dir: string): ClientManifest {
  const file = join(NEXT, 'server', 'app', dir, 'page_client-reference-manifest.js');
  const sandbox: { __RSC_MANIFEST?: ClientManifest } = {};
  // The manifest is a script assigning globalThis.__RSC_MANIFEST; run it in a sandbox of its own.
  runInNewContext(readFileSync(file, 'utf8'), sandbox);
  return sandbox.__RSC_MANIFEST ?? {};
}

const gzipped = new Map<string, number>();
function gzipSize(file: string): number {
  let size = gzipped.get(file);
  if (size === undefined) {
    size = gzipSync(readFileSync(join(NEXT, file)), { level: 6 }).length;
    gzipped.set(file, size);
  }
  return size;
}

function packagesIn(file: string): string[] {
  const text = readFileSync(join(NEXT, file), 'utf8');
  return MARKERS.filter((m) => text.includes(`node_modules/${m}`) || text.includes(`[project]/node_modules/${m}`));
}

function main(): void {
  if (!existsSync(join(NEXT, 'build-manifest.json'))) {
    console.error('bench:first-load: no build in .next; run `npm run build` first');
    process.exit(1);
  }
  const build = JSON.parse(readFileSync(join(NEXT, 'build-manifest.json'), 'utf8')) as BuildManifest;
  console.log('bench:first-load — first-load JS per page (gzip level 6), from .next of the last build\n');
  for (const page of PAGES) {
    const manifest = clientManifest(page.dir);
    const files = new Set([...build.polyfillFiles, ...build.rootMainFiles]);
    for (const entry of Object.values(manifest)) for (const list of Object.values(entry.entryJSFiles)) for (const f of list) files.add(f);
    const sizes = [...files].map((f) => ({ f, size: gzipSize(f) })).sort((a, b) => b.size - a.size);
    const total = sizes.reduce((sum, s) => sum + s.size, 0);
    const modern = total - build.polyfillFiles.reduce((sum, f) => sum + gzipSize(f), 0);
    const kb = (bytes: number) => `${(bytes / 1024).toFixed(0).padStart(4)} KB`;
    const verdict = (bytes: number) => (bytes / 1024 <= page.budget ? 'met' : 'over');
    console.log(`${page.name.padEnd(8)} ${kb(total)} (${verdict(total)})   without the noModule polyfill ${kb(modern)} (${verdict(modern)})   budget ≤ ${page.budget} KB`);
    if (values.chunks) {
      for (const { f, size } of sizes) console.log(`           ${(size / 1024).toFixed(1).padStart(6)} KB  ${f}  ${packagesIn(f).join(' ')}`);
    }
  }
}

main();
