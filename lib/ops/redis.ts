/**
 * The fleet's shared state, when REDIS_URL is set (redis://[user:password@]host:port[/db]):
 * several explorer instances then share kept pages (lib/server/page-cache/fleet.ts) and one tip
 * poller (lib/server/tips/tips-source.ts). Without it everything stays in process.
 *
 * Redis is a cache here, never a dependency: every command has a short timeout, and a failed
 * command makes the caller fall back to what it does alone (a local read of the node, no
 * stored page). Commands are not queued while disconnected, so an outage costs no waiting.
 */
import Redis from 'ioredis';
import { logger } from '@/lib/ops/log';
import { processWide } from './process-wide';

/** The process's Redis client (one connection for every bundle), or undefined without REDIS_URL. */
export function sharedRedis(): Redis | undefined {
  return processWide('redis', connect);
}

function connect(): Redis | undefined {
  const url = process.env.REDIS_URL?.trim();
  if (!url) return undefined;
  const client = new Redis(url, { commandTimeout: 500, connectTimeout: 2_000, maxRetriesPerRequest: 1, enableOfflineQueue: false });
  // ioredis reconnects by itself; say so once per failure kind rather than crash the process.
  // The logger redacts the URL's credentials (lib/ops/log.ts).
  const log = logger().child({ component: 'redis' });
  let lastError = '';
  client.on('error', (error: Error) => {
    if (error.message !== lastError) log.warn({ redis: url, error: error.message }, 'redis unavailable, serving from this instance alone');
    lastError = error.message;
  });
  client.on('ready', () => {
    lastError = '';
  });
  return client;
}

/** Runs a Redis command; undefined when there is no Redis or it failed (the caller goes on alone). */
export async function tryRedis<T>(command: (redis: Redis) => Promise<T>): Promise<T | undefined> {
  const redis = sharedRedis();
  if (!redis || redis.status !== 'ready') return undefined;
  try {
    return await command(redis);
  } catch {
    return undefined;
  }
}

/** A name for this process in the fleet (lock owner). */
export const INSTANCE_ID = `${process.pid}-${Math.random().toString(36).slice(2, 10)}`;
