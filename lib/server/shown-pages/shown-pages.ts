/**
 * Pages kept per what they show: an address (every tab) and a token change whenever the node's
 * head, the address's pooled transactions or the index move, so a copy per tip (as the home page,
 * lib/server/stored-pages/tip-pages.ts) would be up to a tips read behind. Instead, every request
 * reads what the page draws, as the page itself would (./shown-routes.ts: the loaders, whose node
 * and index reads are shared by concurrent viewers, per block and per index commit), and the page
 * is rendered once per distinct answer:
 *
 *   key        the URL and a digest of the loaded data (./data-digest.ts): a new block, a pooled
 *              transaction, an indexed row or a verification is new data, so the request after it
 *              gets a page that shows it; the same data is the same page for every viewer
 *   render     this server asking itself, handed that very data (./handoff.ts), so the copy kept
 *              under a key is exactly the page of its data; one render per URL and key at a time,
 *              concurrent viewers wait for it
 *   not kept   a render that is not a 200 page (the node's answer unreadable: a 502; a failure):
 *              the request goes on to Next, which answers as without this store
 *   headers    what Next sends for these dynamic pages (`no-store`: the pool moves at any time),
 *              the copy's CSP (its inline scripts by hash, no nonce), an ETag
 *   bounded    an LRU of MAX_HELD_BYTES of HTML, one copy per URL
 *
 * What a viewer pays is the loaders' shared reads, a digest, and one write of bytes compressed
 * once per encoding, instead of React's render, the RSC payload and a gzip per request.
 */
import { LRUCache } from 'lru-cache';
import { recordCacheLookup, recordShownPageRender } from '@/lib/ops/metrics';
import type { StoredPage } from '@/lib/server/stored-pages/page-store';
import { renderForStore } from '@/lib/server/stored-pages/serve-immutable';
import { keptPageHeaders } from '@/lib/server/stored-pages/tip-pages';
import { dataDigest } from './data-digest';
import { HANDOFF_HEADER, leaveHandoff } from './handoff';
import type { ShownRoute } from './shown-routes';

/** As Next sends it for a page rendered per request. */
export const SHOWN_CACHE_CONTROL = 'private, no-cache, no-store, max-age=0, must-revalidate';

/** HTML kept at most, over every URL (an address page is 60–200 KB). */
const MAX_HELD_BYTES = 48 * 1024 * 1024;

interface Held {
  readonly key: string;
  readonly page: StoredPage;
}

const HELD = Symbol.for('strata.server.shown-pages');
const RENDERS = Symbol.for('strata.server.shown-page-renders');
type Holder = { [HELD]?: LRUCache<string, Held>; [RENDERS]?: Map<string, Promise<StoredPage | undefined>> };

/** One copy per URL, the least recently served dropped first (as the page store, ../stored-pages/page-store.ts). */
function held(): LRUCache<string, Held> {
  return ((globalThis as Holder)[HELD] ??= new LRUCache<string, Held>({
    maxSize: MAX_HELD_BYTES,
    // Characters, not UTF-8 bytes: the HTML is nearly all ASCII, and the length is free.
    sizeCalculation: (copy) => copy.page.body.length,
  }));
}

/** This process's copy of `url` when it was rendered from data of `key` (and marked most recently used). */
function heldCopy(url: string, key: string): StoredPage | undefined {
  const copy = held().get(url);
  return copy?.key === key ? copy.page : undefined;
}

/**
 * The page at `url` (path and query, as asked) for what it shows now: this process's copy when the
 * data is the one it was rendered from, else a render of that data. Undefined when the render is
 * not a page to keep (the caller hands the request to Next).
 */
export async function shownPage(url: string, route: ShownRoute): Promise<StoredPage | undefined> {
  const data = await route.load();
  const key = dataDigest(data);
  const copy = heldCopy(url, key);
  const renders = ((globalThis as Holder)[RENDERS] ??= new Map());
  const id = `${url}\n${key}`;
  const running = renders.get(id);
  // A viewer who waits for a render in flight shares it: a hit too, the render is counted once.
  recordCacheLookup('shown-page', copy !== undefined || running !== undefined);
  if (copy) return copy;
  if (running) return running;
  const { token, release } = leaveHandoff(route.identity, data);
  const started = renderForStore(url, { [HANDOFF_HEADER]: token })
    .then((page) => {
      recordShownPageRender(route.label, page !== undefined);
      if (page) held().set(url, { key, page });
      return page;
    })
    .finally(() => {
      release();
      renders.delete(id);
    });
  renders.set(id, started);
  return started;
}

/** The headers of a kept page's response. */
export function shownHeaders(page: StoredPage, https: boolean): Record<string, string> {
  return keptPageHeaders(page, https, SHOWN_CACHE_CONTROL, 'shown');
}
