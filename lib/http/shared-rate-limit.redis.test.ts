/**
 * The fleet's rate limit against a real redis-server started here on a free port: two clients
 * stand for two explorer instances sharing it. Nothing is mocked.
 */
import Redis from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '@/e2e/support/ports';
import { startRedis, type RedisServer } from '@/e2e/support/redis';
import { sharedRedis } from '@/lib/shared/redis';
import { takeFromRedis, takeToken } from './shared-rate-limit';

let server: RedisServer;
let a: Redis;
let b: Redis;

beforeAll(async () => {
  server = await startRedis(await freePort());
  a = new Redis(server.url);
  b = new Redis(server.url);
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

describe('rate-limit buckets shared through Redis', () => {
  it('one budget for a client across two instances; another client keeps its own', async () => {
    const verdicts = [];
    for (let i = 0; i < 5; i++) verdicts.push(await takeFromRedis(i % 2 === 0 ? a : b, 'client-1', 5, 60));
    expect(verdicts.map((v) => (v.allowed ? v.remaining : -1))).toEqual([4, 3, 2, 1, 0]);
    expect(await takeFromRedis(b, 'client-1', 5, 60)).toEqual({ allowed: false, retryAfterSeconds: 1 });
    expect(await takeFromRedis(a, 'client-1', 5, 60)).toEqual({ allowed: false, retryAfterSeconds: 1 });
    expect(await takeFromRedis(b, 'client-2', 5, 60)).toEqual({ allowed: true, remaining: 4 });
  });

  it('refills at the configured rate and expires an idle bucket once it would be full', async () => {
    // 60 a minute: a token every second. (At 600, a token every 100 ms, the third take was refused
    // only if the three came within 100 ms, which a loaded machine does not promise.)
    expect((await takeFromRedis(a, 'client-3', 2, 60)).allowed).toBe(true);
    expect((await takeFromRedis(b, 'client-3', 2, 60)).allowed).toBe(true);
    expect((await takeFromRedis(a, 'client-3', 2, 60)).allowed).toBe(false);
    const ttl = await a.pttl('strata:rate:client-3');
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(2_000 + 1000);
    // Past the next token's time (waiting longer only refills more: the outcome does not depend on speed).
    await new Promise((r) => setTimeout(r, 1_100));
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
