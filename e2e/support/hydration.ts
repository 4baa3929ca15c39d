/**
 * Waiting for React to take over a server-rendered element, for checks that something drawn only
 * in the browser is absent: before hydration such a check passes whatever the page would draw.
 */
import { expect, type Locator } from '@playwright/test';

/**
 * Resolves once `locator`'s element is hydrated (React has attached its fiber, a `__reactFiber$…`
 * key) and two frames have been drawn since, so the re-render that follows hydration (a
 * useSyncExternalStore snapshot that differs from the server's, as the reader's own labels do)
 * has been committed.
 */
export async function hydrated(locator: Locator): Promise<void> {
  await expect
    .poll(() => locator.first().evaluate((el) => Object.keys(el).some((key) => key.startsWith('__reactFiber$'))))
    .toBe(true);
  await locator.first().evaluate(() => new Promise<void>((done) => requestAnimationFrame(() => requestAnimationFrame(() => done()))));
}
