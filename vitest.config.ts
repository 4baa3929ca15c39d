import { defineConfig } from 'vitest/config';
import { fileURLToPath } from 'node:url';

export default defineConfig({
  resolve: { alias: { '@': fileURLToPath(new URL('.', import.meta.url)) } },
  test: {
    include: ['lib/**/*.test.ts', 'devnet/**/*.test.ts', 'components/**/*.test.ts', 'app/**/*.test.ts'],
    environment: 'node',
    // Empty PGlite and PostgreSQL clusters made once for the run; each test's new database is a copy.
    globalSetup: ['lib/index/testing/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // Three on two cores: the devnet-backed suites wait on their networks more than they compute
    // (idle, the whole suite took 294 s with two and 237 s with three); more would starve them.
    maxWorkers: 3,
  },
});
