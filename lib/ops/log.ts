/**
 * The process's one logger (pino): JSON lines on stdout, what log shippers read, with errors and
 * worse on stderr; readable lines (pino-pretty) instead when stdout is a terminal (`npm start`).
 * Every line carries `time` (ISO), `level` (its name), `msg`, and `requestId` when written for a
 * request (lib/ops/request-context.ts); a part of the server logs through a child
 * (`logger().child({ component: 'redis' })`).
 *
 *   STRATA_LOG_LEVEL  trace, debug, info, warn, error, fatal or silent (default info)
 *   STRATA_LOG        "off" silences the per-request lines (errors are still written); default on
 *
 * Secrets are redacted by field, whoever logs them: a URL field (`url`, `node`, `redis`,
 * `DATABASE_URL`, …) loses its user, password and query (lib/ops/config.ts's redactUrl), so does each
 * URL quoted in an error's text, and authorization and cookie headers are replaced.
 *
 * One per process (lib/ops/process-wide.ts): server.ts, proxy.ts, the routes and the pages are
 * bundled apart, and each bundle creating
 * its own logger would open stdout again per bundle and read the level more than once.
 */
import pino, { type DestinationStream, type LevelWithSilent, type Logger } from 'pino';
import pretty from 'pino-pretty';
import { ConfigError, redactUrl } from '@/lib/ops/config';
import { processWide } from '@/lib/ops/process-wide';
import { currentRequestId } from './request-context';

type Env = Readonly<Record<string, string | undefined>>;

const LEVELS: readonly LevelWithSilent[] = ['trace', 'debug', 'info', 'warn', 'error', 'fatal', 'silent'];

/** STRATA_LOG_LEVEL, checked (the start refuses a misspelt level, as every STRATA_* setting). */
export function logLevel(env: Env = process.env): LevelWithSilent {
  const raw = env.STRATA_LOG_LEVEL?.trim().toLowerCase();
  if (!raw) return 'info';
  const level = LEVELS.find((l) => l === raw);
  if (!level) throw new ConfigError('STRATA_LOG_LEVEL', `must be one of ${LEVELS.join(', ')}, got "${raw}"`);
  return level;
}

export function requestLogsEnabled(env: Env = process.env): boolean {
  return env.STRATA_LOG?.trim().toLowerCase() !== 'off';
}

/** Fields that hold a URL: kept readable (scheme, host, path) without credentials or query. */
const URL_KEYS = ['url', 'node', 'rpc', 'redis', 'database', 'DATABASE_URL', 'REDIS_URL'];
/** Free text that may quote a URL (an error's message). */
const TEXT_KEYS = ['error', 'err.message', 'err.stack'];
/** Whole values that are secrets. */
const SECRET_KEYS = ['authorization', 'cookie', 'password'];

/**
 * Exact paths, no wildcards: every request writes a line, and each `*.` path costs about a
 * microsecond a line (thirteen of them made a line ten times dearer than the whole old logger).
 */
export const REDACT_PATHS: readonly string[] = [
  ...URL_KEYS,
  ...TEXT_KEYS,
  ...SECRET_KEYS.flatMap((k) => [k, `headers.${k}`, `req.headers.${k}`]),
];

function censor(value: unknown, path: string[]): unknown {
  const key = path[path.length - 1] ?? '';
  if (typeof value !== 'string' || SECRET_KEYS.includes(key)) return '[Redacted]';
  if (URL_KEYS.includes(key)) return redactUrl(value);
  // Each URL in the text, as a URL field would be.
  return value.replace(/[a-z][a-z0-9+.-]*:\/\/[^\s"'<>]+/gi, (url) => redactUrl(url));
}

export interface LoggerOutput {
  readonly stdout: DestinationStream;
  readonly stderr: DestinationStream;
  /** stdout is a terminal (a person reads it): pretty lines instead of JSON. */
  readonly terminal: boolean;
}

/** A logger writing to `output` (the process's stdout and stderr, or a test's streams). */
export function createLogger(env: Env, output: LoggerOutput): Logger {
  // A terminal gets pino-pretty in this thread (no transport: a worker thread would not survive
  // Next's bundling); anything else, a pipe or a file, gets the JSON lines.
  const [out, err] = output.terminal
    ? [pretty({ destination: output.stdout, ignore: 'pid,hostname' }), pretty({ destination: output.stderr, ignore: 'pid,hostname' })]
    : [output.stdout, output.stderr];
  return pino(
    {
      level: logLevel(env),
      base: undefined,
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
      mixin: () => {
        const requestId = currentRequestId();
        return requestId ? { requestId } : {};
      },
      redact: { paths: [...REDACT_PATHS], censor },
    },
    // dedupe: a line goes to the most severe stream that takes it, so an error is on stderr only.
    pino.multistream(
      [
        { level: 'trace', stream: out },
        { level: 'error', stream: err },
      ],
      { dedupe: true },
    ),
  );
}


/**
 * The process's logger. stdout is written asynchronously: a line per request written with a
 * blocking write each cost stored-page throughput about a tenth (bench:explorer), and lines that
 * arrive while a write is under way go out together. pino flushes what is pending when the
 * process exits. stderr (errors) stays synchronous, so an error is on disk before anything else
 * can happen.
 */
export function logger(): Logger {
  return processWide('logger', () =>
    createLogger(process.env, {
      stdout: pino.destination({ dest: 1, sync: false }),
      stderr: pino.destination({ dest: 2, sync: true }),
      terminal: process.stdout.isTTY === true,
    }),
  );
}
