/**
 * A second explorer instance (server.ts's bundle on the existing build, as `npm run serve` runs
 * it) pointed at a devnet of the test's own, for tests that stop and restart the node, or kill the explorer.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

export interface ExplorerInstance {
  readonly url: string;
  /** The server's process id (a bench reads its memory). */
  readonly pid: number | undefined;
  /** Everything the server wrote to stdout and stderr so far. */
  output(): string;
  /** Sends `signal` (a kill -9 for a crash) without waiting; `exited` resolves when the process is gone. */
  kill(signal: NodeJS.Signals): void;
  readonly exited: Promise<void>;
  stop(): Promise<void>;
}

export async function startExplorer(port: number, env: Record<string, string>): Promise<ExplorerInstance> {
  const child: ChildProcess = spawn(process.execPath, [join(ROOT, '.next', 'strata', 'server.mjs'), '-p', String(port), '-H', '127.0.0.1'], {
    cwd: ROOT,
    // No history index unless the test asks for one: an extra explorer backfilling every zone from
    // genesis would load the shared devnet for the other tests.
    env: { ...process.env, STRATA_INDEX: 'off', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: false,
  });
  let output = '';
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (output += d.toString()));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`explorer exited early:\n${output}`);
    try {
      await fetch(`${url}/api/tips`);
      break;
    } catch {
      if (Date.now() > deadline) throw new Error(`explorer did not start on ${port}:\n${output}`);
      await new Promise((r) => setTimeout(r, 250));
    }
  }
  return {
    url,
    pid: child.pid,
    output: () => output,
    kill: (signal) => void child.kill(signal),
    exited,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
        setTimeout(() => child.kill('SIGKILL'), 5_000).unref();
      }),
  };
}
