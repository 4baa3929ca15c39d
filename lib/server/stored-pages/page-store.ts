/**
 * Rendered immutable pages, kept so each is rendered once (see ./immutable-pages.ts for which).
 * In process: an LRU (lru-cache) bounded by total size. The interface is asynchronous so that a shared
 * store (Redis, for several instances) can take its place.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { LRUCache } from 'lru-cache';
import { recordCacheLookup } from '@/lib/ops/metrics';
import { sharedRedis, tryRedis } from '@/lib/shared/redis';

export interface StoredPage {
  readonly body: string;
  /** The page's Content-Security-Policy: its inline scripts by hash. */
  readonly csp: string;
  readonly etag: string;
  /** When it was rendered (ms since the epoch). */
  readonly storedAt: number;
}

export interface PageStore {
  get(key: string): Promise<StoredPage | undefined>;
  /** This process's copy, synchronously (./stored-fast-path.ts); never asks Redis. */
  peek(key: string): StoredPage | undefined;
  set(key: string, page: StoredPage): Promise<void>;
}

/** A page larger than this is served but not kept (a block with thousands of transactions). */
export const MAX_PAGE_BYTES = 2 * 1024 * 1024;

export class MemoryPageStore implements PageStore {
  private readonly pages: LRUCache<string, StoredPage>;

  constructor(capacityBytes: number) {
    this.pages = new LRUCache({
      maxSize: capacityBytes,
      // Characters, not UTF-8 bytes: the HTML is nearly all ASCII, and the length is free.
      sizeCalculation: (page) => page.body.length + page.csp.length,
      // A page over the limit is served but not kept (nor one that alone would fill the store).
      maxEntrySize: Math.min(MAX_PAGE_BYTES, capacityBytes),
    });
  }

  async get(key: string): Promise<StoredPage | undefined> {
    return this.peek(key);
  }

  /** Marks the page most recently used, so eviction takes the least recently used. */
  peek(key: string): StoredPage | undefined {
    const page = this.pages.get(key);
    recordCacheLookup('page-store', page !== undefined);
    return page;
  }

  async set(key: string, page: StoredPage): Promise<void> {
    this.pages.set(key, page);
  }

  get size(): number {
    return this.pages.size;
  }
}

/**
 * The fleet's store (REDIS_URL): pages are shared by every instance of the same build, with this
 * process's memory store in front. Keys carry the build id because a stored page names the
 * build's script files: another build's copy would load scripts this one does not serve.
 */
export class SharedPageStore implements PageStore {
  constructor(
    private readonly local: PageStore,
    private readonly prefix: string,
    /** How long Redis keeps a page: a week, like the CDN's stale-while-revalidate. */
    private readonly ttlSeconds = 7 * 24 * 3600,
  ) {}

  peek(key: string): StoredPage | undefined {
    return this.local.peek(key);
  }

  async get(key: string): Promise<StoredPage | undefined> {
    const local = await this.local.get(key);
    if (local) return local;
    const text = await tryRedis((r) => r.get(this.prefix + key));
    recordCacheLookup('shared-page-store', Boolean(text));
    if (!text) return undefined;
    try {
      const page = JSON.parse(text) as StoredPage;
      if (typeof page.body !== 'string' || typeof page.csp !== 'string' || typeof page.etag !== 'string') return undefined;
      await this.local.set(key, page);
      return page;
    } catch {
      return undefined;
    }
  }

  async set(key: string, page: StoredPage): Promise<void> {
    await this.local.set(key, page);
    if (page.body.length <= MAX_PAGE_BYTES) await tryRedis((r) => r.set(this.prefix + key, JSON.stringify(page), 'EX', this.ttlSeconds));
  }
}

/** The build's id (.next/BUILD_ID, beside the server in `next start` and in the standalone folder). */
export function buildId(): string {
  try {
    return readFileSync(join(process.cwd(), '.next', 'BUILD_ID'), 'utf8').trim();
  } catch {
    return 'dev';
  }
}

const KEY = Symbol.for('strata.server.page-store');
type Holder = { [KEY]?: PageStore };

/** STRATA_PAGE_STORE_MB: the in-process store's size (default 128 MB); shared through Redis with REDIS_URL. */
export function pageStore(): PageStore {
  const holder = globalThis as Holder;
  if (!holder[KEY]) {
    const megabytes = Number(process.env.STRATA_PAGE_STORE_MB ?? 128);
    const memory = new MemoryPageStore((Number.isFinite(megabytes) && megabytes > 0 ? megabytes : 128) * 1024 * 1024);
    holder[KEY] = sharedRedis() ? new SharedPageStore(memory, `strata:page:${buildId()}:`) : memory;
  }
  return holder[KEY];
}
