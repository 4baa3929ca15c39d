/**
 * The explorer's index, one per process: opened at server start (instrumentation.ts), read by
 * the history loaders and API routes. In the default mode it also runs the writer in this
 * process, which is what PGlite requires (one process owns its data directory).
 *
 * Never fatal: with STRATA_INDEX=off or a bad setting the service records why and every page
 * that needs the index says so; the rest of the explorer works as before. A database that cannot
 * be opened (unreachable, or a data directory another process still holds, as right after a
 * kill -9 while the dead process's memory is released) is tried again with a backoff until it
 * opens, each failure logged; meanwhile the index is `unavailable` with the reason and /api/health
 * answers 503 (lib/server/pipeline/readiness.ts). One per process (lib/ops/process-wide.ts)
 * because Next bundles routes and pages separately.
 */
import { getConfig } from '@/lib/ops/config';
import { logger } from '@/lib/ops/log';
import type { Db } from '@/lib/index/drivers/db';
import { loadIndexConfig, type IndexConfig, type IndexMode } from '@/lib/index/index-config';
import { startIndexWriter } from '@/lib/index/writer';
import type { IndexWriter } from '@/lib/index/engine/index-writer';
import { openIndex } from '@/lib/index/open-index';
import { indexedHeights } from '@/lib/index/engine/progress-line';
import { zoneSources } from '@/lib/index/engine/sources';
import { sleep } from '@/lib/index/engine/sleep';
import { watchCommitVersion, type CommitVersion } from '@/lib/index/commit-version';
import { timedDb } from './timed-db';
import { processWide } from '@/lib/ops/process-wide';

export type IndexAvailability =
  | {
    readonly state: 'ready';
    readonly db: Db;
    readonly mode: IndexMode;
    readonly writer?: IndexWriter;
    /** The database's commit counter as this process hears it (lib/server/index/index-version.ts). */
    readonly commits: CommitVersion;
  }
  | { readonly state: 'off' | 'starting' | 'unavailable'; readonly reason: string };

type Ready = Extract<IndexAvailability, { state: 'ready' }>;

interface Holder {
  availability: IndexAvailability;
  /** The first attempt to open (later ones update `availability` as they succeed or fail). */
  opening?: Promise<IndexAvailability>;
  /** Ends the attempts after the first (closeIndexService). */
  readonly stop: AbortController;
  /** The attempts after a failed first one, until one opens the index or `stop` aborts. */
  retrying?: Promise<void>;
  /** Resolves when an attempt opens the index (never when none does). */
  readonly opened: Promise<Ready>;
  readonly settleOpened: (ready: Ready) => void;
}

/** The process's service, replaced when it is closed (processWide holds the slot, this module the value). */
const slot = () => processWide<{ current?: Holder }>('index.service', () => ({}));

/** The first wait before opening again, doubled after each failure up to the last. */
export const OPEN_RETRY_MS = { first: 500, max: 10_000 } as const;

function newHolder(availability: IndexAvailability): Holder {
  let settleOpened: (ready: Ready) => void = () => {};
  const opened = new Promise<Ready>((resolve) => (settleOpened = resolve));
  return { availability, stop: new AbortController(), opened, settleOpened };
}

function holder(): Holder {
  const s = slot();
  s.current ??= newHolder({ state: 'starting', reason: 'the index is opening' });
  return s.current;
}

/** Sets what the index is now, and settles `opened` when it is open. */
function settle(h: Holder, availability: IndexAvailability): void {
  h.availability = availability;
  if (availability.state === 'ready') h.settleOpened(availability);
}

function log() {
  return logger().child({ component: 'index' });
}

/** Opens the database and starts what reads and writes it: throws what stopped it. */
async function openOnce(config: IndexConfig): Promise<Ready> {
  const db = await openIndex(config);
  const commits = watchCommitVersion(db, { log: (line) => log().warn(line) });
  try {
    await commits.ready;
    // What the pages and the API read through: their queries' time counted per request.
    const readDb = timedDb(db);
    if (config.mode === 'read') return { state: 'ready', db: readDb, mode: config.mode, commits };
    // The writer's progress lines go to the server's logger (`npm run indexer` prints them plain).
    const writer = startIndexWriter({
      db, sources: zoneSources(getConfig()), from: config.from, concurrency: config.concurrency, log: (line) => log().info(line),
      trace: { pacing: { maxConcurrency: config.traceConcurrency } },
    });
    return { state: 'ready', db: readDb, mode: config.mode, writer, commits };
  } catch (error) {
    // Closed before the next attempt opens it again (an embedded directory this process still held).
    await commits.close();
    await db.close().catch(() => undefined);
    throw error;
  }
}

function unavailable(error: unknown, retryMs: number, attempt: number): IndexAvailability {
  const message = (error as Error).message;
  log().warn({ error: message, attempt, retryMs }, 'index: cannot open; trying again');
  return {
    state: 'unavailable',
    reason: `the index database could not be opened: ${message} (attempt ${attempt}; trying again in ${Math.round(retryMs / 100) / 10} s)`,
  };
}

/** Opens again after a failed first attempt, with a backoff, until it opens or `h.stop` aborts. */
async function keepOpening(h: Holder, config: IndexConfig, firstWait: number): Promise<void> {
  let wait = firstWait;
  for (let attempt = 2; ; attempt++) {
    await sleep(wait, h.stop.signal);
    if (h.stop.signal.aborted) return;
    try {
      const ready = await openOnce(config);
      if (h.stop.signal.aborted) {
        await closeReady(ready);
        return;
      }
      log().info({ attempt }, 'index: opened');
      settle(h, ready);
      return;
    } catch (error) {
      wait = Math.min(wait * 2, OPEN_RETRY_MS.max);
      settle(h, unavailable(error, wait, attempt));
    }
  }
}

async function open(h: Holder): Promise<IndexAvailability> {
  let config: IndexConfig;
  try {
    config = loadIndexConfig();
  } catch (error) {
    // A bad setting is not tried again: it stays bad until the operator changes it.
    return { state: 'unavailable', reason: (error as Error).message };
  }
  if (config.mode === 'off') return { state: 'off', reason: 'the index is turned off on this explorer (STRATA_INDEX=off)' };
  try {
    return await openOnce(config);
  } catch (error) {
    h.retrying = keepOpening(h, config, OPEN_RETRY_MS.first);
    return unavailable(error, OPEN_RETRY_MS.first, 1);
  }
}

/** Opens the index once per process (later calls share the first). */
export function startIndexService(): Promise<IndexAvailability> {
  const h = holder();
  h.opening ??= open(h).then((availability) => {
    // A retry may already have opened it: keep that.
    if (h.availability.state !== 'ready') settle(h, availability);
    return h.availability;
  });
  return h.opening;
}

/**
 * Resolves once the index is open, at the first attempt or a later one (never while it stays off,
 * badly configured or unopenable): for work that needs it, such as the verification jobs a
 * restart left pending.
 */
export function whenIndexOpen(): Promise<IndexAvailability> {
  void startIndexService();
  return holder().opened;
}

/** The index as it stands; opening it on first use when instrumentation did not. */
export async function indexAvailability(): Promise<IndexAvailability> {
  const h = holder();
  return h.opening ? h.availability.state === 'starting' ? h.opening : h.availability : startIndexService();
}

/** The index as it stands, without opening it or waiting for it ('starting' until opened). */
export function peekIndexAvailability(): IndexAvailability {
  return holder().availability;
}

/** Stops the writer and the commit watch, then closes the database. */
async function closeReady({ writer, commits, db }: Ready): Promise<void> {
  try {
    await writer?.stop();
  } finally {
    await commits.close();
    await db.close();
  }
}

/**
 * Stops the writer (each follower commits or drops its current window, whole) and closes the
 * database, which puts every commit on disk (PGlite's shutdown checkpoint). Tests call it without
 * a reason: the next use opens the index again. On SIGTERM/SIGINT (server.ts, @/lib/server/process/graceful-stop.ts) `stopping`
 * says why it is gone: a request still served meanwhile must not open it again (and start a writer
 * the exit would cut short).
 */
export async function closeIndexService(stopping?: string): Promise<void> {
  const s = slot();
  const h = s.current;
  if (stopping) {
    const gone: IndexAvailability = { state: 'unavailable', reason: stopping };
    s.current = { ...newHolder(gone), opening: Promise.resolve(gone) };
  } else {
    s.current = undefined;
  }
  if (!h) return;
  h.stop.abort();
  if (h.opening) await h.opening;
  await h.retrying;
  const availability = h.availability;
  if (availability.state !== 'ready') return;
  await closeReady(availability);
  if (availability.writer) console.log(`index: closed; ${indexedHeights(availability.writer.status().chains, availability.writer.status().traces)}`);
}
