/**
 * The unit suite's global setup (vitest.config.ts): the empty PGlite and PostgreSQL clusters the
 * run's tests copy (cluster-templates.ts), made once, side by side (initdb of each), before any
 * test file starts, and deleted when the run ends. Named in the environment, which the test
 * workers and the processes they start inherit.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { makePgliteTemplate, PGLITE_TEMPLATE_ENV, POSTGRES_TEMPLATE_ENV } from './cluster-templates';
import { makePostgresTemplate, postgresBinDir } from './test-postgres';

export default async function setup(): Promise<() => void> {
  const pgliteDir = join(mkdtempSync(join(tmpdir(), 'strata-pglite-template-')), 'data');
  // No PostgreSQL installed: the tests that need one say so themselves (startTestPostgres).
  const [postgres] = await Promise.all([postgresBinDir() ? makePostgresTemplate() : undefined, makePgliteTemplate(pgliteDir)]);
  process.env[PGLITE_TEMPLATE_ENV] = pgliteDir;
  if (postgres) process.env[POSTGRES_TEMPLATE_ENV] = postgres.dataDir;
  return () => {
    rmSync(join(pgliteDir, '..'), { recursive: true, force: true });
    postgres?.remove();
  };
}
