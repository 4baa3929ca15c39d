/**
 * The two databases every engine test runs on: PGlite on a temporary data directory and a real
 * PostgreSQL server started for the file (initdb + pg_ctl), each opened empty. Nothing is mocked.
 */
import { rmSync } from 'node:fs';
import type { Db } from '../drivers/db';
import { tempIndexDir } from './index-test-support';
import { openPglite } from '../drivers/pglite-driver';
import { openEmptyPostgres, startTestPostgres, type TestPostgres } from './test-postgres';

export interface TestDriver {
  readonly name: string;
  open(): Promise<Db>;
  cleanup(): Promise<void>;
}

/** A fresh pair per test file (each keeps its own directories and server). */
export function testDrivers(): TestDriver[] {
  let server: TestPostgres | undefined;
  const dirs: string[] = [];
  return [
    {
      name: 'PGlite',
      async open() {
        const dir = tempIndexDir();
        dirs.push(dir);
        return openPglite(dir);
      },
      async cleanup() {
        for (const d of dirs) rmSync(d, { recursive: true, force: true });
      },
    },
    {
      name: 'PostgreSQL',
      async open() {
        server ??= await startTestPostgres();
        return openEmptyPostgres(server.url);
      },
      async cleanup() {
        await server?.stop();
      },
    },
  ];
}
