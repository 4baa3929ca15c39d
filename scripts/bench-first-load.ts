/**
 * `npm run bench:first-load`: the JavaScript a browser downloads for each budgeted page, measured
 * in Chromium (scripts/bench/js-bytes.ts) against the last `npm run build`, without the rest of
 * bench:explorer's run. It starts a 1x1 devnet with traffic at --port-offset and the explorer (`npm run serve`) on
 * a free port, waits for a block with a transaction, visits each page once, measures, prints and
 * stops both.
 * A benchmark: it prints, it asserts nothing.
 *
 *   --chunks        also list each page's scripts, largest first, and whether each came at load or on scroll
 *   --port-offset   the devnet's port offset (default 2000)
 *
 * It does not read the build manifests: they leave out every chunk a page fetches after
 * its first scripts (the charts, the journey card), and would report budgets met while the
 * browser still downloads more.
 */
import { parseArgs } from 'node:util';
import { budgetedPages, formatJsTable, measureJs } from './bench/js-bytes';
import { withSampleExplorer } from './bench/sample-explorer';

const { values } = parseArgs({ options: { chunks: { type: 'boolean', default: false }, 'port-offset': { type: 'string', default: '2000' } } });

async function main(): Promise<void> {
  await withSampleExplorer('bench:first-load', Number(values['port-offset']), async (samples) => {
    const pages = budgetedPages(samples);
    // One unmeasured visit of each page first, as bench:explorer's table comes after its load
    // runs: nothing a just-started server is still reading (its brotli copies,
    // lib/server/request-path/static-assets.ts) shows in the figures.
    await measureJs(samples.origin, pages);
    console.log(formatJsTable(await measureJs(samples.origin, pages), { chunks: values.chunks }));
    // With an index, so the lists draw their rows (and load what their rows need).
  }, { index: true });
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
