/**
 * The rate limit's token buckets in Redis when REDIS_URL is set, so a client's budget is one for
 * the fleet instead of one per instance (behind a load balancer, N instances gave N budgets).
 * The same bucket as TokenBuckets (lib/http/rate-limit.ts), taken by one Lua script: atomic
 * across instances, timed by the Redis server's clock (the instances' clocks may disagree), and
 * expiring once the bucket would be full again (an idle client costs nothing).
 *
 * Redis stays a cache, not a dependency: without it, or when a command fails, the instance's own
 * buckets decide (lib/shared/redis.ts's tryRedis).
 */
import type Redis from 'ioredis';
import { tryRedis } from '@/lib/shared/redis';
import { rateLimiter, type Verdict } from './rate-limit';

const PREFIX = 'strata:rate:';

// KEYS[1] the bucket; ARGV burst, tokens per millisecond. Returns { 1, remaining } or { 0, retry-after seconds }.
const TAKE = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local burst = tonumber(ARGV[1])
local perMs = tonumber(ARGV[2])
local state = redis.call('HMGET', KEYS[1], 'tokens', 'at')
local tokens = tonumber(state[1]) or burst
local at = tonumber(state[2]) or now
tokens = math.min(burst, tokens + math.max(0, now - at) * perMs)
local allowed = 0
if tokens >= 1 then
  tokens = tokens - 1
  allowed = 1
end
redis.call('HSET', KEYS[1], 'tokens', tostring(tokens), 'at', now)
redis.call('PEXPIRE', KEYS[1], math.ceil((burst - tokens) / perMs) + 1000)
if allowed == 1 then
  return { 1, math.floor(tokens) }
end
return { 0, math.max(1, math.ceil((1 - tokens) / perMs / 1000)) }
`;

/** Takes one token from `key`'s bucket in Redis. Throws when Redis does. */
export async function takeFromRedis(redis: Redis, key: string, burst: number, perMinute: number): Promise<Verdict> {
  const [allowed, value] = (await redis.eval(TAKE, 1, `${PREFIX}${key}`, String(burst), String(perMinute / 60_000))) as [number, number];
  return allowed === 1 ? { allowed: true, remaining: value } : { allowed: false, retryAfterSeconds: value };
}

/** The verdict for `key`: the fleet's bucket in Redis when there is one that answers, else this instance's. */
export async function takeToken(key: string): Promise<Verdict> {
  const { config, buckets } = rateLimiter();
  const shared = await tryRedis((redis) => takeFromRedis(redis, key, config.burst, config.perMinute));
  return shared ?? buckets.take(key);
}
