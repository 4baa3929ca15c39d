/**
 * Empty database clusters made once per test run and copied for each test that needs one.
 *
 * A fresh PGlite data directory runs initdb in WebAssembly (about 4 s of CPU on this 2-core
 * machine, over 40 times in the unit suite), and a fresh test PostgreSQL runs initdb too (2–3 s,
 * over 20 times). A copy of a cluster initdb made and PGlite (or pg_ctl) closed cleanly is the
 * same empty cluster, and copying takes a fraction of a second. The run's global setup
 * (global-setup.ts, vitest.config.ts) makes both and names them in the environment, so every worker and
 * every process a test starts finds them; without them (a bench, a script) each open runs
 * initdb as before.
 */
import { chmodSync, cpSync, existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { openPglite } from '../drivers/pglite-driver';

/** The environment variables naming the templates (set by the run's global setup). */
export const PGLITE_TEMPLATE_ENV = 'STRATA_TEST_PGLITE_TEMPLATE';
export const POSTGRES_TEMPLATE_ENV = 'STRATA_TEST_POSTGRES_TEMPLATE';

/** A template named in the environment, when it holds a whole cluster (PG_VERSION is written last by initdb's bootstrap). */
function templateFrom(variable: string): string | undefined {
  const dir = process.env[variable];
  return dir && existsSync(join(dir, 'PG_VERSION')) ? dir : undefined;
}

/**
 * Fills `dir` (empty or missing) with a copy of the run's empty PGlite cluster; false when there
 * is no template (the first open then runs initdb).
 */
export function copyPgliteTemplate(dir: string): boolean {
  const template = templateFrom(PGLITE_TEMPLATE_ENV);
  if (!template) return false;
  cpSync(template, dir, { recursive: true });
  return true;
}

/**
 * Fills `dataDir` (not yet there) with a copy of the run's empty PostgreSQL cluster, mode 0700 as
 * the server demands; false when there is no template (the caller runs initdb).
 */
export function copyPostgresTemplate(dataDir: string): boolean {
  const template = templateFrom(POSTGRES_TEMPLATE_ENV);
  if (!template) return false;
  cpSync(template, dataDir, { recursive: true });
  chmodSync(dataDir, 0o700);
  return true;
}

/** Makes the empty PGlite cluster in `dir`: opened once (initdb) and closed. */
export async function makePgliteTemplate(dir: string): Promise<void> {
  mkdirSync(dir, { recursive: true });
  const db = await openPglite(dir);
  await db.close();
}
