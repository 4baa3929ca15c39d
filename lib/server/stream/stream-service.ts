/**
 * The event streams of a process: the feed (fed by the tips reads, lib/server/tips/), the replay
 * log, the open streams and their limits, and the poll that keeps the feed moving while anyone
 * listens. The process's one is ./process-stream.ts's; tests make their own over a devnet.
 *
 * Fed once per fleet: the process that reads the node for the tips drafts the entries from that
 * same read (no request of its own, but the heights a read skipped and, while a stream follows
 * them, a zone's txpool content in the same batch and its new blocks' receipts). With REDIS_URL
 * the feed's cursor and log are the fleet's (./fleet-feed.ts): whichever instance reads next
 * continues the sequence, and every instance fans the same entries out under the same ids.
 */
import type Redis from 'ioredis';
import type { ChainName } from '@/lib/protocol/chains';
import { logger } from '@/lib/ops/log';
import type { FeedEntry } from '@/lib/live/feed-entry';
import { formatPosition, newEpoch, parsePosition } from '@/lib/live/position';
import { RECONNECT_MS, sseRetry } from '@/lib/live/sse';
import type { StreamBlock } from '@/lib/live/stream-events';
import { describeSubscription, interestOf, type Subscription } from '@/lib/live/subscription';
import type { ChainReader } from '@/lib/server/node/reader';
import type { TipsRead } from '@/lib/server/tips/tips';
import { draftsOf } from './feed';
import { localFeedStore, type Committed } from './feed-store';
import { declareInterest, driveTheFeed, fleetFeedStore, fleetInterest, mirrorFleetFeed, type Interest } from './fleet-feed';
import { INSTANCE_ID } from '@/lib/ops/redis';
import { StreamHub, type StreamSink, type Subscriber } from './hub';
import { OpenStreams, type Admission } from './open-streams';
import { ReplayLog } from './replay-log';
import type { StreamConfig } from './stream-config';

export interface StreamServiceOptions {
  readonly config: StreamConfig;
  /** Reads the tips (and so feeds): getTips() in production, a test's own read in tests. */
  readonly poll: () => Promise<unknown>;
  readonly readerOf: (chain: ChainName) => ChainReader | undefined;
  readonly served: () => readonly ChainName[];
  readonly redis: () => Redis | undefined;
  /** How often the poll runs while anyone listens (the tips' own TTL decides how often it reads). */
  readonly pollMs?: number;
}

export interface StreamService {
  readonly config: StreamConfig;
  served(): readonly ChainName[];
  admit(client: string): Promise<Admission>;
  /** Opens a stream: replays from `lastEventId` when given, says `ready`, then goes live. */
  attach(subscription: Subscription, client: string, sink: StreamSink, lastEventId: string | undefined): Subscriber;
  detach(subscriber: Subscriber): void;
  /** The zones whose txpool content the next read should ask for. */
  wants(): Promise<ReadonlySet<ChainName>>;
  /** Drafts and commits the entries of a read; the feed's position after it. */
  ingest(read: TipsRead): Promise<string | undefined>;
  /** The position now (the id a page hands its stream to start after). */
  position(): string;
  /** The blocks in the replay window, oldest first (the pages drawn from the recent past). */
  recentBlocks(): readonly StreamBlock[];
  readonly open: number;
  /** Ends every stream with `end` and stops polling (SIGTERM). */
  stop(reason: string): void;
}

/** How long a fleet's record of a zone's interest lasts without renewal. */
const INTEREST_TTL_MS = 30_000;

export function createStreamService(options: StreamServiceOptions): StreamService {
  const { config } = options;
  const log = new ReplayLog(config.replay, newEpoch());
  const local = localFeedStore(log.epoch);
  const fleet = fleetFeedStore(options.redis, config.replay);
  const limits = new OpenStreams({ perClient: config.perClient, maxStreams: config.maxStreams, leaseMs: config.heartbeatMs * 3 + 5_000 }, options.redis);
  const hub = new StreamHub(config.heartbeatMs, () => undefined);
  const logs = logger().child({ component: 'stream' });
  let stopped = false;
  let polling = false;
  let lastLogsOf: ReadonlySet<ChainName> = new Set();
  /** Whether any stream (here or, with Redis, anywhere in the fleet) listens: else a read skipped by the feed is a gap, not a fetch. */
  let anyoneListens = false;
  let interestDeclaredAt = 0;

  const apply = (epoch: string, entries: readonly FeedEntry[]): boolean => {
    const added = log.append(epoch, entries);
    if (added === undefined) return false;
    hub.deliver(epoch, added);
    return true;
  };

  let stopMirror: (() => void) | undefined;
  const startMirror = () => {
    const redis = options.redis();
    if (!redis || stopMirror) return;
    stopMirror = mirrorFleetFeed(redis, {
      append: apply,
      replace: (epoch, entries, lastSeq) => {
        const before = { epoch: log.epoch, seq: log.lastSeq };
        log.replace(epoch, entries, lastSeq);
        // What the subscribers have not heard of the loaded log, once.
        hub.deliver(epoch, epoch === before.epoch ? log.window().filter((e) => e.seq > before.seq) : []);
      },
    });
  };
  startMirror();

  const localInterest = (): Interest[] => {
    const out = new Map<string, Interest>();
    if (hub.size > 0) out.set('blocks:all', { kind: 'blocks', chain: 'all' });
    for (const subscriber of hub.all()) {
      const { pool, logs: logZones } = interestOf(subscriber.subscription);
      for (const chain of pool) out.set(`pool:${chain}`, { kind: 'pool', chain });
      for (const chain of logZones) out.set(`logs:${chain}`, { kind: 'logs', chain });
    }
    return [...out.values()];
  };

  const declare = async (force = false) => {
    if (!force && Date.now() - interestDeclaredAt < INTEREST_TTL_MS / 3) return;
    interestDeclaredAt = Date.now();
    await declareInterest(options.redis(), localInterest(), INTEREST_TTL_MS);
  };

  // This service's name for the fleet's lease on polling (two services in one test process differ).
  const driverId = `${INSTANCE_ID}:${newEpoch()}`;
  const startPolling = () => {
    if (polling || stopped) return;
    polling = true;
    void (async () => {
      while (hub.size > 0 && !stopped) {
        await declare().catch(() => undefined);
        // In a fleet one instance polls for every stream (the others hear its entries); it
        // renews its lease each round, and another takes over when it stops.
        if (await driveTheFeed(options.redis(), driverId, (options.pollMs ?? 500) * 6 + 2_000)) await options.poll().catch(() => undefined);
        await limits.renew().catch(() => undefined);
        await new Promise((resolve) => setTimeout(resolve, options.pollMs ?? 500));
      }
      polling = false;
    })();
  };

  return {
    config,
    served: options.served,
    admit: (client) => limits.admit(client),

    attach(subscription, client, sink, lastEventId) {
      const subscriber = hub.add(subscription, client, sink, { epoch: log.epoch, seq: log.lastSeq });
      hub.sendText(subscriber, sseRetry(RECONNECT_MS));
      if (lastEventId !== undefined) {
        const position = parsePosition(lastEventId);
        const replay = position ? log.after(position) : ({ kind: 'gap', reason: 'unknown-id', entries: [] } as const);
        if (replay.kind === 'gap') {
          const resumesAfter = replay.entries.length > 0 ? replay.entries[0]!.seq - 1 : log.lastSeq;
          subscriber.after = { epoch: log.epoch, seq: resumesAfter };
          hub.sendControl(subscriber, subscriber.after, 'gap', { reason: replay.reason, lastEventId });
        } else if (position) {
          subscriber.after = position;
        }
        // It was live up to there: the gaps of pauses since are its news.
        subscriber.startedAt = subscriber.after.seq;
        hub.sendEntries(subscriber, log.epoch, replay.entries);
      }
      hub.sendControl(subscriber, { epoch: log.epoch, seq: log.lastSeq }, 'ready', {
        follows: describeSubscription(subscription),
        position: formatPosition({ epoch: log.epoch, seq: log.lastSeq }),
        replayWindow: config.replay,
        heartbeatMs: config.heartbeatMs,
      });
      if (interestOf(subscription).pool.length + interestOf(subscription).logs.length > 0) void declare(true);
      startPolling();
      return subscriber;
    },

    detach(subscriber) {
      hub.remove(subscriber);
    },

    async wants() {
      const all = [...localInterest(), ...(await fleetInterest(options.redis()))];
      anyoneListens = all.some((i) => i.kind === 'blocks');
      const zones = (kind: Interest['kind']) => new Set(all.flatMap((i) => (i.kind === kind && i.chain !== 'all' ? [i.chain] : [])));
      lastLogsOf = zones('logs');
      return zones('pool');
    },

    async ingest(read) {
      if (stopped || !config.enabled) return undefined;
      startMirror();
      // Heights a read skipped are fetched for listeners only: with nobody listening they are a gap.
      const context = { readerOf: options.readerOf, logsOf: lastLogsOf, maxFetch: anyoneListens || hub.size > 0 ? config.maxFetch : 0, now: Date.now };
      const step = (cursor: Parameters<typeof draftsOf>[1]) => draftsOf(read.chains, cursor, context);
      let committed: Committed | undefined = options.redis() ? await fleet.commit(step) : undefined;
      // Without Redis, or while it is away: this process's own feed.
      committed ??= await local.commit(step);
      if (!apply(committed.epoch, committed.entries)) logs.warn({ epoch: committed.epoch }, 'feed entries out of order; the log reloads');
      return formatPosition({ epoch: log.epoch, seq: log.lastSeq });
    },

    position: () => formatPosition({ epoch: log.epoch, seq: log.lastSeq }),

    recentBlocks: () => log.window().flatMap((entry) => (entry.kind === 'block' ? [entry.block] : [])),

    get open() {
      return limits.open;
    },

    stop(reason) {
      if (stopped) return;
      stopped = true;
      hub.closeAll((subscriber) => subscriber.after, reason);
      stopMirror?.();
    },
  };
}
