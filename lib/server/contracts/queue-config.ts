/**
 * The verification queue's bounds, from the environment (a bad value throws a ConfigError naming
 * the variable; docs/deploy.md):
 *
 *   STRATA_VERIFY_QUEUE_PER_CLIENT  jobs one client may have waiting, the running one included (default 5)
 *   STRATA_VERIFY_QUEUE_MB          megabytes of input all waiting jobs may hold together (default 64)
 *
 * Fixed, because the compiler decides them: a standard JSON input larger than MAX_INPUT_BYTES is
 * refused at submission. solc-js copies its input onto the WebAssembly stack (5 MB): inputs of
 * about 4 MB and more crash it ("memory access out of bounds"), how far below depends on how much
 * stack the sources then need. Finished jobs are deleted RETENTION_SECONDS after their verdict.
 */
import { ConfigError } from '@/lib/ops/config';
import type { QueueBounds } from '@/lib/index/contracts/verify-queue';

export const MAX_INPUT_BYTES = 3_500_000;
export const RETENTION_SECONDS = 7 * 24 * 3600;

export interface QueueConfig extends QueueBounds {
  readonly retentionSeconds: number;
  readonly maxInputBytes: number;
}

type Env = Readonly<Record<string, string | undefined>>;

function wholeNumber(env: Env, name: string, fallback: number): number {
  const raw = env[name]?.trim();
  if (!raw) return fallback;
  if (!/^\d+$/.test(raw) || Number(raw) < 1) throw new ConfigError(name, `must be a whole number ≥ 1, got "${raw}"`);
  return Number(raw);
}

export function loadQueueConfig(env: Env = process.env): QueueConfig {
  return {
    perClient: wholeNumber(env, 'STRATA_VERIFY_QUEUE_PER_CLIENT', 5),
    maxBytes: wholeNumber(env, 'STRATA_VERIFY_QUEUE_MB', 64) * 1024 * 1024,
    retentionSeconds: RETENTION_SECONDS,
    maxInputBytes: MAX_INPUT_BYTES,
  };
}
