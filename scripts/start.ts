/**
 * `npm start`: run the explorer, on the embedded devnet when no node is configured.
 *
 * - No STRATA_NODE_HOST and no STRATA_RPC_<CHAIN> variable: start the devnet (all 13 chains on
 *   go-quai's default ports) as a child process and point the explorer at it.
 * - Build the app (`npm run build`) when there is no build yet or the sources are newer than it.
 * - Serve it on $PORT (default 3000). Ctrl-C stops everything.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, readdirSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { ConfigError, redactUrl } from '../lib/ops/config';
import { badConfigurationMessage, checkStartConfig } from '../lib/server/process/start-config';
import { writeDevnetLabels } from '../devnet/labels';

const root = join(import.meta.dirname, '..');
const children: ChildProcess[] = [];

function nodeConfigured(env: NodeJS.ProcessEnv): boolean {
  return Boolean(env.STRATA_NODE_HOST) || Object.keys(env).some((k) => k.startsWith('STRATA_RPC_') && k !== 'STRATA_RPC_NAMESPACE' && k !== 'STRATA_RPC_TIMEOUT_MS');
}

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name.startsWith('.')) continue;
    const path = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(path) : statSync(path).mtimeMs);
  }
  return newest;
}

function buildIsStale(): boolean {
  const buildId = join(root, '.next', 'BUILD_ID');
  if (!existsSync(buildId)) return true;
  const built = statSync(buildId).mtimeMs;
  if (!existsSync(join(root, '.next', 'strata', 'server.mjs'))) return true;
  return ['app', 'components', 'lib'].some((d) => newestMtime(join(root, d)) > built) || statSync(join(root, 'server.ts')).mtimeMs > built;
}

function run(command: string, args: string[], env: NodeJS.ProcessEnv): ChildProcess {
  const child = spawn(command, args, { cwd: root, env, stdio: 'inherit' });
  children.push(child);
  child.on('exit', (code, signal) => {
    if (!stopping) {
      console.error(`strata: ${command} ${args.join(' ')} exited (${signal ?? code}); stopping`);
      stop(code ?? 1);
    }
  });
  return child;
}

let stopping = false;
function stop(code = 0): void {
  if (stopping) return;
  stopping = true;
  for (const child of children) child.kill('SIGTERM');
  // The explorer closes its index before it exits (server.ts, up to 25 s):
  // give it that long rather than leaving it to finish unwatched.
  setTimeout(() => process.exit(code), 30_000).unref();
  Promise.all(children.map((c) => new Promise((r) => (c.exitCode !== null ? r(null) : c.on('exit', r))))).then(() => process.exit(code));
}
process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));

async function main(): Promise<void> {
  const env = { ...process.env };
  try {
    // Checked now, as server.ts checks it when it starts.
    const config = checkStartConfig(env);
    if (nodeConfigured(env)) {
      console.log('strata: using the configured node:');
      for (const { chain, url } of config.chains) console.log(`  ${chain.name.padEnd(8)} ${redactUrl(url)}`);
    }
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(badConfigurationMessage(error));
      process.exit(2);
    }
    throw error;
  }

  if (!nodeConfigured(env)) {
    console.log('strata: no node configured (STRATA_NODE_HOST / STRATA_RPC_<CHAIN>): starting the devnet');
    // On the devnet the dev accounts and start contracts are labelled, unless labels were given.
    if (!env.STRATA_LABELS) env.STRATA_LABELS = writeDevnetLabels(join(root, '.strata', 'devnet-labels.json'));
    run(process.execPath, ['--import', 'tsx', 'devnet/main.ts'], env);
    // The devnet starts a new chain on every start (in memory): an index of the last one would
    // only be rolled back block by block, so the devnet's index gets a directory of its own, emptied.
    if (!env.STRATA_INDEX_DIR && !env.DATABASE_URL) {
      env.STRATA_INDEX_DIR = join(root, '.strata', 'index-devnet');
      rmSync(env.STRATA_INDEX_DIR, { recursive: true, force: true });
    }
  }

  if (buildIsStale()) {
    console.log('strata: building the explorer (first start, or sources changed)…');
    // `npm run build`, not `next build` alone: its steps after Next's (the compile hints and the
    // brotli copies of the chunks, scripts/compile-hints.mjs and compress-chunks.mjs; the
    // standalone assets) are written in package.json once.
    // Without them the server sends its chunks gzip-compressed only.
    const build = spawnSync('npm', ['run', 'build'], { cwd: root, env, stdio: 'inherit' });
    if (build.status !== 0) {
      console.error('strata: build failed');
      stop(1);
      return;
    }
  }
  const port = env.PORT ?? '3000';
  console.log(`strata: explorer on http://localhost:${port}`);
  // The server under this node, not through npm: stop() signals the server itself, which closes
  // its index before it exits (a SIGTERM sent to npx once did not reach Next's server).
  run(process.execPath, [join(root, '.next', 'strata', 'server.mjs'), '-p', port], env);
}

void main();
