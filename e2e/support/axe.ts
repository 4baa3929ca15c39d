/**
 * axe-core in the browser tests: the rules a new reader's tools run (WCAG 2.0 and 2.1, A and AA,
 * and axe's best practices) over a page as drawn, at 1280 and 360 px, in the light and the dark
 * theme, from one visit of the page.
 *
 * axe is put into the page once per visit (`axe.source`, evaluated as Playwright's own runner
 * does, so the explorer's CSP does not apply) and run there with only the violations reported:
 * passes are not serialised. A theme changes colours only, so each width runs every rule in the
 * light theme and the colour rules in the dark one. The theme comes from the emulated system
 * colour scheme, as in e2e/screenshots.ts: the path a reader without a stored choice takes. Motion
 * is reduced so that a row fading in on a live page is measured in its resting colours.
 */
import axe from 'axe-core';
import { expect, type Page } from '@playwright/test';

export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] as const;
/** The rules a theme can change the outcome of. */
export const COLOUR_RULES = ['color-contrast', 'link-in-text-block'] as const;
export const WIDTHS = { 1280: { width: 1280, height: 900 }, 360: { width: 360, height: 780 } } as const;
export type Theme = 'light' | 'dark';

/** One violation as a line a reader of the test output can act on: rule, impact, where. */
export interface AxeFinding {
  readonly rule: string;
  readonly impact: string;
  readonly count: number;
  readonly help: string;
  readonly targets: readonly string[];
}

type RunOnly = { type: 'tag'; values: string[] } | { type: 'rule'; values: string[] };

/** Findings as text, one line per rule and up to four offending elements under it. */
export function formatFindings(where: string, findings: readonly AxeFinding[]): string[] {
  return findings.map((f) => `${where}: ${f.rule} (${f.impact}) ×${f.count}: ${f.help}\n    ${f.targets.join('\n    ')}`);
}

/**
 * The page as it is now, at both widths and in both themes: every finding as a line naming
 * `name`, width and theme. The page is left at 1280 px in the light theme.
 */
export async function axeEveryWidthAndTheme(page: Page, name: string): Promise<string[]> {
  await useSystemTheme(page);
  await injectAxe(page);
  const problems: string[] = [];
  const all: RunOnly = { type: 'tag', values: [...AXE_TAGS] };
  const colours: RunOnly = { type: 'rule', values: [...COLOUR_RULES] };
  // 1280 light, 1280 dark, 360 dark, 360 light: one theme switch fewer than light first each time.
  const runs: Array<[360 | 1280, Theme, RunOnly]> = [
    [1280, 'light', all],
    [1280, 'dark', colours],
    [360, 'dark', colours],
    [360, 'light', all],
  ];
  for (const [width, theme, only] of runs) {
    const size = page.viewportSize();
    if (size?.width !== width) await page.setViewportSize(WIDTHS[width]);
    await page.emulateMedia({ colorScheme: theme, reducedMotion: 'reduce' });
    problems.push(...formatFindings(`${name} ${theme} ${width}px`, await runAxe(page, only)));
  }
  await page.setViewportSize(WIDTHS[1280]);
  await page.emulateMedia({ colorScheme: 'light', reducedMotion: 'reduce' });
  return problems;
}

/**
 * At 360 px: the document does not scroll sideways (what is wider scrolls in its own box), once
 * the page has followed the new width (charts measure their container a frame or more later).
 */
export async function expectNoSidewaysScroll(page: Page): Promise<void> {
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth), { message: 'the page is no wider than the viewport' })
    .toBeLessThanOrEqual(WIDTHS[360].width);
}

/** Fails the test with every finding on the page as it is now, at both widths, in both themes. */
export async function expectNoAxeViolations(page: Page, name: string): Promise<void> {
  const problems = await axeEveryWidthAndTheme(page, name);
  if (problems.length > 0) throw new Error(`axe: ${problems.length} violations\n${problems.join('\n')}`);
}

async function injectAxe(page: Page): Promise<void> {
  if (await page.evaluate(() => 'axe' in window)) return;
  await page.evaluate(axe.source);
}

async function runAxe(page: Page, runOnly: RunOnly): Promise<AxeFinding[]> {
  return page.evaluate(async (only) => {
    // A frame after a resize or a colour scheme change, so styles are recomputed before axe reads them.
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    const runner = (window as unknown as { axe: typeof import('axe-core') }).axe;
    const results = await runner.run(document, { runOnly: only, resultTypes: ['violations'] });
    return results.violations.map((v) => ({
      rule: v.id,
      impact: v.impact ?? 'unknown',
      count: v.nodes.length,
      help: v.help,
      targets: v.nodes
        .slice(0, 4)
        .map((n) => `${n.target.join(' ')}${n.failureSummary ? ` — ${n.failureSummary.replace(/\s+/g, ' ').slice(0, 160)}` : ''}`),
    }));
  }, runOnly);
}

/** Clears a stored theme choice so the emulated colour scheme decides, as for a new reader. */
async function useSystemTheme(page: Page): Promise<void> {
  await page.evaluate(() => {
    try {
      localStorage.removeItem('strata-theme');
    } catch {
      /* storage unavailable */
    }
    document.documentElement.classList.remove('light', 'dark');
  });
}
