/**
 * The compiler builds the /verify form offers, newest first, as Etherscan's clients name them
 * (`v0.8.37+commit.a2f4bc8f`): the npm-installed solc, and the soljson builds in STRATA_SOLC_DIR
 * and the download cache (lib/server/contracts/solc/compilers.ts). Where downloads are on, any other
 * official version works too: the field takes free text, these are suggestions.
 *
 * The installed solc's long version is known only by loading it (its commit is inside the
 * WebAssembly), so it is asked once per process on a worker thread, never on a request's.
 */
import { readdir } from 'node:fs/promises';
import { Worker } from 'node:worker_threads';
import { loadCompilerConfig } from '@/lib/server/contracts/solc/compilers';
import { processWide } from '@/lib/ops/process-wide';

const SOLJSON = /^soljson-(v\d{1,2}\.\d{1,2}\.\d{1,3}\+commit\.[0-9a-f]{8})\.js$/;
const ASK_VERSION = `
const { parentPort } = require('node:worker_threads');
const { createRequire } = require('node:module');
const { join } = require('node:path');
const solc = createRequire(join(process.cwd(), 'strata-solc-version.js'))('solc');
parentPort.postMessage('v' + solc.version().replace(/\\.Emscripten.*$/, ''));
`;

/** The npm-installed solc's long version (`v0.8.37+commit.…`), asked once per process on a worker thread; null when it cannot be loaded. */
export function bundledVersion(): Promise<string | null> {
  return processWide(
    'verify.bundled-solc',
    () =>
      new Promise<string | null>((resolve) => {
        const worker = new Worker(ASK_VERSION, { eval: true });
        worker.once('message', (v: unknown) => resolve(typeof v === 'string' && SOLJSON.test(`soljson-${v}.js`) ? v : null));
        worker.once('error', () => resolve(null));
        worker.once('exit', () => resolve(null));
      }),
  );
}

async function buildsIn(dir: string | null): Promise<string[]> {
  if (!dir) return [];
  const names = await readdir(dir).catch(() => [] as string[]);
  return names.flatMap((name) => SOLJSON.exec(name)?.[1] ?? []);
}

/** Newest first: by major, minor, patch. */
function byVersionDescending(a: string, b: string): number {
  const parts = (v: string) => v.slice(1).split('+')[0]!.split('.').map(Number);
  const [pa, pb] = [parts(a), parts(b)];
  for (let i = 0; i < 3; i++) if (pa[i] !== pb[i]) return (pb[i] ?? 0) - (pa[i] ?? 0);
  return a.localeCompare(b);
}

export async function offeredCompilers(): Promise<readonly string[]> {
  let config;
  try {
    config = loadCompilerConfig();
  } catch {
    config = null;
  }
  const [bundled, inDir, cached] = await Promise.all([bundledVersion(), buildsIn(config?.solcDir ?? null), buildsIn(config?.cacheDir ?? null)]);
  return [...new Set([...(bundled ? [bundled] : []), ...inDir, ...cached])].sort(byVersionDescending);
}
