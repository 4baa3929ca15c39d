/**
 * The CLI as a user runs it (`npm run devnet`): help, flag errors, start-up log with each chain's
 * URL and the dev accounts, a live endpoint, and a clean exit on SIGTERM and SIGINT.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { randomTestOffset } from './test-support/free-ports';

const root = fileURLToPath(new URL('..', import.meta.url));
const children: ChildProcess[] = [];

function cli(args: string[]): ChildProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', 'devnet/main.ts', ...args], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
  children.push(child);
  return child;
}

afterAll(() => {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
});

/** Collect stdout until `pattern` matches (or the process exits). */
function waitFor(child: ChildProcess, pattern: RegExp, timeoutMs = 60_000): Promise<string> {
  return new Promise((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error(`timed out; output so far:\n${out}`)), timeoutMs);
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (pattern.test(out)) {
        clearTimeout(timer);
        resolve(out);
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`exited with ${code} before ${pattern}:\n${out}`));
    });
  });
}

function exitOf(child: ChildProcess): Promise<number | null> {
  return new Promise((resolve) => child.once('exit', (code) => resolve(code)));
}

describe('npm run devnet', () => {
  it('--help prints the flags and exits 0; a bad flag exits 2 naming it', () => {
    const help = spawnSync(process.execPath, ['--import', 'tsx', 'devnet/main.ts', '--help'], { cwd: root, encoding: 'utf8' });
    expect(help.status).toBe(0);
    for (const flag of ['--topology', '--port-offset', '--block-time', '--data-dir', '--no-traffic', '--no-txpool', '--syncing']) {
      expect(help.stdout).toContain(flag);
    }
    const bad = spawnSync(process.execPath, ['--import', 'tsx', 'devnet/main.ts', '--topology', '9x9'], { cwd: root, encoding: 'utf8' });
    expect(bad.status).not.toBe(0);
    expect(bad.stderr).toMatch(/topology/);
    const unknown = spawnSync(process.execPath, ['--import', 'tsx', 'devnet/main.ts', '--frobnicate'], { cwd: root, encoding: 'utf8' });
    expect(unknown.status).toBe(2);
    expect(unknown.stderr).toMatch(/frobnicate/);
  });

  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    it(`prints chain URLs and dev accounts, serves, and exits 0 on ${signal}`, async () => {
      // Below the ephemeral range (randomTestOffset): a CLI devnet cannot retry another offset from here.
      const offset = randomTestOffset();
      const child = cli(['--topology', '1x1', '--port-offset', String(offset), '--block-time', '300']);
      const out = await waitFor(child, /dev accounts[^\n]*\n(.*\n){2}/);
      const urls = [...out.matchAll(/^\s+(prime|cyprus|cyprus1)\s+(http:\/\/\S+)$/gm)].map((m) => [m[1], m[2]]);
      expect(urls.map((u) => u[0])).toEqual(['prime', 'cyprus', 'cyprus1']);
      expect(urls[2]![1]).toBe(`http://127.0.0.1:${8610 + offset}`);
      expect(out).toMatch(/cyprus1\s+0x[0-9a-fA-F]{40} 0x[0-9a-f]{64}/);
      const reply = await fetch(urls[2]![1]!, {
        method: 'POST', headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'quai_chainId', params: [] }),
      });
      expect(((await reply.json()) as { result: string }).result).toBe('0x539');
      const exit = exitOf(child);
      child.kill(signal);
      expect(await exit).toBe(0);
      await expect(fetch(urls[2]![1]!, { method: 'POST', body: '{}' })).rejects.toThrow();
    });
  }
});
