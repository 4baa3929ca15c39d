/**
 * `npm run indexer` as a fleet runs it: the index writer in a process of its own (indexer/main.ts
 * under tsx), writing the PostgreSQL at DATABASE_URL that read-only explorers (STRATA_INDEX=read)
 * serve. Its output is kept for the test to read.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

export interface IndexerProcess {
  output(): string;
  /** SIGTERM (the writer commits or drops its window, whole, and closes the index), SIGKILL after 10 s. */
  stop(): Promise<void>;
}

/** Starts the indexer with `env` (DATABASE_URL and the node's STRATA_RPC_*); resolves once it has opened the index. */
export async function startIndexer(env: Record<string, string>): Promise<IndexerProcess> {
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'indexer/main.ts'], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (output += d.toString()));
  // Its first line once the index is open and migrated: "index: 1 zone chain(s) into PostgreSQL (DATABASE_URL)".
  await new Promise<void>((resolve, reject) => {
    const check = (): void => {
      if (/zone chain\(s\) into/.test(output)) resolve();
    };
    child.stdout?.on('data', check);
    child.once('exit', (code) => reject(new Error(`the indexer exited (${code}) before opening the index:\n${output}`)));
  });
  return {
    output: () => output,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
        setTimeout(() => child.kill('SIGKILL'), 10_000).unref();
      }),
  };
}
