/**
 * A per-client token bucket for the routes that make the node work (search, /api/broadcast,
 * /api/address/<a>/call). Each client has `burst` tokens, refilled at `perMinute`; a request
 * takes one, and a client without one is answered 429 with Retry-After (the seconds until its
 * next token). One bucket map per explorer process, bounded in size; with REDIS_URL the fleet
 * shares buckets in Redis instead (shared-rate-limit.ts) and these decide only while it is away.
 *
 *   STRATA_RATE_LIMIT       "off" turns the limit off (default on)
 *   STRATA_RATE_BURST       tokens a client starts with and can save up (default 30)
 *   STRATA_RATE_PER_MINUTE  tokens added per minute (default 60)
 *   STRATA_TRUSTED_PROXIES  proxies in front of the explorer that append to X-Forwarded-For
 *                           (default 0); the client is the address that many hops from the right
 */
import { ConfigError } from '@/lib/config';

export interface RateLimitConfig {
  readonly enabled: boolean;
  readonly burst: number;
  readonly perMinute: number;
  readonly trustedProxies: number;
}

type Env = Readonly<Record<string, string | undefined>>;

function positiveInt(env: Env, name: string, fallback: number, min: number): number {
  const raw = env[name]?.trim();
  if (!raw) return fallback;
  if (!/^\d+$/.test(raw) || Number(raw) < min) throw new ConfigError(name, `must be a whole number ≥ ${min}, got "${raw}"`);
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
  };
}

/**
 * The header that carries the client's address from the Node server to proxy.ts, which cannot
 * see the socket (Next 15 removed request.ip). lib/server/client-address.ts sets it on every
 * request before Next routes it, replacing whatever a client sent under that name, so proxy.ts
 * can believe it.
 */
export const CLIENT_HEADER = 'x-strata-client';

/**
 * The client a request comes from: the socket's address, unless proxies are trusted. Each trusted
 * proxy appends the address it saw to X-Forwarded-For, so with N of them the client is the Nth
 * address from the right; everything left of that was written by the client and proves nothing.
 * With 0 the header is ignored: Next only fills it when it is absent, so a client could otherwise
 * name a new self on every request and never run out of budget.
 */
export function clientKey(forwardedFor: string | undefined, socketAddress: string | undefined, trustedProxies: number): string {
  const socket = socketAddress ? unmapIpv4(socketAddress) : 'unknown';
  if (trustedProxies === 0) return socket;
  const hops = (forwardedFor ?? '').split(',').map((h) => h.trim()).filter((h) => h !== '');
  // Fewer hops than trusted proxies: the request did not come through all of them; the leftmost
  // address is the best there is (docs/deploy.md says why too many trusted proxies is unsafe).
  if (hops.length === 0) return socket;
  return hops[Math.max(0, hops.length - trustedProxies)] ?? socket;
}

/** "::ffff:127.0.0.1" → "127.0.0.1": one client, one key, whichever way the socket spells it. */
function unmapIpv4(address: string): string {
  return address.startsWith('::ffff:') && address.includes('.') ? address.slice(7) : address;
}

export type Verdict = { readonly allowed: true; readonly remaining: number } | { readonly allowed: false; readonly retryAfterSeconds: number };

interface Bucket {
  tokens: number;
  updatedAt: number;
}

/** Buckets kept at most; the least recently seen client is forgotten first (it would be full again). */
const MAX_CLIENTS = 50_000;

export class TokenBuckets {
  private readonly buckets = new Map<string, Bucket>();
  private readonly perMs: number;

  constructor(
    private readonly burst: number,
    perMinute: number,
    private readonly now: () => number = Date.now,
  ) {
    this.perMs = perMinute / 60_000;
  }

  /** Takes one token from `key`'s bucket, or says how long until there is one. */
  take(key: string): Verdict {
    const now = this.now();
    const bucket = this.buckets.get(key) ?? { tokens: this.burst, updatedAt: now };
    bucket.tokens = Math.min(this.burst, bucket.tokens + (now - bucket.updatedAt) * this.perMs);
    bucket.updatedAt = now;
    // Re-insert so the Map's order is least recently seen first.
    this.buckets.delete(key);
    this.buckets.set(key, bucket);
    if (this.buckets.size > MAX_CLIENTS) {
      const oldest = this.buckets.keys().next().value;
      if (oldest !== undefined) this.buckets.delete(oldest);
    }
    if (bucket.tokens >= 1) {
      bucket.tokens -= 1;
      return { allowed: true, remaining: Math.floor(bucket.tokens) };
    }
    return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((1 - bucket.tokens) / this.perMs / 1000)) };
  }
}

/**
 * The paths that make the node work for the caller, and so are limited: search (a hash is
 * looked up on every chain), broadcasting and contract calls.
 */
export function isNodeWorkRoute(method: string, pathname: string): boolean {
  if (pathname === '/search') return true;
  if (method !== 'POST') return false;
  return pathname === '/api/broadcast' || /^\/api\/address\/[^/]+\/call$/.test(pathname);
}

const KEY = Symbol.for('strata.http.rate-limit');
type Holder = { [KEY]?: { config: RateLimitConfig; buckets: TokenBuckets } };

/** The process's limiter (on globalThis: proxy.ts and the routes are separate bundles). */
export function rateLimiter(): { readonly config: RateLimitConfig; readonly buckets: TokenBuckets } {
  const holder = globalThis as Holder;
  if (!holder[KEY]) {
    const config = loadRateLimitConfig();
    holder[KEY] = { config, buckets: new TokenBuckets(config.burst, config.perMinute) };
  }
  return holder[KEY];
}
