/**
 * After `next build`: server.ts (the request's path around Next, and the process's start and
 * stop) bundled into one file, .next/strata/server.mjs, which `npm run serve` and `npm start` run
 * and scripts/standalone-assets.mjs copies into the standalone folder as its server.js. Next is
 * loaded from node_modules, as are the packages next.config.mjs keeps out of Next's own bundles
 * (serverExternalPackages: they are in the standalone folder's node_modules too); everything
 * else server.ts imports from lib/ is in the bundle.
 */
import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
// The packages kept out of Next's bundles are the same in every phase: the base config says them.
import { nextConfig } from '../next.config.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

/** `next/navigation` and the like, loaded from node_modules by their file: Next has no exports map for an ES module to resolve them by. */
const nextSubpaths = {
  name: 'next-subpaths',
  setup(build) {
    build.onResolve({ filter: /^next\/[^.]+$/ }, (args) => ({ path: `${args.path}.js`, external: true }));
  },
};
const outfile = join(root, '.next', 'strata', 'server.mjs');
mkdirSync(dirname(outfile), { recursive: true });
await build({
  entryPoints: [join(root, 'server.ts')],
  outfile,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  tsconfig: join(root, 'tsconfig.json'),
  external: ['next', 'react', 'react-dom', ...nextConfig.serverExternalPackages],
  plugins: [nextSubpaths],
  // CommonJS packages in the bundle call require(); an ES module has none of its own.
  banner: { js: "import { createRequire as __strataRequire } from 'node:module'; const require = __strataRequire(import.meta.url);" },
  logLevel: 'warning',
});
console.log(`build-server: ${outfile.slice(root.length + 1)}`);
