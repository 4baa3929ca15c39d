/**
 * Opens the configured index database and brings its schema up to date: every migration, with
 * the index's derivations (derivations/index.ts) to record what a new one must re-read.
 */
import { DERIVATIONS } from './derivations/index';
import type { Db } from './drivers/db';
import { openPglite } from './drivers/pglite-driver';
import { openPostgres } from './drivers/postgres-driver';
import type { IndexConfig } from './index-config';
import { MIGRATIONS } from './migrations/index';
import { migrate } from './migrations/migrate';

export async function openIndex(config: Pick<IndexConfig, 'databaseUrl' | 'dataDir'>): Promise<Db> {
  const db = config.databaseUrl ? await openPostgres(config.databaseUrl) : await openPglite(config.dataDir);
  try {
    await migrate(db, MIGRATIONS, DERIVATIONS);
  } catch (error) {
    await db.close().catch(() => undefined);
    throw error;
  }
  return db;
}
