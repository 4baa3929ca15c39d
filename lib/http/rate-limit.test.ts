import { describe, expect, test } from 'vitest';
import { ConfigError } from '@/lib/ops/config';
import { clientKey, loadRateLimitConfig, memoryLimiter, take, windowSeconds } from './rate-limit';

describe('rate limit', () => {
  test('behavior: a client spends its burst, then is refused until its window ends; clients are apart', async () => {
    const limiter = memoryLimiter({ burst: 3, perMinute: 60 }); // 3 per 3-second window
    const verdicts = [];
    for (let i = 0; i < 3; i++) verdicts.push(await take(limiter, 'a'));
    expect(verdicts).toEqual([2, 1, 0].map((remaining) => ({ allowed: true, remaining })));
    const refused = await take(limiter, 'a');
    expect(refused.allowed).toBe(false);
    if (!refused.allowed) expect(refused.retryAfterSeconds).toBeGreaterThanOrEqual(1);
    if (!refused.allowed) expect(refused.retryAfterSeconds).toBeLessThanOrEqual(3);
    expect((await take(limiter, 'b')).allowed).toBe(true);
    // The window ends when Retry-After said: the burst again, never beyond it.
    await expect.poll(async () => (await take(limiter, 'a')).allowed, { timeout: 5_000, interval: 200 }).toBe(true);
    const next = [];
    for (let i = 0; i < 3; i++) next.push((await take(limiter, 'a')).allowed);
    expect(next).toEqual([true, true, false]);
  });

  test('behavior: Retry-After is the whole seconds until the window ends', async () => {
    const limiter = memoryLimiter({ burst: 1, perMinute: 6 }); // 1 per 10-second window
    expect((await take(limiter, 'a')).allowed).toBe(true);
    const refused = await take(limiter, 'a');
    expect(refused.allowed).toBe(false);
    if (!refused.allowed) expect([9, 10]).toContain(refused.retryAfterSeconds);
  });

  test('args: the window is burst × 60 / perMinute seconds, whole, at least one', () => {
    expect(windowSeconds({ burst: 30, perMinute: 60 })).toBe(30);
    expect(windowSeconds({ burst: 3, perMinute: 1 })).toBe(180);
    expect(windowSeconds({ burst: 5, perMinute: 7 })).toBe(43);
    expect(windowSeconds({ burst: 1, perMinute: 600 })).toBe(1);
  });

  test('args: with no trusted proxy the client is the socket, whatever X-Forwarded-For says', () => {
    expect(clientKey('10.9.0.1', '192.0.2.5', 0)).toBe('192.0.2.5');
    expect(clientKey(undefined, '::ffff:127.0.0.1', 0)).toBe('127.0.0.1');
    expect(clientKey('10.9.0.1', undefined, 0)).toBe('unknown');
  });
  test('args: with N trusted proxies the client is the Nth address from the right of X-Forwarded-For', () => {
    const chain = '10.9.0.1, 203.0.113.7, 10.0.0.2';
    expect(clientKey(chain, '10.0.0.3', 1)).toBe('10.0.0.2');
    expect(clientKey(chain, '10.0.0.3', 2)).toBe('203.0.113.7');
    // More trusted proxies than hops: the leftmost, which the client wrote (docs/deploy.md).
    expect(clientKey(chain, '10.0.0.3', 5)).toBe('10.9.0.1');
    // No header at all: the request came straight to the socket.
    expect(clientKey(undefined, '192.0.2.5', 1)).toBe('192.0.2.5');
  });

  test('args: an IPv6 client is its /64 (configurable), wherever its address comes from; IPv4 is the address', () => {
    // Two addresses of one /64 (a privacy address each) are one client; the next /64 is another.
    expect(clientKey(undefined, '2001:db8:0:1:aaaa::1', 0)).toBe('2001:db8:0:1::/64');
    expect(clientKey(undefined, '2001:0db8:0000:0001:ffff:ffff:ffff:ffff', 0)).toBe('2001:db8:0:1::/64');
    expect(clientKey(undefined, '2001:db8:0:2::1', 0)).toBe('2001:db8:0:2::/64');
    // Through a trusted proxy, and with a zone index or brackets.
    expect(clientKey('2001:db8:0:1::7, 10.0.0.2', '10.0.0.3', 2)).toBe('2001:db8:0:1::/64');
    expect(clientKey(undefined, 'fe80::1%eth0', 0)).toBe('fe80::/64');
    expect(clientKey(undefined, '[2001:db8::1]', 0)).toBe('2001:db8::/64');
    // Another prefix; 128 keeps the address whole.
    expect(clientKey(undefined, '2001:db8:abcd:12ff::1', 0, 56)).toBe('2001:db8:abcd:1200::/56');
    expect(clientKey(undefined, '2001:db8::1', 0, 128)).toBe('2001:db8::1');
    // IPv4, mapped IPv4 and what is not an address stay as they are.
    expect(clientKey(undefined, '192.0.2.5', 0)).toBe('192.0.2.5');
    expect(clientKey(undefined, '::ffff:192.0.2.5', 0)).toBe('192.0.2.5');
    expect(clientKey('::ffff:203.0.113.9', '10.0.0.3', 1)).toBe('203.0.113.9');
    expect(clientKey(undefined, undefined, 0)).toBe('unknown');
    expect(clientKey('not:an:address:at:all', '10.0.0.3', 1)).toBe('not:an:address:at:all');
  });

  test('config: defaults, overrides, and a bad value names its variable', () => {
    expect(loadRateLimitConfig({})).toEqual({ enabled: true, burst: 30, perMinute: 60, trustedProxies: 0, ipv6Prefix: 64 });
    expect(loadRateLimitConfig({ STRATA_RATE_IPV6_PREFIX: '48' }).ipv6Prefix).toBe(48);
    expect(() => loadRateLimitConfig({ STRATA_RATE_IPV6_PREFIX: '129' })).toThrow(/STRATA_RATE_IPV6_PREFIX.*from 1 to 128/);
    expect(loadRateLimitConfig({ STRATA_RATE_LIMIT: 'off', STRATA_RATE_BURST: '5', STRATA_TRUSTED_PROXIES: '1' })).toMatchObject({ enabled: false, burst: 5, trustedProxies: 1 });
    expect(() => loadRateLimitConfig({ STRATA_RATE_BURST: '0' })).toThrow(ConfigError);
    expect(() => loadRateLimitConfig({ STRATA_RATE_PER_MINUTE: 'lots' })).toThrow(/STRATA_RATE_PER_MINUTE/);
  });
});
