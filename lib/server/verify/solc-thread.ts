/**
 * solc on a worker thread, never on a request's: a compile of a large project takes seconds of CPU
 * and a soljson build hundreds of megabytes of memory. One worker per job, terminated when done or
 * when the time limit passes (a terminate stops even a compile stuck in WebAssembly).
 *
 * The worker is plain CommonJS given as source (eval), as pglite-thread.ts does, so no bundler
 * needs to know about a worker file; it loads solc resolved from the working directory, as the
 * server does. It finds the build asked for (compilers.ts): the npm-installed solc when its
 * version is the one asked, else `soljson-<version>.js` in STRATA_SOLC_DIR, else in the download
 * cache, else (when allowed) from the official list, its sha256 checked, kept in the cache.
 */
import { Worker } from 'node:worker_threads';
import type { CompilerConfig } from './compilers';

const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const { createRequire } = require('node:module');
const { join, resolve } = require('node:path');
const fs = require('node:fs');
const crypto = require('node:crypto');
const req = createRequire(join(process.cwd(), 'strata-solc-worker.js'));
const { version, input, solcDir, cacheDir, download, listUrl } = workerData;
const file = 'soljson-' + version + '.js';

async function fetchChecked(reasons) {
  let list;
  try {
    const res = await fetch(listUrl + '/list.json', { signal: AbortSignal.timeout(15000) });
    if (!res.ok) throw new Error('HTTP ' + res.status);
    list = await res.json();
  } catch (e) {
    reasons.push('the release list at ' + listUrl + ' could not be read (' + ((e && e.cause && e.cause.code) || (e && e.message) || e) + ')');
    return null;
  }
  const build = (list.builds || []).find((b) => b.path === file);
  if (!build) { reasons.push('the official release list has no ' + file); return null; }
  const res = await fetch(listUrl + '/' + file, { signal: AbortSignal.timeout(120000) });
  if (!res.ok) { reasons.push('downloading ' + file + ' failed: HTTP ' + res.status); return null; }
  const bytes = Buffer.from(await res.arrayBuffer());
  const sha = '0x' + crypto.createHash('sha256').update(bytes).digest('hex');
  if (sha !== String(build.sha256).toLowerCase()) { reasons.push(file + ' did not match the list\\'s sha256 (' + sha + ' against ' + build.sha256 + ')'); return null; }
  fs.mkdirSync(cacheDir, { recursive: true });
  const target = join(cacheDir, file);
  fs.writeFileSync(target + '.part', bytes);
  fs.renameSync(target + '.part', target);
  return target;
}

async function load() {
  const reasons = [];
  const bundled = req('solc/package.json').version;
  if (version.slice(1).split('+')[0] === bundled) {
    const solc = req('solc');
    if ('v' + solc.version().replace(/\\.Emscripten.*$/, '') === version) return solc;
    reasons.push('the installed solc is ' + solc.version() + ', another build');
  } else {
    reasons.push('the installed solc is ' + bundled);
  }
  const wrapper = req('solc/wrapper');
  // A build is used only when it says it is the version asked (a file may be misnamed).
  const build = (path, where) => {
    const solc = wrapper(req(path));
    if ('v' + solc.version().replace(/\.Emscripten.*$/, '') === version) return solc;
    reasons.push(file + ' in ' + where + ' is solc ' + solc.version() + ', another build');
    return null;
  };
  if (solcDir) {
    const p = resolve(solcDir, file);
    const found = fs.existsSync(p) ? build(p, 'STRATA_SOLC_DIR') : null;
    if (found) return found;
    if (!fs.existsSync(p)) reasons.push(file + ' is not in STRATA_SOLC_DIR (' + solcDir + ')');
  } else {
    reasons.push('STRATA_SOLC_DIR is not set');
  }
  const cached = resolve(cacheDir, file);
  const fromCache = fs.existsSync(cached) ? build(cached, 'the download cache') : null;
  if (fromCache) return fromCache;
  if (!download) { reasons.push('downloading is turned off (STRATA_SOLC_DOWNLOAD=off)'); return reasons; }
  const fetched = await fetchChecked(reasons);
  return (fetched && build(resolve(fetched), 'the download cache')) || reasons;
}

(async () => {
  try {
    const solc = await load();
    if (Array.isArray(solc)) { parentPort.postMessage({ kind: 'unavailable', reasons: solc }); return; }
    parentPort.postMessage({ kind: 'output', output: solc.compile(input) });
  } catch (e) {
    parentPort.postMessage({ kind: 'error', error: String((e && e.message) || e) });
  }
})();
`;

/**
 * Never called: names solc for Next's output file tracing, so the standalone build ships the
 * package (and its dependencies) that the worker requires by name at run time.
 */
export const tracedForStandalone = (): Promise<unknown> => import('solc');

export type CompileResult =
  /** solc's standard JSON output, as text (errors inside it are the caller's to read). */
  | { readonly kind: 'output'; readonly output: string }
  /** The build asked for could not be found or fetched: why, each place tried. */
  | { readonly kind: 'unavailable'; readonly reason: string }
  | { readonly kind: 'failed'; readonly reason: string };

/** Compiles a standard JSON input (text) with solc `version` (`v0.8.37+commit.a2f4bc8f`) on a worker thread. */
export function compileOnWorker(version: string, input: string, config: CompilerConfig): Promise<CompileResult> {
  return new Promise((done) => {
    const worker = new Worker(WORKER_SOURCE, {
      eval: true,
      workerData: { version, input, solcDir: config.solcDir, cacheDir: config.cacheDir, download: config.download, listUrl: config.listUrl },
    });
    let settled = false;
    const finish = (result: CompileResult) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      void worker.terminate();
      done(result);
    };
    const timer = setTimeout(
      () => finish({ kind: 'failed', reason: `the compilation took longer than its limit (${config.timeoutMs} ms, STRATA_VERIFY_TIMEOUT_MS)` }),
      config.timeoutMs,
    );
    worker.on('message', (m: { kind: string; output?: string; reasons?: string[]; error?: string }) => {
      if (m.kind === 'output' && typeof m.output === 'string') finish({ kind: 'output', output: m.output });
      else if (m.kind === 'unavailable') finish({ kind: 'unavailable', reason: (m.reasons ?? []).join('; ') });
      else finish({ kind: 'failed', reason: `the compiler failed: ${m.error ?? 'no answer'}` });
    });
    worker.on('error', (error) => finish({ kind: 'failed', reason: `the compiler's thread failed: ${error.message}` }));
    worker.on('exit', (code) => finish({ kind: 'failed', reason: `the compiler's thread exited (${code}) without an answer` }));
  });
}
