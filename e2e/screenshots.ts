/**
 * Screenshots of a page in both themes at both widths, for a reader to review:
 * e2e/screenshots/<name>-<light|dark>-<desktop|mobile>.png (desktop 1280 px, mobile 360 px).
 *
 * The theme comes from the emulated system colour scheme, the path a reader without a stored
 * choice (or without JavaScript) takes; any stored choice is cleared first.
 */
import type { Page } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const DIR = join(dirname(fileURLToPath(import.meta.url)), 'screenshots');
const WIDTHS = { desktop: { width: 1280, height: 900 }, mobile: { width: 360, height: 780 } } as const;

export interface ScreenshotOptions {
  /** Reload between shots (for pages whose content should be re-rendered per width). */
  readonly reload?: boolean;
  /** Full page (default) or the viewport only. */
  readonly fullPage?: boolean;
  /** Fail when the page is wider than the viewport (horizontal scrolling) at any width. */
  readonly assertFits?: boolean;
}

/**
 * Whether the pictures are taken: for a reader reviewing the pages (STRATA_E2E_SCREENSHOTS=1, the
 * default outside CI). In CI nobody looks at them, and two themes at two widths of full-page
 * software rendering cost minutes of its two cores: there only `assertFits` is checked, at both
 * widths (a theme does not change the layout's width).
 */
const TAKE_PICTURES = process.env.STRATA_E2E_SCREENSHOTS ? process.env.STRATA_E2E_SCREENSHOTS === '1' : !process.env.CI;

export async function screenshotAll(page: Page, name: string, options: ScreenshotOptions = {}): Promise<string[]> {
  if (!TAKE_PICTURES && !options.assertFits) return [];
  mkdirSync(DIR, { recursive: true });
  const original = page.viewportSize();
  const written: string[] = [];
  await page.evaluate(() => {
    try {
      localStorage.removeItem('strata-theme');
    } catch {
      /* storage unavailable */
    }
    document.documentElement.classList.remove('light', 'dark');
  });
  for (const theme of TAKE_PICTURES ? (['light', 'dark'] as const) : (['light'] as const)) {
    await page.emulateMedia({ colorScheme: theme, reducedMotion: 'reduce' });
    for (const [device, size] of Object.entries(WIDTHS)) {
      await page.setViewportSize(size);
      if (options.reload) await page.reload({ waitUntil: 'networkidle' });
      // Let layout settle after a resize: wait for the fonts to load and for two frames to be
      // drawn at the new size (the first frame after a resize lays the page out again), instead of
      // a fixed pause that a loaded machine may not have finished in.
      await page.evaluate(async () => {
        await document.fonts.ready;
        await new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve())));
      });
      if (options.assertFits) {
        const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
        if (scrollWidth > size.width) {
          throw new Error(`${name} (${theme}, ${device}) is ${scrollWidth} px wide in a ${size.width} px viewport`);
        }
      }
      if (!TAKE_PICTURES) continue;
      if (options.fullPage ?? true) await revealWholePage(page);
      const path = join(DIR, `${name}-${theme}-${device}.png`);
      await page.screenshot({ path, fullPage: options.fullPage ?? true, animations: 'disabled' });
      written.push(path);
    }
  }
  if (original) await page.setViewportSize(original);
  await page.emulateMedia({ colorScheme: null, reducedMotion: null });
  return written;
}

/**
 * Scroll through the page once, as a reader would, before a full-page picture: parts drawn when
 * they come into view (the network page's charts) are drawn, not their placeholders. Each step
 * waits for a frame so that the page's IntersectionObservers see it; then back to the top, and
 * the picture waits until no placeholder is busy.
 */
async function revealWholePage(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const frame = () => new Promise<void>((resolve) => requestAnimationFrame(() => resolve()));
    for (let y = 0; y < document.documentElement.scrollHeight; y += window.innerHeight) {
      window.scrollTo(0, y);
      await frame();
      await frame();
    }
    window.scrollTo(0, 0);
    await frame();
  });
  await page.waitForFunction(() => document.querySelector('[aria-busy="true"]') === null);
}
