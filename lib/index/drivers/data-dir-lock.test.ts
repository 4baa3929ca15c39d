/**
 * The embedded index's lock against real processes: a live owner keeps it; an owner that is dead,
 * a zombie (what a kill -9 leaves while the kernel releases the process's memory) or gone (its pid
 * now another process's) loses it to the next process that opens the directory.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { tempIndexDir } from '../testing/index-test-support';
import { LOCK_FILE, lockDataDir, ownerAlive, parseOwner, processStarted } from './data-dir-lock';
import { IndexDbError } from './db';

const dirs: string[] = [];
const children: ChildProcess[] = [];

afterEach(() => {
  for (const child of children.splice(0)) child.kill('SIGKILL');
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function dirWithLock(content: string): string {
  const dir = tempIndexDir();
  dirs.push(dir);
  writeFileSync(join(dir, LOCK_FILE), content);
  return dir;
}

/** A process that runs until the test ends, and its pid once started. */
async function sleeper(): Promise<number> {
  const child = spawn('sleep', ['60'], { stdio: 'ignore' });
  children.push(child);
  await new Promise((resolve) => child.once('spawn', resolve));
  return child.pid as number;
}

const startTime = (pid: number): string => processStarted(pid) as string;

/**
 * A zombie: a shell starts `sleep` in the background, prints its pid and becomes `sleep` itself
 * (exec keeps the pid), which never reaps a child. Once the exec is seen, the background sleep is
 * killed: it stays a zombie for as long as the test runs.
 */
async function zombie(): Promise<number> {
  const child = spawn('sh', ['-c', 'sleep 60 & echo $!; exec sleep 61'], { stdio: ['ignore', 'pipe', 'ignore'] });
  children.push(child);
  const pid = Number(await new Promise<string>((resolve) => child.stdout?.once('data', (d: Buffer) => resolve(d.toString().trim()))));
  await expect.poll(() => readFileSync(`/proc/${child.pid}/cmdline`, 'utf8'), { timeout: 10_000 }).toBe('sleep\u000061\u0000');
  process.kill(pid, 'SIGKILL');
  await expect.poll(() => readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.[0], { timeout: 10_000 }).toBe('Z');
  return pid;
}

describe('the embedded index lock', () => {
  it('behavior: a live owner keeps it; the refusal names the process', async () => {
    const pid = await sleeper();
    const dir = dirWithLock(JSON.stringify({ pid, started: startTime(pid), host: 'h1' }));
    expect(() => lockDataDir(dir)).toThrow(IndexDbError);
    expect(() => lockDataDir(dir)).toThrow(`open in process ${pid} on h1`);
    // A lock of an older release (the pid alone) of a live process holds too.
    writeFileSync(join(dir, LOCK_FILE), String(pid));
    expect(() => lockDataDir(dir)).toThrow(`open in process ${pid}`);
  });

  it('behavior: a zombie owner (killed, its memory still being released) loses it', async () => {
    const pid = await zombie();
    // The check the lock used to make: a zombie still takes signal 0.
    expect(() => process.kill(pid, 0)).not.toThrow();
    expect(ownerAlive({ pid })).toBe(false);
    const dir = dirWithLock(String(pid));
    const unlock = lockDataDir(dir);
    expect(parseOwner(readFileSync(join(dir, LOCK_FILE), 'utf8'))).toMatchObject({ pid: process.pid, started: startTime(process.pid) });
    unlock();
  });

  it('behavior: an owner whose pid now names another process loses it; a dead one too', async () => {
    const pid = await sleeper();
    const unlock = lockDataDir(dirWithLock(JSON.stringify({ pid, started: String(Number(startTime(pid)) - 1) })));
    unlock();
    const child = spawn('true', { stdio: 'ignore' });
    const dead = await new Promise<number>((resolve) => child.once('exit', () => resolve(child.pid as number)));
    lockDataDir(dirWithLock(JSON.stringify({ pid: dead })))();
  });

  it('behavior: the lock names this process, alive, until released', () => {
    const dir = tempIndexDir();
    dirs.push(dir);
    const unlock = lockDataDir(dir);
    expect(ownerAlive(parseOwner(readFileSync(join(dir, LOCK_FILE), 'utf8')) ?? { pid: 0 })).toBe(true);
    unlock();
    lockDataDir(dir)();
  });
});
