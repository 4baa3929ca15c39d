/**
 * The JavaScript a browser downloads for a page, measured in Chromium: a fresh browser
 * context per page (nothing cached), from navigation until the network is idle ("at load": the
 * issue's figure, lazy chunks fetched at load included, held against the budget), then the page
 * scrolled to the bottom a screen at a time and idle again ("after scrolling": what a reader who
 * scrolls through everything downloads, chunks loaded when something scrolls into view included;
 * for information). Every response that is JavaScript is summed by its encoded body
 * size as Chromium received it (Playwright's `request.sizes().responseBodySize`, from the CDP
 * `Network.loadingFinished` byte count less the headers): compressed bytes on the wire, each
 * file once, whatever loaded it (a `<script>` tag, a dynamic import, a prefetch).
 *
 * What this does not count: chunks fetched only when the reader opens something (a tab, the ABI
 * decoder, a form), HTML, CSS, fonts and RSC payloads.
 *
 * A benchmark: it prints figures against the budgets, it asserts nothing. Used by
 * `npm run bench:explorer` (`printJsBytes`) and by `npm run bench:first-load` (this file's main,
 * which starts a devnet and an explorer of its own).
 */
import { existsSync } from 'node:fs';
import { chromium, type Browser, type Request } from '@playwright/test';

const SYSTEM_CHROMIUM = '/usr/bin/chromium';
/** How long the network must be quiet to call it idle (Playwright's `networkidle` uses 500 ms). */
const IDLE_MS = 500;
const PAGE_TIMEOUT_MS = 60_000;

export interface JsPage {
  /** Short name printed in the table: `home`, `block`, … */
  readonly name: string;
  /** Path on the explorer, with its query. */
  readonly path: string;
  /** Budget in KB (1,024 bytes) of encoded JavaScript; undefined: printed for information. */
  readonly budgetKb?: number;
}

export interface JsScript {
  readonly url: string;
  /** Encoded (compressed) body bytes. */
  readonly bytes: number;
  /** The response's header bytes: with `bytes`, what CDP's `Network.loadingFinished` counts for it. */
  readonly headerBytes: number;
  /** `load`: fetched before the page was first idle; `scroll`: after it was scrolled. */
  readonly phase: 'load' | 'scroll';
}

export interface JsMeasure {
  readonly page: JsPage;
  readonly status: number;
  readonly scripts: readonly JsScript[];
  /** Encoded body bytes of the scripts fetched before the page was first idle: the figure held against the budget. */
  readonly loadBytes: number;
  /** `loadBytes` plus those responses' headers (CDP's encodedDataLength, as the issue's table counted). */
  readonly loadWireBytes: number;
  /** Encoded body bytes of every script, after scrolling to the bottom too (for information). */
  readonly totalBytes: number;
  /** `totalBytes` plus every script response's headers. */
  readonly wireBytes: number;
}

/** The explorer's samples the budgeted pages are measured on. */
export interface JsSamples {
  readonly blockPath: string;
  readonly txHash: string;
  readonly address: string;
  /** A token contract (the devnet's DevToken); the token page is printed for information. */
  readonly token?: string;
  readonly feesChain: string;
}

/** The pages the JavaScript budget covers (block, tx, address, the lists ≤ 150 KB; home, fees ≤ 200 KB), and some for information. */
export function budgetedPages(samples: JsSamples): JsPage[] {
  const pages: JsPage[] = [
    { name: 'home', path: '/', budgetKb: 200 },
    { name: 'block', path: samples.blockPath, budgetKb: 150 },
    { name: 'tx', path: `/tx/${samples.txHash}`, budgetKb: 150 },
    { name: 'address', path: `/address/${samples.address}`, budgetKb: 150 },
    { name: 'fees', path: `/fees/${samples.feesChain}`, budgetKb: 200 },
    { name: 'network', path: '/network' },
    // The browse lists, budgeted as the block and transaction pages are.
    { name: 'blocks', path: `/blocks?chain=${samples.feesChain}`, budgetKb: 150 },
    { name: 'txs', path: `/txs?chain=${samples.feesChain}`, budgetKb: 150 },
    { name: 'tokens', path: '/tokens', budgetKb: 150 },
    { name: 'contracts', path: '/contracts', budgetKb: 150 },
  ];
  if (samples.token) {
    pages.push({ name: 'token', path: `/token/${samples.token}` });
    // The wallet's code loads on this tab only (and the Approvals tab's, with an index).
    pages.push({ name: 'write', path: `/address/${samples.token}?tab=write` });
  }
  return pages;
}

/** Chromium as the e2e suite launches it: the system's when there is one, else Playwright's. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    ...(existsSync(SYSTEM_CHROMIUM) ? { executablePath: SYSTEM_CHROMIUM } : {}),
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
}

function isJavaScript(request: Request, contentType: string | undefined): boolean {
  if (request.resourceType() === 'script') return true;
  return /javascript|ecmascript/i.test(contentType ?? '') || /\.m?js(\?|$)/.test(new URL(request.url()).pathname);
}

/** One page in a fresh context: JavaScript fetched until idle, then while scrolling to the bottom. */
export async function measurePage(browser: Browser, origin: string, page: JsPage): Promise<JsMeasure> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const tab = await context.newPage();
  tab.setDefaultTimeout(PAGE_TIMEOUT_MS);
  let inFlight = 0;
  let lastActivity = performance.now();
  let phase: JsScript['phase'] = 'load';
  const scripts = new Map<string, Promise<JsScript | undefined>>();
  const settled = () => {
    inFlight = Math.max(0, inFlight - 1);
    lastActivity = performance.now();
  };
  tab.on('request', () => {
    inFlight++;
    lastActivity = performance.now();
  });
  tab.on('requestfailed', settled);
  tab.on('requestfinished', (request) => {
    settled();
    const url = request.url();
    if (scripts.has(url)) return;
    const fetchedIn = phase;
    scripts.set(
      url,
      (async () => {
        const response = await request.response();
        if (!response || !isJavaScript(request, await response.headerValue('content-type').catch(() => undefined) ?? undefined)) return undefined;
        const sizes = await request.sizes();
        return { url, bytes: sizes.responseBodySize, headerBytes: sizes.responseHeadersSize, phase: fetchedIn };
      })(),
    );
  });
  /** Resolves once no request has been in flight for IDLE_MS. Polls the counters it keeps; no fixed wait. */
  const idle = async () => {
    const deadline = performance.now() + PAGE_TIMEOUT_MS;
    while (inFlight > 0 || performance.now() - lastActivity < IDLE_MS) {
      if (performance.now() > deadline) throw new Error(`${page.path}: the network never went idle (${inFlight} requests in flight)`);
      await new Promise((r) => setTimeout(r, 50));
    }
  };
  try {
    const response = await tab.goto(`${origin}${page.path}`, { waitUntil: 'load' });
    await idle();
    phase = 'scroll';
    // A screen at a time, so every section crosses the viewport as a reader's scrolling would.
    for (let step = 0; step < 200; step++) {
      const atBottom = await tab.evaluate(() => {
        window.scrollBy(0, window.innerHeight);
        return window.scrollY + window.innerHeight >= document.documentElement.scrollHeight - 1;
      });
      await tab.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
      if (atBottom) break;
    }
    // Quiet is counted from the last scroll, not from the load's last request: a chunk imported
    // because something scrolled into view is requested a few frames later (React renders, then imports).
    lastActivity = performance.now();
    await idle();
    const found = (await Promise.all(scripts.values())).filter((s): s is JsScript => s !== undefined).sort((a, b) => b.bytes - a.bytes);
    const sum = (list: readonly JsScript[]) => list.reduce((total, s) => total + s.bytes, 0);
    const withHeaders = (list: readonly JsScript[]) => sum(list) + list.reduce((total, s) => total + s.headerBytes, 0);
    const atLoad = found.filter((s) => s.phase === 'load');
    return {
      page,
      status: response?.status() ?? 0,
      scripts: found,
      loadBytes: sum(atLoad),
      loadWireBytes: withHeaders(atLoad),
      totalBytes: sum(found),
      wireBytes: withHeaders(found),
    };
  } finally {
    await context.close();
  }
}

/** Every page, one after the other (one browser; a context each, so none reuses another's cache). */
export async function measureJs(origin: string, pages: readonly JsPage[]): Promise<JsMeasure[]> {
  const browser = await launchChromium();
  try {
    const results: JsMeasure[] = [];
    for (const page of pages) results.push(await measurePage(browser, origin, page));
    return results;
  } finally {
    await browser.close();
  }
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/**
 * The table: per page the JavaScript at load (navigation until idle: the budgeted figure) and
 * after scrolling to the bottom (everything, for information), each as bodies and with headers.
 */
export function formatJsTable(results: readonly JsMeasure[], options: { chunks?: boolean } = {}): string {
  const lines = [
    'JavaScript as Chromium downloads it: encoded (compressed) bodies, fresh cache. "at load": from navigation until the network is idle,',
    'no scrolling (lazy chunks fetched at load included): the budget is held against it. "after scrolling": everything, once the page was',
    'scrolled to the bottom a screen at a time (for information). "+ headers" adds each script response\'s headers (CDP\'s encodedDataLength).',
    '',
  ];
  lines.push(
    `${'page'.padEnd(9)}${'at load'.padStart(10)}${'+ headers'.padStart(11)}${'files'.padStart(7)}  ${'after scrolling'.padStart(16)}${'+ headers'.padStart(11)}${'files'.padStart(7)}   budget (at load)`,
  );
  for (const r of results) {
    const loadFiles = r.scripts.filter((s) => s.phase === 'load').length;
    const budget = r.page.budgetKb === undefined ? '(for information)' : `≤ ${r.page.budgetKb} KB: ${r.loadBytes / 1024 <= r.page.budgetKb ? 'met' : 'over'}`;
    const status = r.status === 200 ? '' : `   [HTTP ${r.status}]`;
    lines.push(
      `${r.page.name.padEnd(9)}${kb(r.loadBytes).padStart(10)}${kb(r.loadWireBytes).padStart(11)}${String(loadFiles).padStart(7)}  ${kb(r.totalBytes).padStart(16)}${kb(r.wireBytes).padStart(11)}${String(r.scripts.length).padStart(7)}   ${budget}${status}`,
    );
    if (options.chunks) {
      for (const s of r.scripts) lines.push(`           ${kb(s.bytes).padStart(9)}  ${s.phase === 'load' ? 'load  ' : 'scroll'}  ${new URL(s.url).pathname}`);
    }
  }
  return lines.join('\n');
}

/** bench:explorer's one call: measure the budgeted pages on `origin` and print the table. */
export async function printJsBytes(origin: string, samples: JsSamples): Promise<JsMeasure[]> {
  const results = await measureJs(origin, budgetedPages(samples));
  console.log(`\n${formatJsTable(results)}`);
  return results;
}
