/**
 * The per-client budget for the routes that make the node work (search, /api/broadcast,
 * /api/address/<a>/call), counted by rate-limiter-flexible: each client may make `burst` requests
 * per window of burst × 60 / perMinute seconds (windowSeconds), and a client past it is answered
 * 429 with Retry-After (the seconds until its window ends). In this process's memory; with
 * REDIS_URL the fleet shares the budgets in Redis instead (shared-rate-limit.ts), and the memory
 * limiter decides only while Redis is away.
 *
 *   STRATA_RATE_LIMIT       "off" turns the limit off (default on)
 *   STRATA_RATE_BURST       requests a client may make at once, per window (default 30)
 *   STRATA_RATE_PER_MINUTE  the average it may keep up, per minute (default 60)
 *   STRATA_TRUSTED_PROXIES  proxies in front of the explorer that append to X-Forwarded-For
 *                           (default 0); the client is the address that many hops from the right
 *   STRATA_RATE_IPV6_PREFIX the bits of an IPv6 address that name one client (default 64: a /64
 *                           is one budget, client-prefix.ts; 128 keys each address apart)
 */
import { RateLimiterMemory, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { ConfigError } from '@/lib/ops/config';
import { clientNetwork } from './client-prefix';

export interface RateLimitConfig {
  readonly enabled: boolean;
  readonly burst: number;
  readonly perMinute: number;
  readonly trustedProxies: number;
  /** The leading bits of an IPv6 address that are one client (64: its /64). */
  readonly ipv6Prefix: number;
}

type Env = Readonly<Record<string, string | undefined>>;

function positiveInt(env: Env, name: string, fallback: number, min: number, max = Number.MAX_SAFE_INTEGER): number {
  const raw = env[name]?.trim();
  if (!raw) return fallback;
  if (!/^\d+$/.test(raw) || Number(raw) < min || Number(raw) > max) {
    throw new ConfigError(name, `must be a whole number ${max === Number.MAX_SAFE_INTEGER ? `≥ ${min}` : `from ${min} to ${max}`}, got "${raw}"`);
  }
  return Number(raw);
}

export function loadRateLimitConfig(env: Env = process.env): RateLimitConfig {
  const switchValue = env.STRATA_RATE_LIMIT?.trim().toLowerCase();
  if (switchValue && switchValue !== 'on' && switchValue !== 'off') throw new ConfigError('STRATA_RATE_LIMIT', `must be on or off, got "${switchValue}"`);
  return {
    enabled: switchValue !== 'off',
    burst: positiveInt(env, 'STRATA_RATE_BURST', 30, 1),
    perMinute: positiveInt(env, 'STRATA_RATE_PER_MINUTE', 60, 1),
    trustedProxies: positiveInt(env, 'STRATA_TRUSTED_PROXIES', 0, 0),
    ipv6Prefix: positiveInt(env, 'STRATA_RATE_IPV6_PREFIX', 64, 1, 128),
  };
}

/**
 * The header that carries the client's address from the Node server to proxy.ts, which cannot
 * see the socket (Next 15 removed request.ip). lib/server/request-path/client-address.ts sets it on every
 * request before Next routes it, replacing whatever a client sent under that name, so proxy.ts
 * can believe it.
 */
export const CLIENT_HEADER = 'x-strata-client';

/**
 * The client a request comes from: the socket's address, unless proxies are trusted. Each trusted
 * proxy appends the address it saw to X-Forwarded-For, so with N of them the client is the Nth
 * address from the right; everything left of that was written by the client and proves nothing.
 * With 0 the header is ignored: Next only fills it when it is absent, so a client could otherwise
 * name a new self on every request and never run out of budget. An IPv6 client is its network
 * (`ipv6Prefix` bits, a /64 by default: client-prefix.ts), for the same reason.
 */
export function clientKey(forwardedFor: string | undefined, socketAddress: string | undefined, trustedProxies: number, ipv6Prefix = 64): string {
  return clientNetwork(clientAddressOf(forwardedFor, socketAddress, trustedProxies), ipv6Prefix);
}

function clientAddressOf(forwardedFor: string | undefined, socketAddress: string | undefined, trustedProxies: number): string {
  const socket = socketAddress ? unmapIpv4(socketAddress) : 'unknown';
  if (trustedProxies === 0) return socket;
  const hops = (forwardedFor ?? '').split(',').map((h) => h.trim()).filter((h) => h !== '');
  // Fewer hops than trusted proxies: the request did not come through all of them; the leftmost
  // address is the best there is (docs/deploy.md says why too many trusted proxies is unsafe).
  if (hops.length === 0) return socket;
  return unmapIpv4(hops[Math.max(0, hops.length - trustedProxies)] ?? socket);
}

/** "::ffff:127.0.0.1" → "127.0.0.1": one client, one key, whichever way the socket spells it. */
function unmapIpv4(address: string): string {
  return address.startsWith('::ffff:') && address.includes('.') ? address.slice(7) : address;
}

export type Verdict = { readonly allowed: true; readonly remaining: number } | { readonly allowed: false; readonly retryAfterSeconds: number };

/**
 * The window a client's budget is counted over: `burst` requests per window of
 * burst × 60 / perMinute seconds (30 s with the defaults), so the average is `perMinute` and a
 * client starts with `burst` at once. Whole seconds, at least one: Redis expires keys by the second.
 */
export function windowSeconds(config: Pick<RateLimitConfig, 'burst' | 'perMinute'>): number {
  return Math.max(1, Math.round((config.burst * 60) / config.perMinute));
}

/** The bucket keys' prefix, in memory and in Redis (`strata:rate:<client>`). */
export const KEY_PREFIX = 'strata:rate';

/** A limiter in this process's memory: a record per client, dropped when its window ends. */
export function memoryLimiter(config: Pick<RateLimitConfig, 'burst' | 'perMinute'>): RateLimiterMemory {
  return new RateLimiterMemory({ points: config.burst, duration: windowSeconds(config), keyPrefix: KEY_PREFIX });
}

/**
 * Takes one request from `key`'s budget: allowed with what is left, or refused with the whole
 * seconds until the window ends (Retry-After). A store's failure is thrown.
 */
export async function take(limiter: RateLimiterAbstract, key: string): Promise<Verdict> {
  try {
    const res = await limiter.consume(key);
    return { allowed: true, remaining: res.remainingPoints };
  } catch (rejection) {
    // rate-limiter-flexible refuses with the RateLimiterRes and fails with an Error.
    if (rejection instanceof RateLimiterRes) return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(rejection.msBeforeNext / 1000)) };
    throw rejection;
  }
}

let limiter: { readonly config: RateLimitConfig; readonly memory: RateLimiterMemory } | undefined;

/**
 * The configuration and memory limiter. Only proxy.ts spends budgets (one bundle, so one
 * limiter per process); server.ts reads the configuration alone (its trusted proxies).
 */
export function rateLimiter(): { readonly config: RateLimitConfig; readonly memory: RateLimiterMemory } {
  if (!limiter) {
    const config = loadRateLimitConfig();
    limiter = { config, memory: memoryLimiter(config) };
  }
  return limiter;
}
