/**
 * The standalone build (.next/standalone/server.js, what an operator ships) started on a port of
 * its own, with its output kept for the test to read (JSON logs).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const SERVER = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '.next', 'standalone', 'server.js');

export interface StandaloneExit {
  readonly code: number | null;
  readonly signal: NodeJS.Signals | null;
}

export interface StandaloneServer {
  readonly url: string;
  /** Everything the server wrote to stdout and stderr so far. */
  output(): string;
  /** SIGTERM, then SIGKILL if it has not exited after `graceMs` (default 5 s); resolves with how it ended. */
  stop(graceMs?: number): Promise<StandaloneExit>;
}

export async function startStandalone(port: number, env: Record<string, string>): Promise<StandaloneServer> {
  if (!existsSync(SERVER)) throw new Error(`${SERVER} is missing: run npm run build`);
  const child: ChildProcess = spawn(process.execPath, [SERVER], {
    cwd: dirname(SERVER),
    env: { ...process.env, ...env, PORT: String(port), HOSTNAME: '127.0.0.1', NODE_ENV: 'production' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (output += d.toString()));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`standalone server exited early (code ${child.exitCode}):\n${output}`);
    try {
      if ((await fetch(`${url}/api/health?live`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`standalone server did not start on ${port}:\n${output}`);
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    url,
    output: () => output,
    stop: (graceMs = 5_000) =>
      new Promise<StandaloneExit>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve({ code: child.exitCode, signal: child.signalCode });
        child.once('exit', (code, signal) => resolve({ code, signal }));
        child.kill('SIGTERM');
        setTimeout(() => child.kill('SIGKILL'), graceMs).unref();
      }),
  };
}
