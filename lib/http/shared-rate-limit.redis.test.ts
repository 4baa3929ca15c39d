/**
 * The fleet's rate limit against a real redis-server started here on a free port: two clients
 * stand for two explorer instances sharing it. Nothing is mocked.
 */
import Redis from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '@/e2e/support/ports';
import { startRedis, type RedisServer } from '@/e2e/support/redis';
import { sharedRedis } from '@/lib/ops/redis';
import { take } from './rate-limit';
import { redisLimiter, takeToken } from './shared-rate-limit';

let server: RedisServer;
let a: Redis;
let b: Redis;

beforeAll(async () => {
  server = await startRedis(await freePort());
  a = new Redis(server.url);
  b = new Redis(server.url);
  // Connected before the first take: the limiter answers from its insurance while Redis is not ready.
  await Promise.all([a.ping(), b.ping()]);
  // The process's own limiter (takeToken) shares this server with a small budget.
  process.env.REDIS_URL = server.url;
  process.env.STRATA_RATE_BURST = '3';
  process.env.STRATA_RATE_PER_MINUTE = '60';
}, 20_000);

afterAll(async () => {
  a?.disconnect();
  b?.disconnect();
  sharedRedis()?.disconnect();
  await server?.stop();
});

/** `key`'s verdict from the budgets in Redis as instance `redis` sees them (a limiter per call, as each instance has its own). */
const takeFromRedis = (redis: Redis, key: string, burst: number, perMinute: number) => take(redisLimiter(redis, { burst, perMinute }), key);

describe('rate-limit budgets shared through Redis', () => {
  it('one budget for a client across two instances; another client keeps its own', async () => {
    const verdicts = [];
    for (let i = 0; i < 5; i++) verdicts.push(await takeFromRedis(i % 2 === 0 ? a : b, 'client-1', 5, 60));
    expect(verdicts.map((v) => (v.allowed ? v.remaining : -1))).toEqual([4, 3, 2, 1, 0]);
    // Refused until the 5-second window (5 × 60 / 60) ends, whichever instance asks.
    for (const instance of [b, a]) {
      const refused = await takeFromRedis(instance, 'client-1', 5, 60);
      expect(refused.allowed).toBe(false);
      if (!refused.allowed) expect(refused.retryAfterSeconds).toBeGreaterThanOrEqual(1);
      if (!refused.allowed) expect(refused.retryAfterSeconds).toBeLessThanOrEqual(5);
    }
    expect(await takeFromRedis(b, 'client-2', 5, 60)).toEqual({ allowed: true, remaining: 4 });
  });

  it('a new window at the configured time, and an idle budget expires with its window', async () => {
    // 2 per 2-second window (2 × 60 / 60).
    expect((await takeFromRedis(a, 'client-3', 2, 60)).allowed).toBe(true);
    expect((await takeFromRedis(b, 'client-3', 2, 60)).allowed).toBe(true);
    expect((await takeFromRedis(a, 'client-3', 2, 60)).allowed).toBe(false);
    const ttl = await a.pttl('strata:rate:client-3');
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(2_000);
    // Once Redis expired the window, the budget is whole again, for every instance.
    await expect.poll(() => a.exists('strata:rate:client-3'), { timeout: 5_000, interval: 100 }).toBe(0);
    expect((await takeFromRedis(b, 'client-3', 2, 60)).allowed).toBe(true);
  });

  it('the proxy’s takeToken uses Redis when REDIS_URL answers, and this instance alone when it does not', async () => {
    await expect.poll(() => sharedRedis()?.status, { timeout: 5_000 }).toBe('ready');
    for (let i = 0; i < 3; i++) expect((await takeToken('client-4')).allowed).toBe(true);
    expect((await takeToken('client-4')).allowed).toBe(false);
    // The bucket is the fleet's: another instance sees it empty.
    expect((await takeFromRedis(a, 'client-4', 3, 60)).allowed).toBe(false);

    // Redis gone: this instance's own buckets decide (a fresh budget here), requests still answered.
    await server.stop();
    await expect.poll(() => sharedRedis()?.status, { timeout: 5_000 }).not.toBe('ready');
    const local = [];
    for (let i = 0; i < 4; i++) local.push((await takeToken('client-4')).allowed);
    expect(local).toEqual([true, true, true, false]);
  });
});
