/**
 * After `next build` and scripts/build-server.mjs: completes the standalone folder
 * (.next/standalone) with what Next leaves out of it, the browser assets (.next/static) and
 * public/, and makes its server.js Strata's server (server.ts, bundled: the request's path around
 * Next) instead of the minimal one Next writes, with next.config.mjs beside it for Next to read.
 * That folder alone is then a deployable explorer: `node .next/standalone/server.js` (docs/deploy.md).
 */
import { cpSync, existsSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const standalone = join(root, '.next', 'standalone');
if (!existsSync(join(standalone, 'server.js'))) {
  console.error('standalone-assets: .next/standalone/server.js is missing; is output: "standalone" set in next.config.mjs?');
  process.exit(1);
}
for (const [from, to] of [
  [join(root, '.next', 'static'), join(standalone, '.next', 'static')],
  [join(root, 'public'), join(standalone, 'public')],
]) {
  rmSync(to, { recursive: true, force: true });
  cpSync(from, to, { recursive: true });
}
cpSync(join(root, '.next', 'strata', 'server.mjs'), join(standalone, 'server.js'));
cpSync(join(root, 'next.config.mjs'), join(standalone, 'next.config.mjs'));
console.log('standalone-assets: .next/standalone is complete (node .next/standalone/server.js)');
