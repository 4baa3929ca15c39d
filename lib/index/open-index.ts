/** Opens the configured index database and brings its schema up to date. */
import type { Db } from './db';
import type { IndexConfig } from './index-config';
import { migrate } from './migrate';
import { openPglite } from './pglite-driver';
import { openPostgres } from './postgres-driver';

export async function openIndex(config: Pick<IndexConfig, 'databaseUrl' | 'dataDir'>): Promise<Db> {
  const db = config.databaseUrl ? await openPostgres(config.databaseUrl) : await openPglite(config.dataDir);
  try {
    await migrate(db);
  } catch (error) {
    await db.close().catch(() => undefined);
    throw error;
  }
  return db;
}
