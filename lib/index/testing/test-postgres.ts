/**
 * A real PostgreSQL server for tests and the bench: initdb (or a copy of the run's empty cluster,
 * cluster-templates.ts) + pg_ctl on a temporary directory and a free port, stopped and deleted
 * afterwards. Debian keeps the binaries in
 * /usr/lib/postgresql/<version>/bin (not on PATH); `.ci/run` installs them when missing.
 *
 * initdb refuses to run as root, and CI runs as root: then the server runs as `postgres` (Debian's
 * package creates that user) or `nobody`, owning the temporary directory.
 */
import { execFile, execFileSync } from 'node:child_process';
import { promisify } from 'node:util';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Db } from '../drivers/db';
import { openPostgres } from '../drivers/postgres-driver';
import { copyPostgresTemplate } from './cluster-templates';

export interface TestPostgres {
  readonly url: string;
  readonly port: number;
  /** The server's data directory (pg_relation_filepath's paths are relative to it). */
  readonly dataDir: string;
  /**
   * Stops the server cleanly (a checkpoint: every page on disk), runs `whileStopped` (a test
   * damages a file), and starts it again on the same directory and port.
   */
  restart(whileStopped?: () => void): Promise<void>;
  /**
   * Stops the server as a crash would (`pg_ctl stop -m immediate`: no checkpoint, WAL buffers not
   * written) and starts it again: it recovers from the WAL on disk.
   */
  crash(): Promise<void>;
  stop(): Promise<void>;
}

export function postgresBinDir(): string | undefined {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return undefined;
  const versions = readdirSync(root).filter((v) => existsSync(join(root, v, 'bin', 'initdb'))).sort((a, b) => Number(b) - Number(a));
  return versions[0] ? join(root, versions[0], 'bin') : undefined;
}

function userExists(name: string): boolean {
  try {
    execFileSync('id', ['-u', name], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

function portFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

/**
 * Ports come from STRATA_TEST_PG_PORTS ("9500-9999" by default): parallel suites on one machine
 * keep to their own range.
 */
async function freePort(): Promise<number> {
  const [lo, hi] = (process.env.STRATA_TEST_PG_PORTS ?? '9500-9999').split('-').map(Number) as [number, number];
  for (let attempt = 0; attempt < 50; attempt++) {
    const port = lo + Math.floor(Math.random() * (hi - lo + 1));
    if (await portFree(port)) return port;
  }
  throw new Error(`no free port in ${lo}-${hi} for a test PostgreSQL`);
}

/** Runs one of PostgreSQL's programs in the cluster's directory, as the server's user. */
type Runner = (cmd: string, args: string[]) => void;

/** A temporary directory for a cluster, owned by whoever runs the server, and how to run its programs there. */
function clusterDir(prefix: string): {
  readonly dir: string;
  readonly run: Runner;
  readonly runAsync: (cmd: string, args: string[]) => Promise<unknown>;
  readonly own: () => void;
} {
  const bin = postgresBinDir();
  if (!bin) throw new Error('PostgreSQL is not installed (no /usr/lib/postgresql/*/bin/initdb): apt-get install postgresql');
  const dir = mkdtempSync(join(tmpdir(), prefix));
  const asRoot = process.getuid?.() === 0;
  const user = asRoot ? (userExists('postgres') ? 'postgres' : 'nobody') : undefined;
  const command = (cmd: string, args: string[]): [string, string[]] =>
    user ? ['runuser', ['-u', user, '--', join(bin, cmd), ...args]] : [join(bin, cmd), args];
  return {
    dir,
    run: (cmd, args) => void execFileSync(...command(cmd, args), { stdio: 'pipe', cwd: dir }),
    runAsync: (cmd, args) => promisify(execFile)(...command(cmd, args), { cwd: dir }),
    own: () => {
      if (user) execFileSync('chown', ['-R', user, dir]);
    },
  };
}

const INITDB_ARGS = ['-U', 'strata', '--auth=trust', '--no-sync', '-E', 'UTF8', '--locale=C'];

/**
 * An empty cluster for the run's tests to copy (cluster-templates.ts), made by initdb once.
 * Answers its data directory; `remove` deletes it.
 */
export async function makePostgresTemplate(): Promise<{ readonly dataDir: string; remove(): void }> {
  const { dir, runAsync, own } = clusterDir('strata-pg-template-');
  own();
  const data = join(dir, 'data');
  await runAsync('initdb', ['-D', data, ...INITDB_ARGS]);
  return { dataDir: data, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

export async function startTestPostgres(): Promise<TestPostgres> {
  const { dir, run, own } = clusterDir('strata-pg-');
  const data = join(dir, 'data');
  // A copy of the run's empty cluster when there is one, owned by the server's user; else initdb.
  const copied = copyPostgresTemplate(data);
  own();
  if (!copied) run('initdb', ['-D', data, ...INITDB_ARGS]);
  const port = await freePort();
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off`;
  const start = (): void => run('pg_ctl', ['start', '-w', '-D', data, '-l', join(dir, 'log'), '-o', options]);
  start();
  let stopped = false;
  return {
    url: `postgres://strata@127.0.0.1:${port}/postgres`,
    port,
    dataDir: data,
    async restart(whileStopped) {
      run('pg_ctl', ['stop', '-D', data, '-m', 'fast', '-w']);
      whileStopped?.();
      start();
    },
    async crash() {
      run('pg_ctl', ['stop', '-D', data, '-m', 'immediate', '-w']);
      start();
    },
    async stop() {
      if (stopped) return;
      stopped = true;
      try {
        run('pg_ctl', ['stop', '-D', data, '-m', 'immediate', '-w']);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}

/** The test server's database, emptied (its public schema dropped and made again), not migrated. */
export async function openEmptyPostgres(url: string): Promise<Db> {
  const db = await openPostgres(url);
  await db.query('DROP SCHEMA public CASCADE');
  await db.query('CREATE SCHEMA public');
  return db;
}
