/**
 * The fleet's copies, when REDIS_URL is set: instances of one build share what they render.
 *
 *   immutable, when-final   kept in Redis for a week (a CDN's stale-while-revalidate): an answer
 *                           one instance rendered is served by the others without a render
 *   per-tip                 kept a minute (a tips snapshot lives 2 s), rendered once for the
 *                           fleet: the instance that takes a short lock renders and publishes,
 *                           the others wait for the message (no polling), then read the copy;
 *                           the renderer renews its lease while it renders, so a renderer that
 *                           dies is waited for no longer than LOCK_MS
 *
 * Keys carry the build id: a page names its build's script files, another build's copy would load
 * scripts this one does not serve. Redis is a cache, never a dependency: without an answer from
 * it an instance renders alone (lib/ops/redis.ts).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type Redis from 'ioredis';
import { recordCacheLookup } from '@/lib/ops/metrics';
import { INSTANCE_ID, sharedRedis, tryRedis } from '@/lib/ops/redis';
import type { Answer } from './answer';
import type { RenderResult } from './render';
import type { CopyKey } from './store';

/** The build's id (.next/BUILD_ID beside the server, in the repository and in the standalone folder alike). */
export function buildId(): string {
  try {
    return readFileSync(join(process.cwd(), '.next', 'BUILD_ID'), 'utf8').trim();
  } catch {
    return 'dev';
  }
}

/** Read once the server runs in its app directory (server.ts changes to it). */
let build: string | undefined;
const prefix = () => `strata:answer:${(build ??= buildId())}:`;
const channel = () => `strata:answer-ready:${(build ??= buildId())}`;
/** The lock's lease: longer than a render takes on a loaded machine; released when the render ends. */
const LOCK_MS = 10_000;

const keyOf = (key: CopyKey) => `${prefix()}${key.url}#${key.variant}`;

/** An answer as bytes: its fields as a JSON line, then the body. */
function encode(answer: Answer): Buffer {
  const { body, gzipped, ...meta } = answer;
  return Buffer.concat([Buffer.from(`${JSON.stringify({ ...meta, gzip: gzipped !== undefined })}\n`), gzipped ?? body ?? Buffer.alloc(0)]);
}

function decode(bytes: Buffer | null | undefined): Answer | undefined {
  if (!bytes) return undefined;
  const line = bytes.indexOf(0x0a);
  if (line < 0) return undefined;
  try {
    const meta = JSON.parse(bytes.subarray(0, line).toString('utf8')) as Omit<Answer, 'body' | 'gzipped'> & { gzip: boolean };
    if (typeof meta.etag !== 'string' || typeof meta.storedAt !== 'number' || ![200, 307, 308].includes(meta.status)) return undefined;
    const content = Buffer.from(bytes.subarray(line + 1));
    const { gzip, ...fields } = meta;
    return gzip ? { ...fields, gzipped: content } : { ...fields, body: content };
  } catch {
    return undefined;
  }
}

/** The fleet's copy of `key`, if Redis has one. */
export async function readShared(key: CopyKey, cacheName: string): Promise<Answer | undefined> {
  if (!sharedRedis()) return undefined;
  const answer = decode(await tryRedis((r) => r.getBuffer(keyOf(key))));
  recordCacheLookup(`shared-${cacheName}`, answer !== undefined);
  return answer;
}

export async function writeShared(key: CopyKey, answer: Answer, ttlSeconds: number): Promise<void> {
  await tryRedis((r) => r.set(keyOf(key), encode(answer), 'EX', ttlSeconds));
}

/** Resolvers waiting for a copy another instance renders, by Redis key. */
const waiters = new Map<string, Set<() => void>>();
let subscriber: Promise<Redis | undefined> | undefined;

/** How long a new subscriber connection may take to be ready (the shared client's connectTimeout). */
const CONNECT_MS = 2_000;

/** Resolves once `connection` is ready; rejects after CONNECT_MS. */
function ready(connection: Redis): Promise<void> {
  if (connection.status === 'ready') return Promise.resolve();
  return new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('the subscriber did not connect')), CONNECT_MS);
    connection.once('ready', () => {
      clearTimeout(timer);
      resolve();
    });
  });
}

/** One subscription per process to the channel renderers publish on. */
function subscribed(): Promise<Redis | undefined> {
  subscriber ??= (async () => {
    const redis = sharedRedis();
    if (!redis) return undefined;
    const connection = redis.duplicate();
    connection.on('error', () => undefined); // the shared client reports Redis's failures
    connection.on('message', (_channel: string, key: string) => {
      for (const wake of waiters.get(key) ?? []) wake();
      waiters.delete(key);
    });
    try {
      // Its offline queue is off, as the shared client's: a command sent before it connects fails.
      await ready(connection);
      await connection.subscribe(channel());
    } catch (error) {
      connection.disconnect();
      throw error;
    }
    return connection;
  })().catch(() => {
    subscriber = undefined;
    return undefined;
  });
  return subscriber;
}

/** Resolves when a renderer publishes `redisKey`, or after `ms`. */
function published(redisKey: string, ms: number): { readonly done: Promise<void>; readonly cancel: () => void } {
  let wake: () => void = () => undefined;
  const done = new Promise<void>((resolve) => (wake = resolve));
  const set = waiters.get(redisKey) ?? new Set();
  waiters.set(redisKey, set.add(wake));
  const timer = setTimeout(wake, ms);
  const cancel = () => {
    clearTimeout(timer);
    set.delete(wake);
    if (set.size === 0 && waiters.get(redisKey) === set) waiters.delete(redisKey);
  };
  void done.then(cancel);
  return { done, cancel };
}

/**
 * A copy rendered once for the fleet: the fleet's, or rendered here under the lock and published,
 * or awaited from the instance holding the lock. `fromFleet` is set when the copy came from Redis.
 */
export async function renderForFleet(key: CopyKey, cacheName: string, ttlSeconds: number, render: () => Promise<RenderResult>, fromFleet: () => void): Promise<RenderResult> {
  const redis = await subscribed();
  if (!redis) return render();
  const redisKey = keyOf(key);
  const shared = await readShared(key, cacheName);
  if (shared) {
    fromFleet();
    return { kind: 'kept', answer: shared };
  }
  const lockKey = `${redisKey}:lock`;
  const lock = await tryRedis((r) => r.set(lockKey, INSTANCE_ID, 'PX', LOCK_MS, 'NX'));
  if (lock === 'OK') {
    // The lease is renewed while the render runs (a loaded machine renders slowly); it lapses
    // LOCK_MS after a renderer dies.
    const lease = setInterval(() => void tryRedis((r) => r.pexpire(lockKey, LOCK_MS)), LOCK_MS / 2);
    try {
      // Written by an instance that held the lock between our first look and our taking it.
      const written = await readShared(key, cacheName);
      if (written) {
        fromFleet();
        return { kind: 'kept', answer: written };
      }
      const result = await render();
      if (result.kind === 'kept') await writeShared(key, result.answer, ttlSeconds);
      return result;
    } finally {
      clearInterval(lease);
      await tryRedis((r) => r.del(lockKey));
      // Also when nothing was kept: the waiters then render themselves rather than wait out the lease.
      await tryRedis((r) => r.publish(channel(), redisKey));
    }
  }
  if (lock === undefined) return render();
  // Another instance renders it: wait for its message (registered before looking again, so a
  // message sent in between is not missed), then read its copy; while its lease holds, wait on.
  for (;;) {
    const wait = published(redisKey, LOCK_MS);
    const late = await readShared(key, cacheName);
    if (late) {
      wait.cancel();
      fromFleet();
      return { kind: 'kept', answer: late };
    }
    await wait.done;
    const copy = await readShared(key, cacheName);
    if (copy) {
      fromFleet();
      return { kind: 'kept', answer: copy };
    }
    const rendering = await tryRedis((r) => r.exists(lockKey));
    if (rendering !== 1) return render();
  }
}
