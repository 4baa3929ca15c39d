import { spawn } from 'node:child_process';
import { Writable } from 'node:stream';
import { describe, expect, test } from 'vitest';
import { ConfigError } from '@/lib/ops/config';
import { createLogger, logLevel, requestLogsEnabled } from './log';
import { requestStorage } from './request-context';

/** A real stream that keeps what was written to it. */
function sink(): { readonly stream: Writable; text(): string; lines(): Array<Record<string, unknown>> } {
  const chunks: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer | string, _encoding, done) {
      chunks.push(chunk.toString());
      done();
    },
  });
  const text = () => chunks.join('');
  return { stream, text, lines: () => text().split('\n').filter((l) => l !== '').map((l) => JSON.parse(l) as Record<string, unknown>) };
}

function jsonLogger(env: Readonly<Record<string, string>> = {}) {
  const out = sink();
  const err = sink();
  return { out, err, log: createLogger(env, { stdout: out.stream, stderr: err.stream, terminal: false }) };
}

const NODE_URL = 'https://strata:node-pw-123@rpc.example/cyprus1?apikey=key-789';
const DATABASE_URL = 'postgres://strata:db-pw-456@db.internal:5432/strata';

describe('log', () => {
  test('a JSON line per call: time, level by name, msg, the request id of the context, the fields', () => {
    const { out, err, log } = jsonLogger();
    requestStorage().run({ requestId: 'req-12345678' }, () => log.info({ route: '/api/tips', status: 200 }, 'request'));
    const [line] = out.lines();
    expect(line).toMatchObject({ level: 'info', msg: 'request', requestId: 'req-12345678', route: '/api/tips', status: 200 });
    expect(new Date(String(line?.time)).toISOString()).toBe(line?.time);
    expect(err.text()).toBe('');
  });

  test('behavior: errors go to stderr only, the rest to stdout only', () => {
    const { out, err, log } = jsonLogger();
    log.warn('slow');
    log.error({ status: 502 }, 'request');
    expect(out.lines().map((l) => l.msg)).toEqual(['slow']);
    expect(err.lines()).toMatchObject([{ level: 'error', status: 502 }]);
  });

  test('config: STRATA_LOG_LEVEL chooses the level; a misspelt one names the variable; STRATA_LOG=off', () => {
    const { out, log } = jsonLogger({ STRATA_LOG_LEVEL: 'warn' });
    log.info('dropped');
    log.warn('kept');
    expect(out.lines().map((l) => l.msg)).toEqual(['kept']);
    expect(logLevel({})).toBe('info');
    expect(logLevel({ STRATA_LOG_LEVEL: ' DEBUG ' })).toBe('debug');
    expect(() => logLevel({ STRATA_LOG_LEVEL: 'verbose' })).toThrow(ConfigError);
    expect(() => logLevel({ STRATA_LOG_LEVEL: 'verbose' })).toThrow(/STRATA_LOG_LEVEL/);
    expect(requestLogsEnabled({ STRATA_LOG: 'off' })).toBe(false);
    expect(requestLogsEnabled({})).toBe(true);
  });

  test('behavior: a node URL with a password and a DATABASE_URL are logged without their secrets, in children too', () => {
    const { out, err, log } = jsonLogger();
    log.error({ url: NODE_URL, DATABASE_URL, error: `fetch failed: ${NODE_URL}` }, 'node request failed');
    log.child({ component: 'index' }).info({ DATABASE_URL, headers: { authorization: 'Bearer tok-000' } }, 'opened');
    const written = out.text() + err.text();
    for (const secret of ['node-pw-123', 'key-789', 'db-pw-456', 'tok-000']) expect(written).not.toContain(secret);
    // Still readable: where the request went.
    expect(err.lines()[0]).toMatchObject({ url: 'https://rpc.example/cyprus1?…', DATABASE_URL: 'postgres://db.internal:5432/strata' });
    expect(out.lines()[0]).toMatchObject({ component: 'index', DATABASE_URL: 'postgres://db.internal:5432/strata', headers: { authorization: '[Redacted]' } });
  });

  test('behavior: a terminal gets readable lines (pino-pretty), not JSON', async () => {
    const out = sink();
    const log = createLogger({}, { stdout: out.stream, stderr: sink().stream, terminal: true });
    log.info({ route: '/network' }, 'request');
    await expect.poll(() => out.text()).toContain('request');
    expect(out.text()).toContain('/network');
    expect(() => JSON.parse(out.text().split('\n')[0] ?? '')).toThrow();
  });

  test('behavior: the process logger writes JSON to a piped stdout and errors to stderr, redacted', async () => {
    // A real process: its stdout is a pipe, as under a supervisor or a log shipper.
    const script = `import { logger } from '@/lib/ops/log';
      logger().info({ url: ${JSON.stringify(NODE_URL)} }, 'node');
      logger().error({ DATABASE_URL: ${JSON.stringify(DATABASE_URL)} }, 'index');`;
    const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { env: { ...process.env, STRATA_LOG_LEVEL: 'info' } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    expect(code, stderr).toBe(0);
    expect(JSON.parse(stdout.trim())).toMatchObject({ level: 'info', msg: 'node', url: 'https://rpc.example/cyprus1?…' });
    expect(JSON.parse(stderr.trim())).toMatchObject({ level: 'error', msg: 'index' });
    expect(stdout + stderr).not.toMatch(/node-pw-123|db-pw-456/);
  }, 20_000);
});
