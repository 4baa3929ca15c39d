/**
 * The event streams' settings (GET /api/v1/stream, docs/api.md and docs/deploy.md):
 *
 *   STRATA_STREAM                "off" answers the stream 503 and feeds nothing (default on)
 *   STRATA_STREAM_REPLAY         feed entries kept for a reconnect's Last-Event-ID (default 2048:
 *                                minutes of a busy network); older ids get a `gap` event
 *   STRATA_STREAM_HEARTBEAT_MS   a comment line this often, so proxies keep the stream open
 *                                (default 15000)
 *   STRATA_STREAM_PER_CLIENT     open streams one client may hold (default 8), keyed as the rate
 *                                limit keys a client (STRATA_TRUSTED_PROXIES); fleet-wide with Redis
 *   STRATA_STREAM_MAX            open streams one process holds (default 10000)
 *
 * Checked at start (lib/server/process/start-config.ts): a bad value names its variable.
 */
import { ConfigError } from '@/lib/ops/config';

export interface StreamConfig {
  readonly enabled: boolean;
  readonly replay: number;
  readonly heartbeatMs: number;
  readonly perClient: number;
  readonly maxStreams: number;
  /** Heights a feed step may fetch to join a read to the last block announced. */
  readonly maxFetch: number;
  /** Bytes a slow client may leave unread before its stream is closed (it reconnects and replays). */
  readonly maxBufferBytes: number;
}

type Env = Readonly<Record<string, string | undefined>>;

function whole(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name]?.trim();
  if (!raw) return fallback;
  if (!/^\d+$/.test(raw) || Number(raw) < min || Number(raw) > max) throw new ConfigError(name, `must be a whole number from ${min} to ${max}, got "${raw}"`);
  return Number(raw);
}

export function loadStreamConfig(env: Env = process.env): StreamConfig {
  const switchValue = env.STRATA_STREAM?.trim().toLowerCase();
  if (switchValue && switchValue !== 'on' && switchValue !== 'off') throw new ConfigError('STRATA_STREAM', `must be on or off, got "${switchValue}"`);
  return {
    enabled: switchValue !== 'off',
    replay: whole(env, 'STRATA_STREAM_REPLAY', 2048, 1, 100_000),
    heartbeatMs: whole(env, 'STRATA_STREAM_HEARTBEAT_MS', 15_000, 100, 300_000),
    perClient: whole(env, 'STRATA_STREAM_PER_CLIENT', 8, 1, 10_000),
    maxStreams: whole(env, 'STRATA_STREAM_MAX', 10_000, 1, 1_000_000),
    maxFetch: 32,
    maxBufferBytes: 1024 * 1024,
  };
}
