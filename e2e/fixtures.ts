/**
 * The e2e `test` every spec imports: Playwright's, plus
 *
 * - a console-error guard. Any console error or uncaught page error fails the test, unless the
 *   test declared it expected with `allowConsoleErrors(/pattern/)` (e.g. the browser's own "Failed
 *   to load resource: … 404" line on a page that is meant to be a 404);
 * - `sharedExplorer(env)`, the explorer with other settings, started once per worker for every spec
 *   that asks for the same ones (support/shared-explorer.ts).
 *
 * What a new spec should use, cheapest first: the run's explorer and devnet (`page.goto('/…')`,
 * support/env.ts), which every spec shares; `sharedExplorer(env)` when it needs other settings and
 * only reads; an explorer (support/explorer.ts) or devnet (support/spare-devnet.ts) of its own
 * only when it stops, kills, pauses or re-mines them. Each server of its own costs its start on
 * every run, and two cores are shared by the whole suite.
 */
import { test as base, expect } from '@playwright/test';
import { sharedExplorerPool, type SharedExplorers } from './support/shared-explorer';

interface GuardFixtures {
  /** Declare console errors this test expects; everything else still fails it. */
  allowConsoleErrors: (...patterns: RegExp[]) => void;
  consoleAllowList: RegExp[];
  consoleGuard: void;
}

interface WorkerFixtures {
  /** The explorer with `env` (over the run's devnet's settings), shared by this worker's specs: read it, never stop it. */
  sharedExplorer: SharedExplorers;
}

export const test = base.extend<GuardFixtures, WorkerFixtures>({
  sharedExplorer: [
    async ({}, use) => {
      const pool = sharedExplorerPool();
      await use(pool.get);
      await pool.stopAll();
    },
    { scope: 'worker' },
  ],
  consoleAllowList: async ({}, use) => {
    await use([]);
  },
  allowConsoleErrors: async ({ consoleAllowList }, use) => {
    await use((...patterns) => {
      consoleAllowList.push(...patterns);
    });
  },
  consoleGuard: [
    async ({ page, consoleAllowList }, use) => {
      const errors: string[] = [];
      const allowed = (text: string) => consoleAllowList.some((p) => p.test(text));
      page.on('console', (message) => {
        if (message.type() !== 'error') return;
        const text = `${message.text()} (${message.location().url})`;
        if (!allowed(text)) errors.push(`console.error: ${text}`);
      });
      page.on('pageerror', (error) => {
        const text = `${error.name}: ${error.message}`;
        if (!allowed(text)) errors.push(`page error: ${text}`);
      });
      await use();
      expect(errors, 'console errors during the test').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
