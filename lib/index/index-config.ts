/**
 * The index's configuration, from the environment (documented in docs/indexer.md):
 *
 *   STRATA_INDEX             on (default: read and write), read (read only: a fleet whose writer is
 *                            `npm run indexer`), off (no index; pages say so)
 *   DATABASE_URL             postgres://… a PostgreSQL server; unset: embedded PGlite
 *   STRATA_INDEX_DIR         PGlite data directory (default .strata/index)
 *   STRATA_INDEX_FROM        first zone height to index (default 0, genesis)
 *   STRATA_INDEX_CONCURRENCY blocks fetched, and written, together per chain during backfill (default 128)
 *   STRATA_INDEX_TRACE_CONCURRENCY  most batches of traces the trace pass has in flight per chain
 *                            (default 1: a node traces one request at a time; raise it for a node
 *                            that traces in parallel, and the pass paces itself below it)
 *
 * Bad values throw a ConfigError naming the variable.
 */
import { ConfigError } from '@/lib/ops/config';

export type IndexMode = 'on' | 'read' | 'off';

export interface IndexConfig {
  readonly mode: IndexMode;
  readonly databaseUrl?: string;
  readonly dataDir: string;
  readonly from: bigint;
  readonly concurrency: number;
  readonly traceConcurrency: number;
}

type Env = Readonly<Record<string, string | undefined>>;

export function loadIndexConfig(env: Env = process.env): IndexConfig {
  const rawMode = env.STRATA_INDEX?.trim().toLowerCase() || 'on';
  if (rawMode !== 'on' && rawMode !== 'read' && rawMode !== 'off') {
    throw new ConfigError('STRATA_INDEX', `must be on, read or off, got "${rawMode}"`);
  }
  const databaseUrl = env.DATABASE_URL?.trim() || undefined;
  if (databaseUrl && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    throw new ConfigError('DATABASE_URL', 'must be a postgres:// or postgresql:// URL');
  }
  const rawFrom = env.STRATA_INDEX_FROM?.trim() || '0';
  if (!/^\d{1,18}$/.test(rawFrom)) throw new ConfigError('STRATA_INDEX_FROM', `must be a zone block height, got "${rawFrom}"`);
  const rawConcurrency = env.STRATA_INDEX_CONCURRENCY?.trim() || '128';
  const concurrency = Number(rawConcurrency);
  if (!Number.isInteger(concurrency) || concurrency < 1 || concurrency > 1000) {
    throw new ConfigError('STRATA_INDEX_CONCURRENCY', `must be an integer from 1 to 1000, got "${rawConcurrency}"`);
  }
  const rawTrace = env.STRATA_INDEX_TRACE_CONCURRENCY?.trim() || '1';
  const traceConcurrency = Number(rawTrace);
  if (!Number.isInteger(traceConcurrency) || traceConcurrency < 1 || traceConcurrency > 64) {
    throw new ConfigError('STRATA_INDEX_TRACE_CONCURRENCY', `must be an integer from 1 to 64, got "${rawTrace}"`);
  }
  return {
    mode: rawMode,
    databaseUrl,
    dataDir: env.STRATA_INDEX_DIR?.trim() || '.strata/index',
    from: BigInt(rawFrom),
    concurrency,
    traceConcurrency,
  };
}
