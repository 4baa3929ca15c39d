/**
 * Logs as one JSON object per line on stdout (what log shippers read), each with the id of the
 * request it belongs to when there is one (lib/ops/request-context.ts).
 *
 *   STRATA_LOG  "off" silences the per-request lines (errors are still written); default on
 */
import { currentRequestId } from './request-context';

export type LogLevel = 'info' | 'warn' | 'error';

export function log(level: LogLevel, msg: string, fields: Readonly<Record<string, unknown>> = {}): void {
  const requestId = currentRequestId();
  const line = JSON.stringify({ time: new Date().toISOString(), level, msg, ...(requestId ? { requestId } : {}), ...fields });
  if (level === 'error') process.stderr.write(`${line}\n`);
  else process.stdout.write(`${line}\n`);
}

export function requestLogsEnabled(env: Readonly<Record<string, string | undefined>> = process.env): boolean {
  return env.STRATA_LOG?.trim().toLowerCase() !== 'off';
}
