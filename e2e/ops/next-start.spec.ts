/**
 * Next's own `next start`, the command a Dockerfile or a platform runs by default, on the suite's
 * build: it would serve Strata without its request path (no URL guard before Next resolves dot
 * segments, no client address for the rate limit, no route resolvers' verdicts, no page cache),
 * so it refuses to start, exiting with code 2 and naming the commands that serve it (instrumentation.ts,
 * lib/server/process/request-path-guard.ts). server.ts's bundle on the same build serves.
 */
import { spawn } from 'node:child_process';
import { get as httpGet } from 'node:http';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from '../fixtures';
import { DEVNET_OFFSET, rpcEnvFor } from '../support/env';
import { startExplorer } from '../support/explorer';
import { freePort } from '../support/ports';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
/** A dot segment that reaches the metrics when nothing guards the URL (sent as written: fetch would resolve it). */
const DOT_SEGMENT = '/api/%2e/metrics';

/** The status of a GET of `path` exactly as written. */
function rawStatus(origin: string, path: string): Promise<number> {
  return new Promise((resolve, reject) => {
    httpGet(`${origin}/`, { path }, (response) => {
      response.resume();
      response.on('end', () => resolve(response.statusCode ?? 0));
    }).on('error', reject);
  });
}

/** `next start` on `port`: how it ended, what it wrote, and whether it served the dot segment meanwhile. */
function nextStart(port: number, env: Record<string, string>): Promise<{ readonly code: number | null; readonly output: string; readonly served: boolean }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [join(ROOT, 'node_modules', 'next', 'dist', 'bin', 'next'), 'start', '-p', String(port), '-H', '127.0.0.1'], {
      cwd: ROOT,
      env: { ...process.env, ...env, NODE_ENV: 'production' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    let served = false;
    child.stdout.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    // Asked meanwhile, in case it listens before it stops.
    const probe = setInterval(() => {
      rawStatus(`http://127.0.0.1:${port}`, DOT_SEGMENT)
        .then((status) => {
          if (status === 200) served = true;
        })
        .catch(() => undefined);
    }, 200);
    const kill = setTimeout(() => child.kill('SIGKILL'), 90_000);
    child.once('exit', (code) => {
      clearInterval(probe);
      clearTimeout(kill);
      resolve({ code, output, served });
    });
  });
}

test('next start refuses to serve without the request path and names the commands that do; server.ts on the same build serves', async () => {
  test.setTimeout(180_000);
  const env = { ...rpcEnvFor(DEVNET_OFFSET), STRATA_INDEX: 'off', STRATA_LOG: 'off' };
  const port = await freePort();
  const started = await nextStart(port, env);
  expect(started.code, started.output).toBe(2);
  expect(started.served, 'nothing was served meanwhile').toBe(false);
  expect(started.output).toContain('`next start` would serve Strata without its request path');
  expect(started.output).toContain('`npm start`, `npm run serve`');
  await expect(fetch(`http://127.0.0.1:${port}/`), 'nothing listens once it stopped').rejects.toThrow();

  // The same build through server.ts: the URL guard answers the dot segment itself.
  const explorer = await startExplorer(await freePort(), env);
  try {
    expect(await rawStatus(explorer.url, DOT_SEGMENT)).toBe(400);
    expect((await fetch(`${explorer.url}/api/health?live`)).status).toBe(200);
  } finally {
    await explorer.stop();
  }
});
