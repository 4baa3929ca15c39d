/**
 * The e2e `test` every spec imports: Playwright's, plus a console-error guard. Any console error
 * or uncaught page error fails the test, unless the test declared it expected with
 * `allowConsoleErrors(/pattern/)` (e.g. the browser's own "Failed to load resource: … 404" line
 * on a page that is meant to be a 404).
 */
import { test as base, expect } from '@playwright/test';

interface GuardFixtures {
  /** Declare console errors this test expects; everything else still fails it. */
  allowConsoleErrors: (...patterns: RegExp[]) => void;
  consoleAllowList: RegExp[];
  consoleGuard: void;
}

export const test = base.extend<GuardFixtures>({
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
