/**
 * Where the compile worker finds a build, and why it says it cannot: the installed solc, a
 * STRATA_SOLC_DIR build (checked to be the version its name says), the official list (unreachable,
 * missing the build, or serving bytes whose sha256 is not the list's). The list is served here by
 * a local HTTP server: this machine cannot reach binaries.soliditylang.org.
 */
import { mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import solc from 'solc';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { loadCompilerConfig } from './compilers';
import { compileOnWorker } from './solc-thread';
import { MAX_INPUT_BYTES } from '../queue-config';

const INSTALLED = `v${solc.version().replace(/\.Emscripten.*$/, '')}`;
const OTHER = 'v0.8.19+commit.7dd6d404';
const INPUT = JSON.stringify({ language: 'Solidity', sources: { 'A.sol': { content: 'pragma solidity >=0.8.0; contract A { uint public x = 1; }' } }, settings: { outputSelection: { '*': { '*': ['abi'] } } } });
const dirs: string[] = [];
let server: Server;
let listUrl: string;

beforeAll(async () => {
  // The list names OTHER with a sha256 the served bytes do not have.
  server = createServer((req, res) => {
    if (req.url === '/list.json') {
      res.end(JSON.stringify({ builds: [{ path: `soljson-${OTHER}.js`, sha256: `0x${'00'.repeat(32)}` }] }));
    } else {
      res.end('not a compiler');
    }
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  listUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => {
  server.close();
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

const temp = () => {
  const d = mkdtempSync(join(tmpdir(), 'strata-solc-'));
  dirs.push(d);
  return d;
};

describe('compileOnWorker', () => {
  test('behavior: the installed solc compiles offline', async () => {
    const r = await compileOnWorker(INSTALLED, INPUT, loadCompilerConfig({ STRATA_SOLC_DOWNLOAD: 'off' }));
    expect(r.kind).toBe('output');
    expect(r.kind === 'output' && JSON.parse(r.output).contracts['A.sol'].A).toBeDefined();
  }, 60_000);

  test('behavior: a STRATA_SOLC_DIR build misnamed as another version is refused', async () => {
    const dir = temp();
    symlinkSync(resolve('node_modules/solc/soljson.js'), join(dir, `soljson-${OTHER}.js`));
    const r = await compileOnWorker(OTHER, INPUT, loadCompilerConfig({ STRATA_SOLC_DIR: dir, STRATA_SOLC_DOWNLOAD: 'off', STRATA_SOLC_CACHE: temp() }));
    expect(r).toMatchObject({ kind: 'unavailable', reason: expect.stringContaining('another build') });
  }, 60_000);

  test('args: download off, list unreachable, or bytes that fail the checksum: each says why', async () => {
    const off = await compileOnWorker(OTHER, INPUT, loadCompilerConfig({ STRATA_SOLC_DOWNLOAD: 'off', STRATA_SOLC_CACHE: temp() }));
    expect(off).toMatchObject({ kind: 'unavailable', reason: expect.stringContaining('STRATA_SOLC_DOWNLOAD=off') });
    const unreachable = await compileOnWorker(OTHER, INPUT, loadCompilerConfig({ STRATA_SOLC_LIST_URL: 'http://127.0.0.1:1', STRATA_SOLC_CACHE: temp() }));
    expect(unreachable).toMatchObject({ kind: 'unavailable', reason: expect.stringContaining('could not be read') });
    const forged = await compileOnWorker(OTHER, INPUT, loadCompilerConfig({ STRATA_SOLC_LIST_URL: listUrl, STRATA_SOLC_CACHE: temp() }));
    expect(forged).toMatchObject({ kind: 'unavailable', reason: expect.stringContaining("did not match the list's sha256") });
    const missing = await compileOnWorker('v0.8.18+commit.87f61d96', INPUT, loadCompilerConfig({ STRATA_SOLC_LIST_URL: listUrl, STRATA_SOLC_CACHE: temp() }));
    expect(missing).toMatchObject({ kind: 'unavailable', reason: expect.stringContaining('has no soljson-v0.8.18') });
  }, 60_000);

  test('behavior: the compiler reads an input as large as a submission may be (MAX_INPUT_BYTES)', async () => {
    // solc-js copies its input onto the WebAssembly stack, and crashes ("memory access out of
    // bounds") from about 4.0 MB, earlier for sources of many short lines. 3.5 MB of comment lines
    // (20 to 100 characters) was measured to compile in full; compiling takes seconds per megabyte,
    // so here the source stops at its first token, a parse error, after solc has read all of it.
    const line = `// ${'x'.repeat(36)}\n`;
    const inputOf = (lines: number) => JSON.stringify({
      language: 'Solidity', sources: { 'A.sol': { content: `)\n${line.repeat(lines)}` } }, settings: { outputSelection: { '*': { '*': ['abi'] } } },
    });
    const input = inputOf(Math.floor((MAX_INPUT_BYTES - inputOf(0).length) / (line.length + 1)));
    expect(Buffer.byteLength(input)).toBeGreaterThan(MAX_INPUT_BYTES - 50);
    expect(Buffer.byteLength(input)).toBeLessThanOrEqual(MAX_INPUT_BYTES);
    const r = await compileOnWorker(INSTALLED, input, loadCompilerConfig({ STRATA_SOLC_DOWNLOAD: 'off', STRATA_VERIFY_TIMEOUT_MS: '120000' }));
    expect(r.kind === 'output' ? JSON.parse(r.output).errors[0] : r).toMatchObject({ type: 'ParserError' });
  }, 120_000);

  test('behavior: a compile over its time limit is stopped', async () => {
    const r = await compileOnWorker(INSTALLED, INPUT, loadCompilerConfig({ STRATA_VERIFY_TIMEOUT_MS: '100' }));
    expect(r).toMatchObject({ kind: 'failed', reason: expect.stringContaining('longer than its limit') });
  }, 30_000);
});

describe('loadCompilerConfig', () => {
  test('args: bad values name their variable', () => {
    expect(() => loadCompilerConfig({ STRATA_SOLC_DOWNLOAD: 'maybe' })).toThrow('STRATA_SOLC_DOWNLOAD');
    expect(() => loadCompilerConfig({ STRATA_VERIFY_TIMEOUT_MS: '5' })).toThrow('STRATA_VERIFY_TIMEOUT_MS');
    expect(() => loadCompilerConfig({ STRATA_SOLC_LIST_URL: 'ftp://x' })).toThrow('STRATA_SOLC_LIST_URL');
  });
});
