/**
 * Pages that follow the tip (./tip-pages.ts), rendered once per tips snapshot and kept until the
 * next one: this process keeps the latest copy of each path; with REDIS_URL the fleet shares them,
 * so one instance renders a snapshot's page and the others serve its copy.
 *
 * A render is this server asking itself for the page (renderForStore, as for immutable pages: no
 * nonce, inline scripts by hash). Concurrent requests for one page and snapshot share one render
 * in a process; in a fleet, the instance that takes a short Redis lock renders and the others
 * wait for its copy (at most WAIT_MS, then render themselves). A render that is not a 200 HTML
 * page is not kept, and the callers go on to Next as without a store, so the node's failures
 * keep their statuses.
 */
import { recordCacheLookup, recordTipPageRender } from '@/lib/ops/metrics';
import { INSTANCE_ID, sharedRedis, tryRedis } from '@/lib/shared/redis';
import { buildId, type StoredPage } from './page-store';
import { renderForStore } from './serve-immutable';

/** How long Redis keeps a snapshot's page: far longer than a snapshot lives (2 s), short for memory. */
const SHARED_TTL_SECONDS = 60;
/** The lock's lease: longer than a render takes on a loaded machine; released when the render ends. */
const LOCK_MS = 10_000;
/**
 * How long an instance waits for the one rendering a page before rendering it itself: the lock's
 * lease, so a slow render on a loaded machine is waited for, and a renderer that died is not
 * waited for longer than its lock holds.
 */
const WAIT_MS = LOCK_MS;
/** Between two looks in Redis while another instance renders (no notification to wait on). */
const POLL_MS = 20;

interface Held {
  readonly key: string;
  /** When its snapshot was read (TipsSnapshot.fetchedAt): a copy is only replaced by a newer one. */
  readonly snapshotAt: number;
  readonly page: StoredPage;
}

const HELD = Symbol.for('strata.server.tip-pages');
const RENDERING = Symbol.for('strata.server.tip-page-renders');
type Holder = { [HELD]?: Map<string, Held>; [RENDERING]?: Map<string, Promise<StoredPage | undefined>> };

function held(): Map<string, Held> {
  return ((globalThis as Holder)[HELD] ??= new Map());
}

/** This process's copy of `path` for the snapshot `key`, synchronously (./stored-fast-path.ts). */
export function heldTipPage(path: string, key: string): StoredPage | undefined {
  const all = held();
  const copy = all.get(path);
  if (copy?.key !== key) return undefined;
  // Most recently used last: the oldest copies go first when memory is short (keep()).
  all.delete(path);
  all.set(path, copy);
  return copy.page;
}

/**
 * At most this much HTML held: one copy per path (the home page, each chain's overview, the
 * network page), the least recently served dropped first.
 */
const MAX_HELD_BYTES = 64 * 1024 * 1024;

function keep(path: string, copy: Held): void {
  const all = held();
  all.delete(path);
  all.set(path, copy);
  let bytes = 0;
  for (const c of all.values()) bytes += c.page.body.length;
  for (const [p, c] of all) {
    if (bytes <= MAX_HELD_BYTES) break;
    all.delete(p);
    bytes -= c.page.body.length;
  }
}

/** The paths this process holds a copy of (the ones viewers asked for). */
export function heldTipPaths(): string[] {
  return [...held().keys()];
}

/**
 * The page at `path` for the snapshot `key`: this process's copy, the fleet's, or a render made
 * now (one per path and key at a time). Undefined when the render is not a page to keep.
 * `label` names the page in the renders metric (its route pattern).
 */
export function tipPage(path: string, key: string, snapshotAt: number, label: string): Promise<StoredPage | undefined> {
  const copy = heldTipPage(path, key);
  recordCacheLookup('tip-page', copy !== undefined);
  if (copy) return Promise.resolve(copy);
  const renders = ((globalThis as Holder)[RENDERING] ??= new Map());
  const id = `${path}\n${key}`;
  const running = renders.get(id);
  if (running) return running;
  const render = () => renderHere(path, label);
  const started = (sharedRedis() ? fromFleet(path, key, render) : render())
    .then((page) => {
      // Only ever forward: a slow render of an older snapshot must not replace a newer copy.
      if (page && (held().get(path)?.snapshotAt ?? 0) <= snapshotAt) keep(path, { key, snapshotAt, page });
      return page;
    })
    .finally(() => renders.delete(id));
  renders.set(id, started);
  return started;
}

async function renderHere(path: string, label: string): Promise<StoredPage | undefined> {
  const page = await renderForStore(path);
  recordTipPageRender(label, page !== undefined);
  return page;
}

function parse(text: string | null | undefined): StoredPage | undefined {
  if (!text) return undefined;
  try {
    const page = JSON.parse(text) as Partial<StoredPage>;
    const ok = typeof page.body === 'string' && typeof page.csp === 'string' && typeof page.etag === 'string' && typeof page.storedAt === 'number';
    return ok ? (page as StoredPage) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The fleet's copy: read from Redis, or rendered here under the lock and written there, or
 * awaited from the instance holding the lock. Keys carry the build id: a page names the build's
 * script files. Without an answer from Redis, rendered here as without REDIS_URL.
 */
async function fromFleet(path: string, key: string, render: () => Promise<StoredPage | undefined>): Promise<StoredPage | undefined> {
  const pageKey = `strata:tip-page:${buildId()}:${path}:${key}`;
  const lockKey = `${pageKey}:lock`;
  const read = async () => parse(await tryRedis((r) => r.get(pageKey)));
  const shared = await read();
  recordCacheLookup('shared-tip-page', shared !== undefined);
  if (shared) return shared;
  const lock = await tryRedis((r) => r.set(lockKey, INSTANCE_ID, 'PX', LOCK_MS, 'NX'));
  if (lock === undefined) return render();
  if (lock === 'OK') {
    try {
      const page = await render();
      if (page) await tryRedis((r) => r.set(pageKey, JSON.stringify(page), 'EX', SHARED_TTL_SECONDS));
      return page;
    } finally {
      await tryRedis((r) => r.del(lockKey));
    }
  }
  // Another instance renders this snapshot's page: wait for its copy, or for its lock to go
  // without one (its render was not a page to keep), then render here.
  const deadline = Date.now() + WAIT_MS;
  while (Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    const page = await read();
    if (page) return page;
    const holder = await tryRedis((r) => r.get(lockKey));
    if (holder === null || holder === undefined) {
      const late = await read(); // written just before the lock was released
      if (late) return late;
      break;
    }
  }
  return render();
}
