/**
 * The feed shared by a fleet through Redis (REDIS_URL), so that node load and ids do not depend
 * on how many instances serve streams:
 *
 *   strata:stream:head      "<epoch>:<seq>", the newest entry committed
 *   strata:stream:cursor    the feed's cursor (lib/server/stream/feed.ts), JSON
 *   strata:stream:log       the last entries (the replay window), JSON each
 *   strata:stream:entries   the channel each commit is published on
 *   strata:stream:interest  zones whose txpool or logs some instance's streams need, with expiries
 *
 * The instance that reads the node for the fleet's tips (lib/server/tips/shared-tips.ts) drafts
 * the entries from its read and commits them in one script, which refuses when the head moved
 * since the cursor was read (another instance committed first: its entries stand, these are
 * dropped, and the next read starts from its cursor). Every instance mirrors the channel into its
 * own replay log and fans it out to its subscribers; one that missed a message (a reconnect, a
 * hole in the sequence) loads the log again.
 *
 * Redis stays a cache: when it does not answer, the instance feeds its own streams alone
 * (./stream-service.ts), as without REDIS_URL.
 */
import type Redis from 'ioredis';
import type { ChainName } from '@/lib/protocol/chains';
import { logger } from '@/lib/ops/log';
import type { FeedEntry } from '@/lib/live/feed-entry';
import { newEpoch } from '@/lib/live/position';
import type { FeedCursor } from './feed';
import { numbered, type FeedStore } from './feed-store';

const HEAD_KEY = 'strata:stream:head';
const CURSOR_KEY = 'strata:stream:cursor';
const LOG_KEY = 'strata:stream:log';
const CHANNEL = 'strata:stream:entries';
const INTEREST_KEY = 'strata:stream:interest';

/**
 * Commits when the head is still what the step read: KEYS head, cursor, log; ARGV expected
 * head ('none' when there was none), new head, cursor JSON, window, channel, epoch, entries…
 * A new epoch starts the log again.
 */
const COMMIT = `
local head = redis.call('GET', KEYS[1])
if (head or 'none') ~= ARGV[1] then return 0 end
if (not head) or string.match(head, '^([^:]+)') ~= ARGV[6] then redis.call('DEL', KEYS[3]) end
redis.call('SET', KEYS[1], ARGV[2])
redis.call('SET', KEYS[2], ARGV[3])
local n = #ARGV
if n >= 7 then
  for i = 7, n do redis.call('RPUSH', KEYS[3], ARGV[i]) end
  redis.call('LTRIM', KEYS[3], -tonumber(ARGV[4]), -1)
  redis.call('PUBLISH', ARGV[5], '{"epoch":"' .. ARGV[6] .. '","entries":[' .. table.concat(ARGV, ',', 7, n) .. ']}')
end
return 1
`;

function parseCursor(text: string | null | undefined): FeedCursor | undefined {
  if (!text) return undefined;
  try {
    const value = JSON.parse(text) as FeedCursor;
    return typeof value.epoch === 'string' && typeof value.seq === 'number' && typeof value.chains === 'object' ? value : undefined;
  } catch {
    return undefined;
  }
}

function parseHead(text: string | null | undefined): { epoch: string; seq: number } | undefined {
  const match = /^([a-z0-9]+):(\d+)$/.exec(text ?? '');
  return match ? { epoch: match[1]!, seq: Number(match[2]) } : undefined;
}

const ready = (redis: Redis | undefined): redis is Redis => redis !== undefined && redis.status === 'ready';

/** The feed's cursor in Redis; undefined from commit when Redis does not answer. */
export function fleetFeedStore(redis: () => Redis | undefined, window: number): FeedStore {
  return {
    async commit(step) {
      const client = redis();
      if (!ready(client)) return undefined;
      let head: string | null | undefined;
      let cursorText: string | null | undefined;
      try {
        [head, cursorText] = await client.mget(HEAD_KEY, CURSOR_KEY);
      } catch {
        return undefined;
      }
      const stored = parseCursor(cursorText);
      const current = parseHead(head);
      const cursor: FeedCursor = stored && current && stored.epoch === current.epoch && stored.seq === current.seq ? stored : { epoch: newEpoch(), seq: 0, chains: {}, pool: {} };
      const next = await step(cursor);
      const entries = numbered(next.drafts, cursor.seq);
      const nextCursor: FeedCursor = { ...next.cursor, epoch: cursor.epoch, seq: cursor.seq + entries.length };
      try {
        const done = await client.eval(
          COMMIT, 3, HEAD_KEY, CURSOR_KEY, LOG_KEY,
          head ?? 'none', `${cursor.epoch}:${nextCursor.seq}`, JSON.stringify(nextCursor), window, CHANNEL, cursor.epoch,
          ...entries.map((e) => JSON.stringify(e)),
        );
        return { epoch: cursor.epoch, entries: done === 1 ? entries : [] };
      } catch {
        return undefined;
      }
    },
  };
}

export interface FleetMirrorTarget {
  /** Entries heard on the channel; false when they do not follow what the log holds (load it again). */
  append(epoch: string, entries: readonly FeedEntry[]): boolean;
  /** The fleet's whole log, after a (re)connect or a hole. */
  replace(epoch: string, entries: readonly FeedEntry[], lastSeq: number): void;
}

/**
 * Mirrors the fleet's entries into `target`, on a connection of its own (a subscribed
 * connection can do nothing else). Returns the function that stops it.
 */
export function mirrorFleetFeed(redis: Redis, target: FleetMirrorTarget): () => void {
  const log = logger().child({ component: 'stream' });
  // A subscribing connection queues its SUBSCRIBE until connected and subscribes again after a reconnect.
  const subscriber = redis.duplicate({ enableOfflineQueue: true, commandTimeout: undefined });
  let loading: Promise<void> | undefined;
  const load = () => {
    loading ??= loadLog(redis)
      .then((loaded) => {
        if (loaded) target.replace(loaded.epoch, loaded.entries, loaded.lastSeq);
      })
      .catch((error: unknown) => log.warn({ error: error instanceof Error ? error.message : String(error) }, 'could not load the fleet\'s stream log'))
      .finally(() => {
        loading = undefined;
      });
    return loading;
  };
  subscriber.on('error', () => undefined); // the shared client logs Redis's state (lib/ops/redis.ts)
  subscriber.on('ready', () => void load());
  subscriber.on('message', (channel: string, message: string) => {
    if (channel !== CHANNEL) return;
    try {
      const { epoch, entries } = JSON.parse(message) as { epoch: string; entries: FeedEntry[] };
      if (!target.append(epoch, entries)) void load();
    } catch {
      void load();
    }
  });
  void subscriber.subscribe(CHANNEL).catch(() => undefined);
  return () => subscriber.disconnect();
}

async function loadLog(redis: Redis): Promise<{ epoch: string; entries: FeedEntry[]; lastSeq: number } | undefined> {
  if (!ready(redis)) return undefined;
  const [head, texts] = await Promise.all([redis.get(HEAD_KEY), redis.lrange(LOG_KEY, 0, -1)]);
  const current = parseHead(head);
  if (!current) return undefined;
  const entries = texts.flatMap((text) => {
    try {
      return [JSON.parse(text) as FeedEntry];
    } catch {
      return [];
    }
  });
  return { epoch: current.epoch, entries, lastSeq: current.seq };
}

/** A zone's txpool, a zone's receipts, or any stream at all ('blocks', chain 'all'). */
export type InterestKind = 'pool' | 'logs' | 'blocks';
export interface Interest {
  readonly kind: InterestKind;
  readonly chain: ChainName | 'all';
}

/** Says, for `ttlMs`, that this instance's streams need these read. */
export async function declareInterest(redis: Redis | undefined, zones: readonly Interest[], ttlMs: number): Promise<void> {
  if (!ready(redis) || zones.length === 0) return;
  const until = Date.now() + ttlMs;
  await redis.hset(INTEREST_KEY, Object.fromEntries(zones.map((z) => [`${z.kind}:${z.chain}`, String(until)]))).catch(() => undefined);
}

/** What any instance's streams need read now. */
export async function fleetInterest(redis: Redis | undefined): Promise<readonly Interest[]> {
  if (!ready(redis)) return [];
  const all = await redis.hgetall(INTEREST_KEY).catch(() => ({}) as Record<string, string>);
  const now = Date.now();
  const out: Interest[] = [];
  const stale: string[] = [];
  for (const [field, until] of Object.entries(all)) {
    const [kind, chain] = field.split(':');
    if (Number(until) < now) stale.push(field);
    else if ((kind === 'pool' || kind === 'logs' || kind === 'blocks') && chain) out.push({ kind, chain: chain as ChainName | 'all' });
  }
  if (stale.length > 0) await redis.hdel(INTEREST_KEY, ...stale).catch(() => undefined);
  return out;
}

const DRIVER_KEY = 'strata:stream:driver';

/** Takes the lease (KEYS[1]) when free, or renews it when this instance holds it (ARGV id, ms). */
const LEASE = `
local holder = redis.call('GET', KEYS[1])
if holder and holder ~= ARGV[1] then return 0 end
redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2])
return 1
`;

/**
 * Whether this instance polls the tips for the fleet's streams: one instance at a time does
 * (a lease renewed at each poll, `ms` long), so the reads that feed every stream come from one
 * process, its recent blocks cached, as they would alone; when it stops, another takes over
 * within `ms`. True without Redis (or while it is away): then each instance feeds its own.
 */
export async function driveTheFeed(redis: Redis | undefined, id: string, ms: number): Promise<boolean> {
  if (!ready(redis)) return true;
  try {
    return (await redis.eval(LEASE, 1, DRIVER_KEY, id, ms)) === 1;
  } catch {
    return true;
  }
}
