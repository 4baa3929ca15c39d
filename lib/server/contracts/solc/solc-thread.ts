/**
 * solc on a worker thread, never on a request's: a compile of a large project takes seconds of CPU
 * and a soljson build hundreds of megabytes of memory. A worker loads one build and compiles jobs
 * in turn; it ends after a minute without one, on a failure, or when a job passes the time limit
 * (a terminate stops even a compile stuck in WebAssembly). Loading a build costs seconds (2.3 s
 * for the npm solc on this 2-core machine under load), so keeping it for the next job matters.
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
const { version, solcDir, cacheDir, download, listUrl } = workerData;
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
  let solc;
  try {
    solc = await load();
  } catch (e) {
    parentPort.postMessage({ kind: 'error', error: String((e && e.message) || e) });
    return;
  }
  if (Array.isArray(solc)) { parentPort.postMessage({ kind: 'unavailable', reasons: solc }); return; }
  parentPort.postMessage({ kind: 'ready' });
  parentPort.on('message', (m) => {
    try {
      parentPort.postMessage({ kind: 'output', id: m.id, output: solc.compile(m.input) });
    } catch (e) {
      parentPort.postMessage({ kind: 'error', id: m.id, error: String((e && e.message) || e) });
    }
  });
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

/** How long a loaded compiler waits for the next job before its thread ends (loading one costs seconds). */
const IDLE_MS = 60_000;

type Message = { kind: string; id?: number; output?: string; reasons?: string[]; error?: string };

/** A worker with one solc build loaded, answering compile requests in turn. */
interface LoadedCompiler {
  readonly worker: Worker;
  /** Resolves when the build is loaded (null), or with why it cannot be. */
  readonly loaded: Promise<CompileResult | null>;
  busy: boolean;
  idle?: NodeJS.Timeout;
}

/** This process's loaded compilers by version and where builds come from. */
const loaded = new Map<string, LoadedCompiler>();
let nextId = 0;

function startCompiler(version: string, config: CompilerConfig): LoadedCompiler {
  const worker = new Worker(WORKER_SOURCE, {
    eval: true,
    workerData: { version, solcDir: config.solcDir, cacheDir: config.cacheDir, download: config.download, listUrl: config.listUrl },
  });
  // An idle compiler never keeps the process alive (a test's, or a server stopping).
  worker.unref();
  const compilerLoaded = new Promise<CompileResult | null>((done) => {
    const first = (m: Message) => {
      worker.off('message', first);
      if (m.kind === 'ready') done(null);
      else if (m.kind === 'unavailable') done({ kind: 'unavailable', reason: (m.reasons ?? []).join('; ') });
      else done({ kind: 'failed', reason: `the compiler could not be loaded: ${m.error ?? 'no answer'}` });
    };
    worker.on('message', first);
    worker.once('error', (error) => done({ kind: 'failed', reason: `the compiler's thread failed: ${error.message}` }));
    worker.once('exit', (code) => done({ kind: 'failed', reason: `the compiler's thread exited (${code}) without an answer` }));
  });
  return { worker, loaded: compilerLoaded, busy: false };
}

function compileWith(compiler: LoadedCompiler, input: string): Promise<CompileResult> {
  const id = nextId++;
  return new Promise((done) => {
    // Both listeners go with the answer: the worker serves one job after another.
    const answer = (m: Message) => {
      if (m.id !== id) return;
      compiler.worker.off('message', answer);
      compiler.worker.off('exit', exited);
      done(m.kind === 'output' && typeof m.output === 'string' ? { kind: 'output', output: m.output } : { kind: 'failed', reason: `the compiler failed: ${m.error ?? 'no answer'}` });
    };
    const exited = (code: number) => {
      compiler.worker.off('message', answer);
      done({ kind: 'failed', reason: `the compiler's thread exited (${code}) without an answer` });
    };
    compiler.worker.on('message', answer);
    compiler.worker.once('exit', exited);
    compiler.worker.postMessage({ id, input });
  });
}

/**
 * Compiles a standard JSON input (text) with solc `version` (`v0.8.37+commit.a2f4bc8f`) on a
 * worker thread. The build stays loaded for IDLE_MS after a job (the next job of that version
 * skips seconds of loading); the time limit covers loading and compiling, and a compile over it
 * ends its thread.
 */
export async function compileOnWorker(version: string, input: string, config: CompilerConfig): Promise<CompileResult> {
  const key = JSON.stringify([version, config.solcDir, config.cacheDir, config.download, config.listUrl]);
  let own = loaded.get(key);
  if (!own || own.busy) {
    // A busy one keeps its place; this one then serves this job only.
    own = startCompiler(version, config);
    if (!loaded.has(key)) loaded.set(key, own);
  }
  own.busy = true;
  clearTimeout(own.idle);
  const forget = () => {
    if (loaded.get(key) === own) loaded.delete(key);
    void own.worker.terminate();
  };
  let timer: NodeJS.Timeout | undefined;
  const limit = new Promise<CompileResult>((done) => {
    timer = setTimeout(
      () => done({ kind: 'failed', reason: `the compilation took longer than its limit (${config.timeoutMs} ms, STRATA_VERIFY_TIMEOUT_MS)` }),
      config.timeoutMs,
    );
  });
  const work = (async (): Promise<CompileResult> => {
    const refused = await own.loaded;
    return refused ?? compileWith(own, input);
  })();
  const result = await Promise.race([work, limit]);
  clearTimeout(timer);
  own.busy = false;
  if (result.kind === 'output' && loaded.get(key) === own) {
    own.idle = setTimeout(forget, IDLE_MS);
    own.idle.unref();
  } else {
    forget();
  }
  return result;
}
