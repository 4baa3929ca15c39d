/**
 * The solc builds this explorer serves to browsers for "Recompile in this browser": the same
 * files its own compile worker loads (lib/server/contracts/solc/solc-thread.ts) — the npm-installed solc's
 * soljson.js when its version is the one asked, else `soljson-<version>.js` in STRATA_SOLC_DIR,
 * else in the download cache. A build is never downloaded for a browser: one this explorer has not
 * got is a 404. And the small classic worker that loads a build and compiles with it (a module
 * worker cannot importScripts, and a build is an Emscripten script, not a module).
 */
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import { loadCompilerConfig } from './compilers';
import { bundledVersion } from '@/lib/server/contracts/solc/offered-compilers';

/** A build's name as the URL gives it: solc's long version. */
export const SOLC_VERSION = /^v\d{1,2}\.\d{1,2}\.\d{1,3}\+commit\.[0-9a-f]{8}$/;

/** The file of build `version`, or null when this explorer has none. */
export async function solcBuildFile(version: string): Promise<string | null> {
  if ((await bundledVersion()) === version) {
    const req = createRequire(join(process.cwd(), 'strata-solc-build.js'));
    return req.resolve('solc/soljson.js');
  }
  let config;
  try {
    config = loadCompilerConfig();
  } catch {
    return null;
  }
  const file = `soljson-${version}.js`;
  for (const dir of [config.solcDir, config.cacheDir]) {
    if (!dir) continue;
    const path = resolve(dir, file);
    if (existsSync(path)) return path;
  }
  return null;
}

/**
 * The browser's compile worker: one message in (`{ solc, input }`: the build's URL on this
 * explorer, the standard JSON input as text), one out (`{ kind: 'output', version, output }` or
 * `{ kind: 'error', error }`). Plain JavaScript, served as it is.
 */
export const SOLC_WORKER_SOURCE = `'use strict';
self.onmessage = function (event) {
  var data = event.data || {};
  try {
    self.Module = self.Module || {};
    var ready = new Promise(function (done) { self.Module.onRuntimeInitialized = done; });
    importScripts(data.solc);
    var module = self.Module;
    (module.calledRun ? Promise.resolve() : ready).then(function () {
      var version = module.cwrap('solidity_version', 'string', [])();
      var compile = module.cwrap('solidity_compile', 'string', ['string', 'number', 'number']);
      self.postMessage({ kind: 'output', version: version, output: compile(data.input, 0, 0) });
    }).catch(function (e) { self.postMessage({ kind: 'error', error: String((e && e.message) || e) }); });
  } catch (e) {
    self.postMessage({ kind: 'error', error: String((e && e.message) || e) });
  }
};
`;
