/**
 * The configuration every way of starting the explorer checks before serving: `npm start`
 * (scripts/start.ts) and server.ts (`npm run serve`, the standalone build). One list,
 * so a setting one of them refuses is refused by all — a bad STRATA_LABELS once stopped only
 * `npm start`, while the others started and answered every page with an empty 500.
 */
import { ConfigError, loadConfig, type StrataConfig } from '@/lib/ops/config';
import { loadRateLimitConfig } from '@/lib/http/rate-limit';
import { logLevel } from '@/lib/ops/log';
import { loadMetricsAccess } from '@/lib/ops/metrics-access';
import { operatorLabels } from '@/lib/server/labels/operator-labels';
import { loadCompilerConfig } from '@/lib/server/contracts/solc/compilers';
import { loadQueueConfig } from '@/lib/server/contracts/queue-config';
import { loadStreamConfig } from '@/lib/server/stream/stream-config';

type Env = Readonly<Record<string, string | undefined>>;

/** The deployment's configuration, every part of it read once; throws ConfigError naming the variable. */
export function checkStartConfig(env: Env = process.env): StrataConfig {
  const config = loadConfig(env);
  loadRateLimitConfig(env);
  logLevel(env);
  loadMetricsAccess(env);
  operatorLabels(env);
  loadCompilerConfig(env);
  loadQueueConfig(env);
  loadStreamConfig(env);
  return config;
}

/** The line every start prints for a refused setting. */
export function badConfigurationMessage(error: ConfigError): string {
  return `strata: bad configuration: ${error.message}`;
}

/**
 * For server.ts: a refused setting stops the process with exit code 2 (as `npm start`), so a
 * supervisor sees a failed start instead of a server that reports ready.
 */
export function exitOnBadConfig(env: Env = process.env): void {
  try {
    checkStartConfig(env);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(badConfigurationMessage(error));
    process.exit(2);
  }
}
