/**
 * The rate limit's budgets in Redis when REDIS_URL is set, so a client's budget is one for the
 * fleet instead of one per instance (behind a load balancer, N instances gave N budgets).
 * rate-limiter-flexible's RateLimiterRedis counts with the same window as the memory limiter
 * (lib/http/rate-limit.ts), in one Lua script: atomic across instances, the window timed by the
 * Redis server's expiry (the instances' clocks may disagree), and an idle client's key gone when
 * its window ends.
 *
 * Redis stays a cache, not a dependency: while it is not ready, or when a command fails, the
 * instance's memory limiter decides (the library's insurance limiter), so nothing waits on it.
 */
import type Redis from 'ioredis';
import { RateLimiterRedis, type RateLimiterMemory } from 'rate-limiter-flexible';
import { sharedRedis } from '@/lib/ops/redis';
import { KEY_PREFIX, rateLimiter, take, windowSeconds, type RateLimitConfig, type Verdict } from './rate-limit';

/** A limiter on `redis`'s budgets; `insurance` decides while Redis cannot. */
export function redisLimiter(redis: Redis, config: Pick<RateLimitConfig, 'burst' | 'perMinute'>, insurance?: RateLimiterMemory): RateLimiterRedis {
  return new RateLimiterRedis({
    storeClient: redis,
    points: config.burst,
    duration: windowSeconds(config),
    keyPrefix: KEY_PREFIX,
    insuranceLimiter: insurance,
    // Not connected: the insurance answers at once instead of a command that would fail anyway.
    rejectIfRedisNotReady: true,
  });
}

/** The fleet's limiter, made on the first request with Redis (proxy.ts alone spends budgets). */
let shared: RateLimiterRedis | undefined;

/** The verdict for `key`: the fleet's budget in Redis when there is Redis, else (or while it is away) this instance's. */
export function takeToken(key: string): Promise<Verdict> {
  const { config, memory } = rateLimiter();
  const redis = sharedRedis();
  if (!redis) return take(memory, key);
  shared ??= redisLimiter(redis, config, memory);
  return take(shared, key);
}
