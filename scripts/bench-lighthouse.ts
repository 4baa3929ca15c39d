/**
 * `npm run bench:lighthouse`: Lighthouse's four category scores and its largest contentful paint,
 * total blocking time and cumulative layout shift for the home, block, transaction, address and
 * token pages and the browse lists (blocks, transactions, tokens, verified contracts), with
 * Lighthouse's default (mobile) profile, in Debian's chromium. Against the last
 * `npm run build`, served as scripts/bench/sample-explorer.ts describes.
 * A benchmark: it prints, it asserts nothing.
 *
 * The devnet's miners are paused while Lighthouse loads a page (they mine between loads): the
 * devnet hashes by proof of work in this process, and on a 2-core machine that work shares the CPU
 * with the measured browser, whose observed task times Lighthouse's simulation multiplies by 4.
 * A reader's phone shares no CPU with the node, and a real node's hashing is done by its miners
 * elsewhere. The explorer still serves every request (its caches keyed by the tips as usual).
 *
 *   --port-offset   the devnet's port offset (default 2000)
 *   --runs          Lighthouse runs per page; the median run (by performance score) is printed (default 1)
 *   --busy-node     keep the miners mining during each load (the figures then include their CPU)
 *   --cpu-slowdown  the CPU slowdown Lighthouse simulates: a number, or `calibrated` for the one its
 *                   documentation gives for this machine's benchmark index (default 4, Lighthouse's
 *                   own: a high-end desktop slowed to a mid-tier phone). Each run's host benchmark
 *                   index is printed: below ~1,000 Lighthouse warns the host is slower than its 4×
 *                   assumes, and the same page scores lower there
 *   --pages         a comma-separated subset of home,block,transaction,address,token,blocks,txs,tokens,contracts (default all)
 *   --details       also print, per page, the largest paint's element and its parts, the layout
 *                   shifts, the scripts and long tasks behind the blocking time, and the elements
 *                   of each failing accessibility audit: where to look
 */
import { existsSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { withSampleExplorer } from './bench/sample-explorer';

const { values } = parseArgs({
  options: { 'port-offset': { type: 'string', default: '2000' }, runs: { type: 'string', default: '1' }, 'busy-node': { type: 'boolean', default: false }, 'cpu-slowdown': { type: 'string', default: '4' }, details: { type: 'boolean', default: false }, pages: { type: 'string', default: '' } },
});
const SYSTEM_CHROMIUM = '/usr/bin/chromium';
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;

interface Row {
  readonly page: string;
  readonly scores: Record<(typeof CATEGORIES)[number], number>;
  readonly lcpMs: number;
  readonly tbtMs: number;
  readonly cls: number;
  /** Lighthouse's measure of the host's CPU during the run (its BenchmarkIndex). */
  readonly benchmarkIndex: number;
  /** Audits below a full score in the accessibility category: what to fix. */
  readonly failing: string[];
  /** With --details: lines naming the elements behind the figures. */
  readonly details: string[];
}

/** The selectors (or snippets) of an audit's detail items, at most `limit`. */
function itemsOf(audit: { details?: unknown } | undefined, limit = 6): string[] {
  const items = (audit?.details as { items?: Array<Record<string, unknown>> } | undefined)?.items ?? [];
  return items.slice(0, limit).map((item) => {
    const node = (item.node ?? item.element ?? (item.items as Array<Record<string, unknown>> | undefined)?.[0]?.node) as { selector?: string; snippet?: string } | undefined;
    const score = typeof item.score === 'number' ? ` (${item.score.toFixed(3)})` : '';
    return `${node?.selector ?? node?.snippet ?? JSON.stringify(item).slice(0, 120)}${score}`;
  });
}

/**
 * The largest paint's element and its parts as observed in the unthrottled load (Lighthouse's
 * lcp-breakdown-insight: a list of a table of parts and the element's node).
 */
function lcpParts(audit: { details?: unknown } | undefined): string[] {
  const list = (audit?.details as { items?: Array<{ type?: string; items?: Array<Record<string, unknown>>; selector?: string; snippet?: string }> } | undefined)?.items ?? [];
  return list.flatMap((entry) => {
    if (entry.type === 'table') return [`LCP parts (observed): ${(entry.items ?? []).map((p) => `${String(p.subpart)} ${Math.round(Number(p.duration))} ms`).join(', ')}`];
    if (entry.type === 'node') return [`LCP element: ${entry.selector ?? ''} ${String(entry.snippet ?? '').slice(0, 100)}`];
    return [];
  });
}

/**
 * The CPU slowdown Lighthouse's throttling documentation
 * (https://github.com/GoogleChrome/lighthouse/blob/main/docs/throttling.md, "Calibrating the CPU
 * slowdown", and the calculator it links) gives for a host's benchmark index, to emulate the same
 * mid-tier phone its default 4× emulates from a high-end desktop: piecewise linear through
 * 150 → 1×, 800 → 2×, 1,300 → 3×, then one more per 233 (1,533 → 4×).
 */
function calibratedSlowdown(benchmarkIndex: number): number {
  if (benchmarkIndex >= 1300) return 3 + (benchmarkIndex - 1300) / 233;
  if (benchmarkIndex >= 800) return 2 + (benchmarkIndex - 800) / 500;
  return Math.max(1, 1 + (benchmarkIndex - 150) / 650);
}

async function audit(url: string, port: number, name: string, cpuSlowdownMultiplier: number): Promise<Row> {
  // Overrides are merged into the default profile: only the CPU slowdown changes.
  const result = await lighthouse(url, { port, output: 'json', logLevel: 'error', onlyCategories: [...CATEGORIES], throttling: { cpuSlowdownMultiplier } });
  if (!result) throw new Error(`lighthouse gave no result for ${url}`);
  const { categories, audits } = result.lhr;
  const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100);
  const numeric = (id: string) => audits[id]?.numericValue ?? Number.NaN;
  const failing = (categories.accessibility?.auditRefs ?? [])
    .filter((ref) => ref.weight > 0 && audits[ref.id]?.score !== null && (audits[ref.id]?.score ?? 1) < 1)
    .map((ref) => ref.id);
  const details = values.details
    ? [
        ...lcpParts(audits['lcp-breakdown-insight']),
        ...itemsOf(audits['layout-shifts']).map((i) => `layout shift: ${i}`),
        // What the blocking time is made of: each script's main-thread time, and the longest tasks.
        ...itemsOf(audits['bootup-time']).map((i) => `script: ${i}`),
        ...itemsOf(audits['long-tasks']).map((i) => `long task: ${i}`),
        ...itemsOf(audits['mainthread-work-breakdown']).map((i) => `main thread: ${i}`),
        ...failing.flatMap((id) => itemsOf(audits[id]).map((i) => `${id}: ${i}`)),
      ]
    : [];
  return {
    page: name,
    scores: { performance: score('performance'), accessibility: score('accessibility'), 'best-practices': score('best-practices'), seo: score('seo') },
    lcpMs: numeric('largest-contentful-paint'),
    tbtMs: numeric('total-blocking-time'),
    cls: numeric('cumulative-layout-shift'),
    benchmarkIndex: result.lhr.environment.benchmarkIndex,
    failing,
    details,
  };
}

function format(rows: readonly Row[]): string {
  const head = ['page', 'perf', 'a11y', 'best', 'seo', 'LCP s', 'TBT ms', 'CLS', 'host index', 'accessibility audits failing'];
  const lines = rows.map((r) => [
    r.page,
    ...CATEGORIES.map((c) => String(r.scores[c])),
    (r.lcpMs / 1000).toFixed(2),
    Math.round(r.tbtMs).toString(),
    r.cls.toFixed(3),
    Math.round(r.benchmarkIndex).toString(),
    r.failing.join(', ') || '—',
  ]);
  const widths = head.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i]!.length)));
  return [head, ...lines].map((cells) => cells.map((c, i) => c.padEnd(widths[i]!)).join('  ').trimEnd()).join('\n');
}

const PAGE_NAMES = ['home', 'block', 'transaction', 'address', 'token', 'blocks', 'txs', 'tokens', 'contracts'] as const;
type PageName = (typeof PAGE_NAMES)[number];
const LIST_PAGES: readonly PageName[] = ['blocks', 'txs', 'tokens', 'contracts'];

/** The pages --pages asks for (all of them without it); a name not among them is refused before anything starts. */
function askedPages(): readonly PageName[] {
  if (!values.pages) return PAGE_NAMES;
  const asked = values.pages.split(',');
  const unknown = asked.filter((name) => !(PAGE_NAMES as readonly string[]).includes(name));
  if (unknown.length > 0) throw new Error(`--pages: a comma-separated subset of ${PAGE_NAMES.join(',')}; unknown: ${unknown.join(', ')}`);
  return PAGE_NAMES.filter((name) => asked.includes(name));
}

async function main(): Promise<void> {
  const runs = Math.max(1, Number(values.runs));
  const asked = askedPages();
  await withSampleExplorer('bench:lighthouse', Number(values['port-offset']), async (samples) => {
    const paths: Record<PageName, string> = {
      home: '/',
      block: samples.blockPath,
      transaction: `/tx/${samples.txHash}`,
      address: `/address/${samples.address}`,
      token: `/token/${samples.token}`,
      blocks: `/blocks?chain=${samples.feesChain}`,
      txs: `/txs?chain=${samples.feesChain}`,
      tokens: '/tokens',
      contracts: '/contracts',
    };
    const pages: Array<[string, string]> = asked.map((name) => [name, paths[name]]);
    const chrome = await launch({
      ...(existsSync(SYSTEM_CHROMIUM) ? { chromePath: SYSTEM_CHROMIUM } : {}),
      chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    });
    try {
      // Calibrated: one unrecorded run of the home page reads the host's benchmark index.
      const slowdown =
        values['cpu-slowdown'] === 'calibrated'
          ? calibratedSlowdown((await samples.withMinersPaused(() => audit(`${samples.origin}/`, chrome.port, 'calibration', 4))).benchmarkIndex)
          : Number(values['cpu-slowdown']);
      if (!(slowdown >= 1)) throw new Error(`--cpu-slowdown: a number ≥ 1 or "calibrated", not ${values['cpu-slowdown']}`);
      console.log(`CPU slowdown ${slowdown.toFixed(2)}×${values['busy-node'] ? '; miners mining during the loads' : ''}`);
      const rows: Row[] = [];
      for (const [name, path] of pages) {
        const url = `${samples.origin}${path}`;
        // One unmeasured visit first: a just-started server's first render of a page is not the reader's.
        await fetch(url);
        const measured: Row[] = [];
        for (let i = 0; i < runs; i++) {
          const run = () => audit(url, chrome.port, name, slowdown);
          measured.push(await (values['busy-node'] ? run() : samples.withMinersPaused(run)));
        }
        measured.sort((a, b) => a.scores.performance - b.scores.performance);
        rows.push(measured[Math.floor(measured.length / 2)]!);
      }
      console.log(format(rows));
      for (const row of rows) if (row.details.length > 0) console.log(`\n${row.page}\n  ${row.details.join('\n  ')}`);
    } finally {
      chrome.kill();
    }
    // The lists need rows: the explorer writes its own index, and the loads start once it holds the zone's head.
  }, { index: asked.some((name) => LIST_PAGES.includes(name)) });
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
