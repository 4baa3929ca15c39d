/**
 * `npm run indexer`: the index writer as its own process, for a fleet of explorers reading one
 * PostgreSQL (DATABASE_URL; the explorers run with STRATA_INDEX=read). Several may run: one
 * writes, the others stand by and take over when it dies. With no DATABASE_URL it writes the
 * embedded PGlite index, which no explorer can read at the same time (docs/indexer.md).
 *
 *   npm run indexer                 follow every configured zone chain
 *   npm run indexer -- --until 500  stop once every zone is indexed up to height 500
 *
 * This is the indexer; its benchmarks (npm run bench:index, bench:stats) are in bench/.
 */
import { getConfig } from '@/lib/ops/config';
import { loadIndexConfig } from '@/lib/index/index-config';
import { startIndexWriter } from '@/lib/index/writer';
import { openIndex } from '@/lib/index/open-index';
import { indexedHeights } from '@/lib/index/engine/progress-line';
import { zoneSources } from '@/lib/index/engine/sources';

function parseUntil(argv: readonly string[]): bigint | undefined {
  const at = argv.indexOf('--until');
  if (at < 0) return undefined;
  const value = argv[at + 1] ?? '';
  if (!/^\d+$/.test(value)) throw new Error(`--until needs a zone height, got "${value}"`);
  return BigInt(value);
}

async function main(): Promise<void> {
  if (process.argv.includes('--help')) {
    console.log('usage: npm run indexer [-- --until <height>]\nconfiguration: docs/indexer.md');
    return;
  }
  const until = parseUntil(process.argv.slice(2));
  const config = getConfig();
  const indexConfig = loadIndexConfig();
  if (indexConfig.mode === 'off') {
    console.log('index: STRATA_INDEX=off, nothing to do');
    return;
  }
  const db = await openIndex(indexConfig);
  const logCommits = process.env.STRATA_INDEX_LOG_COMMITS === '1';
  // A "committed" line must mean on disk, so that a process killed right after it keeps the
  // commit: PGlite otherwise commits without waiting for its WAL write (pglite-driver.ts), and
  // PostgreSQL waits by default.
  if (logCommits && db.kind === 'pglite') await db.query('SET synchronous_commit TO on');
  const sources = zoneSources(config);
  const where = indexConfig.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `PGlite at ${indexConfig.dataDir}`;
  console.log(`index: ${sources.length} zone chain(s) into ${where}`);
  const writer = startIndexWriter({
    db, sources, from: indexConfig.from, concurrency: indexConfig.concurrency, until, log: (line) => console.log(line),
    trace: { pacing: { maxConcurrency: indexConfig.traceConcurrency } },
    // A line per commit, for a test that must kill the writer between two commits (writer.devnet.test.ts).
    logCommits,
  });
  // SIGTERM/SIGINT: the writer stops (each follower commits or drops its current window, whole),
  // then the database is closed below, which puts every commit on disk (PGlite's shutdown
  // checkpoint: it commits with synchronous_commit off and has no background writer).
  let signalled: NodeJS.Signals | undefined;
  const stop = (signal: NodeJS.Signals): void => {
    if (signalled) return;
    signalled = signal;
    console.log(`index: ${signal}: stopping the writer and closing the index`);
    void writer.stop();
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  await writer.done;
  await db.close();
  const { chains, traces } = writer.status();
  const heights = indexedHeights(chains, traces);
  console.log(signalled ? `index: closed; ${heights}` : `index: done; ${heights}`);
  // Idle keep-alive sockets to the node would keep a stopped process waiting.
  if (signalled) process.exit(0);
}

main().catch((error: unknown) => {
  console.error(`index: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
