/**
 * axe-core in the browser tests: the rules a new user's tools run (WCAG 2.0 and 2.1, A and AA,
 * and axe's best practices), over the page as drawn, in the light and the dark theme.
 *
 * The theme comes from the emulated system colour scheme, as in e2e/screenshots.ts: the path a
 * reader without a stored choice takes. Motion is reduced so that a row fading in on a live page
 * is measured in its resting colours, not mid-animation. A theme changes colours only, so after
 * the first theme's full run the second runs the colour rules alone.
 *
 * Legacy mode runs axe inside the page itself: the default opens a blank page per run to combine
 * frames' results, which this explorer's pages (no iframes) do not need and which costs seconds.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] as const;
export const THEMES = ['light', 'dark'] as const;
export type Theme = (typeof THEMES)[number];

/** One violation as a line a reader of the test output can act on: rule, impact, where. */
export interface AxeFinding {
  readonly rule: string;
  readonly impact: string;
  readonly count: number;
  readonly help: string;
  readonly targets: readonly string[];
}

/** The rules a theme can change the outcome of. */
export const COLOUR_RULES = ['color-contrast', 'link-in-text-block'] as const;

/** axe's violations on the page as it is now, in `theme`: every rule, or only `rules`. */
export async function axeFindings(page: Page, theme: Theme, rules?: readonly string[]): Promise<AxeFinding[]> {
  await page.emulateMedia({ colorScheme: theme, reducedMotion: 'reduce' });
  // A frame after the media change, so styles have been recomputed before axe reads colours.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  const builder = new AxeBuilder({ page }).setLegacyMode(true);
  const results = await (rules ? builder.withRules([...rules]) : builder.withTags([...AXE_TAGS])).analyze();
  return results.violations.map((v) => ({
    rule: v.id,
    impact: v.impact ?? 'unknown',
    count: v.nodes.length,
    help: v.help,
    targets: v.nodes.slice(0, 4).map((n) => `${n.target.join(' ')}${n.failureSummary ? ` — ${n.failureSummary.replace(/\s+/g, ' ').slice(0, 160)}` : ''}`),
  }));
}

/** Findings as text, one line per rule and up to four offending elements under it. */
export function formatFindings(where: string, findings: readonly AxeFinding[]): string[] {
  return findings.map((f) => `${where}: ${f.rule} (${f.impact}) ×${f.count}: ${f.help}\n    ${f.targets.join('\n    ')}`);
}

/** Every rule in the light theme, then the colour rules in the dark one. */
export async function axeFindingsInBothThemes(page: Page): Promise<Array<[Theme, AxeFinding[]]>> {
  await useSystemTheme(page);
  return [
    ['light', await axeFindings(page, 'light')],
    ['dark', await axeFindings(page, 'dark', COLOUR_RULES)],
  ];
}

/** Clears a stored theme choice so the emulated colour scheme decides, as for a new reader. */
export async function useSystemTheme(page: Page): Promise<void> {
  await page.evaluate(() => {
    try {
      localStorage.removeItem('strata-theme');
    } catch {
      /* storage unavailable */
    }
    document.documentElement.classList.remove('light', 'dark');
  });
}
