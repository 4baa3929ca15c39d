/**
 * End-to-end tests: headless Chromium against a production build of the explorer, backed by a
 * real devnet. `npm run test:e2e`.
 *
 * - Chromium: the system's /usr/bin/chromium when there is one (CI images, Debian), otherwise
 *   Playwright's own browser (`npx playwright install chromium` on a workstation).
 * - Two web servers: the devnet (all 13 chains, traffic on) and the explorer (build + start).
 *   Locally an already running server is reused; in CI never.
 * - Ports: STRATA_E2E_PORT (explorer, default 3100), STRATA_E2E_DEVNET_OFFSET (default 0: go-quai's
 *   default ports). STRATA_E2E_SKIP_BUILD=1 serves the existing build.
 * - Two workers, locally and in CI: a spec file runs whole on one worker (its tests in order). The
 *   second takes the suite from about 29 to 23 minutes on two cores. Servers a spec starts itself
 *   take ports by the worker's slot (e2e/support/ports.ts).
 */
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { BASE_URL, DEVNET_OFFSET, E2E_PORT, rpcEnvFor } from './e2e/support/env';
import { writeDevnetLabels } from './devnet/labels';

const CI = Boolean(process.env.CI);
const SYSTEM_CHROMIUM = '/usr/bin/chromium';
// A fresh embedded index per run (the devnet is new each run). Set once in the environment, so
// the workers, which load this file again, see the same directory.
process.env.STRATA_E2E_INDEX_DIR ??= mkdtempSync(join(tmpdir(), 'strata-e2e-index-'));
const explorerEnv: Record<string, string> = {
  ...(process.env as Record<string, string>),
  STRATA_INDEX_DIR: process.env.STRATA_E2E_INDEX_DIR,
  ...(DEVNET_OFFSET !== 0 ? rpcEnvFor(DEVNET_OFFSET) : {}),
  // The suite plays the one proxy in front of the explorer: a spec that spends a rate-limit budget
  // names a client of its own in X-Forwarded-For, leaving the other specs' budget alone.
  STRATA_TRUSTED_PROXIES: process.env.STRATA_TRUSTED_PROXIES ?? '1',
  // The devnet's default labels (dev accounts, start contracts), as `npm start` gives them.
  STRATA_LABELS: process.env.STRATA_LABELS ?? writeDevnetLabels(join(import.meta.dirname, 'e2e', '.devnet-labels.json')),
};

export default defineConfig({
  testDir: 'e2e',
  testMatch: '**/*.spec.ts',
  outputDir: 'test-results',
  fullyParallel: false,
  workers: 2,
  retries: CI ? 1 : 0,
  forbidOnly: CI,
  timeout: 60_000,
  expect: { timeout: 15_000 },
  reporter: CI ? [['list'], ['html', { open: 'never' }]] : 'list',
  use: {
    baseURL: BASE_URL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: [
    {
      name: 'chromium',
      use: {
        ...devices['Desktop Chrome'],
        launchOptions: {
          ...(existsSync(SYSTEM_CHROMIUM) ? { executablePath: SYSTEM_CHROMIUM } : {}),
          args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
        },
      },
    },
  ],
  webServer: [
    {
      name: 'devnet',
      command: `npm run devnet -- --port-offset ${DEVNET_OFFSET}`,
      // The prime chain's port: the devnet answers JSON-RPC POSTs only, so wait for the socket.
      port: 8546 + DEVNET_OFFSET,
      reuseExistingServer: !CI,
      timeout: 120_000,
      gracefulShutdown: { signal: 'SIGTERM', timeout: 5_000 },
      stdout: 'ignore',
    },
    {
      name: 'explorer',
      command: process.env.STRATA_E2E_SKIP_BUILD
        ? `npm run serve -- -p ${E2E_PORT}`
        : `npm run build && npm run serve -- -p ${E2E_PORT}`,
      // Ready when the explorer answers with real data from the node (503 until the devnet is up).
      url: `${BASE_URL}/api/tips`,
      env: explorerEnv,
      reuseExistingServer: !CI,
      timeout: 600_000,
      gracefulShutdown: { signal: 'SIGTERM', timeout: 5_000 },
      stdout: 'ignore',
    },
  ],
});
