import { describe, expect, test } from 'vitest';
import { ConfigError } from '@/lib/config';
import { clientKey, isNodeWorkRoute, loadRateLimitConfig, TokenBuckets } from './rate-limit';

describe('token buckets', () => {
  test('behavior: a client spends its burst, then waits for the refill; clients are apart', () => {
    let now = 0;
    const buckets = new TokenBuckets(3, 60, () => now); // one token a second
    expect([1, 2, 3].map(() => buckets.take('a').allowed)).toEqual([true, true, true]);
    expect(buckets.take('a')).toEqual({ allowed: false, retryAfterSeconds: 1 });
    expect(buckets.take('b').allowed).toBe(true);
    now += 1_000;
    expect(buckets.take('a').allowed).toBe(true);
    expect(buckets.take('a').allowed).toBe(false);
    now += 60_000; // refills to the burst, never beyond it
    expect([1, 2, 3, 4].map(() => buckets.take('a').allowed)).toEqual([true, true, true, false]);
  });

  test('behavior: Retry-After is the whole seconds until the next token', () => {
    let now = 0;
    const buckets = new TokenBuckets(1, 6, () => now); // one token per 10 s
    expect(buckets.take('a').allowed).toBe(true);
    now += 2_500;
    expect(buckets.take('a')).toEqual({ allowed: false, retryAfterSeconds: 8 });
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

  test('args: which routes are limited', () => {
    expect(isNodeWorkRoute('GET', '/search')).toBe(true);
    expect(isNodeWorkRoute('POST', '/api/broadcast')).toBe(true);
    expect(isNodeWorkRoute('POST', '/api/address/0x00000000000000000000000000000000000000aa/call')).toBe(true);
    expect(isNodeWorkRoute('GET', '/api/tips')).toBe(false);
    expect(isNodeWorkRoute('GET', '/chain/cyprus1')).toBe(false);
  });

  test('config: defaults, overrides, and a bad value names its variable', () => {
    expect(loadRateLimitConfig({})).toEqual({ enabled: true, burst: 30, perMinute: 60, trustedProxies: 0 });
    expect(loadRateLimitConfig({ STRATA_RATE_LIMIT: 'off', STRATA_RATE_BURST: '5', STRATA_TRUSTED_PROXIES: '1' })).toMatchObject({ enabled: false, burst: 5, trustedProxies: 1 });
    expect(() => loadRateLimitConfig({ STRATA_RATE_BURST: '0' })).toThrow(ConfigError);
    expect(() => loadRateLimitConfig({ STRATA_RATE_PER_MINUTE: 'lots' })).toThrow(/STRATA_RATE_PER_MINUTE/);
  });
});
