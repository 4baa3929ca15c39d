/**
 * How many streams a client may hold open, and this process in all (docs/api.md, "Limits").
 * A client is keyed as the rate limit keys it (lib/http/rate-limit.ts clientKey: the socket's
 * address, or the trusted proxies' hop when STRATA_TRUSTED_PROXIES says so; server.ts's first
 * stage writes it in a header no client can set). With REDIS_URL a client's streams are counted
 * for the whole fleet: each open stream is a member of a sorted set per client, scored by when
 * its lease ends; the heartbeat renews the leases of the streams still open, so a crashed
 * instance's streams stop counting after a few heartbeats. While Redis does not answer, each
 * instance counts alone.
 */
import type Redis from 'ioredis';
import { INSTANCE_ID } from '@/lib/ops/redis';

export type Admission = { readonly ok: true; readonly release: () => void } | { readonly ok: false; readonly reason: 'client' | 'process' };

/** KEYS the client's set; ARGV now, limit, lease end, member, key ttl. */
const ADMIT = `
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', ARGV[1])
if redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[2]) then return 0 end
redis.call('ZADD', KEYS[1], ARGV[3], ARGV[4])
redis.call('PEXPIRE', KEYS[1], ARGV[5])
return 1
`;

const keyOf = (client: string) => `strata:stream:open:${client}`;

export class OpenStreams {
  private readonly perClient = new Map<string, number>();
  private total = 0;
  private nextMember = 1;
  /** This counter's name in Redis's sets: the process's, and its own (tests run two in one process). */
  private readonly name = `${INSTANCE_ID}:${Math.random().toString(36).slice(2, 8)}`;
  /** This instance's members in Redis, by client, for the heartbeat's renewal. */
  private readonly leases = new Map<string, Set<string>>();

  constructor(
    private readonly limits: { readonly perClient: number; readonly maxStreams: number; readonly leaseMs: number },
    private readonly redis: () => Redis | undefined,
  ) {}

  async admit(client: string): Promise<Admission> {
    if (this.total >= this.limits.maxStreams) return { ok: false, reason: 'process' };
    const member = `${this.name}:${this.nextMember++}`;
    const shared = await this.admitShared(client, member);
    if (shared === false) return { ok: false, reason: 'client' };
    const local = this.perClient.get(client) ?? 0;
    // Without Redis (or while it is away) this instance's own count decides.
    if (shared === undefined && local >= this.limits.perClient) return { ok: false, reason: 'client' };
    // Counted at once: admissions that raced the await above are seen by the next.
    if (this.total >= this.limits.maxStreams) {
      if (shared) void this.releaseShared(client, member);
      return { ok: false, reason: 'process' };
    }
    this.perClient.set(client, local + 1);
    this.total++;
    if (shared) this.lease(client).add(member);
    let released = false;
    return {
      ok: true,
      release: () => {
        if (released) return;
        released = true;
        this.total--;
        const left = (this.perClient.get(client) ?? 1) - 1;
        if (left > 0) this.perClient.set(client, left);
        else this.perClient.delete(client);
        if (shared) {
          this.leases.get(client)?.delete(member);
          if (this.leases.get(client)?.size === 0) this.leases.delete(client);
          void this.releaseShared(client, member);
        }
      },
    };
  }

  get open(): number {
    return this.total;
  }

  /** Renews the leases of this instance's open streams (the heartbeat calls it). */
  async renew(): Promise<void> {
    const redis = this.redis();
    if (!redis || redis.status !== 'ready' || this.leases.size === 0) return;
    const until = Date.now() + this.limits.leaseMs;
    const pipeline = redis.pipeline();
    for (const [client, members] of this.leases) {
      for (const member of members) pipeline.zadd(keyOf(client), 'XX', until, member);
      pipeline.pexpire(keyOf(client), this.limits.leaseMs);
    }
    await pipeline.exec().catch(() => undefined);
  }

  private lease(client: string): Set<string> {
    let members = this.leases.get(client);
    if (!members) this.leases.set(client, (members = new Set()));
    return members;
  }

  /** true admitted, false refused, undefined: no Redis to ask. */
  private async admitShared(client: string, member: string): Promise<boolean | undefined> {
    const redis = this.redis();
    if (!redis || redis.status !== 'ready') return undefined;
    const now = Date.now();
    try {
      const admitted = await redis.eval(ADMIT, 1, keyOf(client), now, this.limits.perClient, now + this.limits.leaseMs, member, this.limits.leaseMs);
      return admitted === 1;
    } catch {
      return undefined;
    }
  }

  private async releaseShared(client: string, member: string): Promise<void> {
    const redis = this.redis();
    if (!redis || redis.status !== 'ready') return;
    await redis.zrem(keyOf(client), member).catch(() => undefined);
  }
}
