/**
 * The explorer's index, one per process: opened at server start (instrumentation.ts), read by
 * the history loaders and API routes. In the default mode it also runs the writer in this
 * process, which is what PGlite requires (one process owns its data directory).
 *
 * Never fatal: with STRATA_INDEX=off, a bad setting, or a database that cannot be opened, the
 * service records why and every page that needs the index says so; the rest of the explorer
 * works as before. Kept on globalThis because Next bundles routes and pages separately.
 */
import { getConfig } from '@/lib/config';
import { logger } from '@/lib/ops/log';
import type { Db } from '@/lib/index/drivers/db';
import { loadIndexConfig, type IndexMode } from '@/lib/index/index-config';
import { startIndexWriter } from '@/lib/index/writer';
import type { IndexWriter } from '@/lib/index/engine/index-writer';
import { openIndex } from '@/lib/index/open-index';
import { indexedHeights } from '@/lib/index/engine/progress-line';
import { zoneSources } from '@/lib/index/engine/sources';
import { timedDb } from './timed-db';

export type IndexAvailability =
  | { readonly state: 'ready'; readonly db: Db; readonly mode: IndexMode; readonly writer?: IndexWriter }
  | { readonly state: 'off' | 'starting' | 'unavailable'; readonly reason: string };

interface Holder {
  availability: IndexAvailability;
  opening?: Promise<IndexAvailability>;
}

const KEY = Symbol.for('strata.index.service');
type GlobalHolder = { [KEY]?: Holder };

function holder(): Holder {
  const g = globalThis as GlobalHolder;
  g[KEY] ??= { availability: { state: 'starting', reason: 'the index is opening' } };
  return g[KEY];
}

async function open(): Promise<IndexAvailability> {
  let config;
  try {
    config = loadIndexConfig();
  } catch (error) {
    return { state: 'unavailable', reason: (error as Error).message };
  }
  if (config.mode === 'off') return { state: 'off', reason: 'the index is turned off on this explorer (STRATA_INDEX=off)' };
  try {
    const db = await openIndex(config);
    // What the pages and the API read through: their queries' time counted per request.
    const readDb = timedDb(db);
    if (config.mode === 'read') return { state: 'ready', db: readDb, mode: config.mode };
    // The writer's progress lines go to the server's logger (`npm run indexer` prints them plain).
    const log = logger().child({ component: 'index' });
    const writer = startIndexWriter({
      db, sources: zoneSources(getConfig()), from: config.from, concurrency: config.concurrency, log: (line) => log.info(line),
    });
    return { state: 'ready', db: readDb, mode: config.mode, writer };
  } catch (error) {
    logger().error({ component: 'index', error: (error as Error).message }, 'index: unavailable');
    return { state: 'unavailable', reason: `the index database could not be opened: ${(error as Error).message}` };
  }
}

/** Opens the index once per process (later calls share the first). */
export function startIndexService(): Promise<IndexAvailability> {
  const h = holder();
  h.opening ??= open().then((availability) => (h.availability = availability));
  return h.opening;
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

/**
 * Stops the writer (each follower commits or drops its current window, whole) and closes the
 * database, which puts every commit on disk (PGlite's shutdown checkpoint). Tests call it without
 * a reason: the next use opens the index again. On SIGTERM/SIGINT (server.ts, ./graceful-stop.ts) `stopping`
 * says why it is gone: a request still served meanwhile must not open it again (and start a writer
 * the exit would cut short).
 */
export async function closeIndexService(stopping?: string): Promise<void> {
  const g = globalThis as GlobalHolder;
  const h = g[KEY];
  if (stopping) {
    const gone: IndexAvailability = { state: 'unavailable', reason: stopping };
    g[KEY] = { availability: gone, opening: Promise.resolve(gone) };
  } else {
    g[KEY] = undefined;
  }
  const availability = h?.opening ? await h.opening : h?.availability;
  if (availability?.state !== 'ready') return;
  const { writer, db } = availability;
  try {
    await writer?.stop();
  } finally {
    await db.close();
  }
  if (writer) console.log(`index: closed; indexed ${indexedHeights(writer.status().chains)}`);
}
