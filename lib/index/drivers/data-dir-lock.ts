/**
 * The lock that keeps a second process out of an embedded index's data directory: PGlite does not
 * stop two processes from opening one directory, and the second would corrupt it.
 *
 * `<dir>/strata-index.lock` names its owner: pid, the process's start time (Linux: its field of
 * /proc/<pid>/stat, in clock ticks since boot) and host. A lock whose owner is dead or gone is
 * stale and taken over:
 *
 *   dead  no such process, or a zombie: after a kill -9 the process stays a zombie while the
 *         kernel releases its memory (about a second for a gigabyte), and kill(pid, 0) still
 *         succeeds for it
 *   gone  the pid belongs to another process now (started at another time), as after a restart
 *         of a container, whose pids begin again from 1
 *
 * A lock held by a live owner is refused with an IndexDbError naming it; the index service tries
 * again later (lib/server/index/index-service.ts).
 */
import { linkSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { IndexDbError } from './db';

export const LOCK_FILE = 'strata-index.lock';

/** What a lock file records of its owner (a lock of an older release holds the pid alone). */
export interface LockOwner {
  readonly pid: number;
  /** Field 22 of /proc/<pid>/stat when the lock was taken; absent off Linux or in an older lock. */
  readonly started?: string;
  readonly host?: string;
}

/** A process as /proc shows it: its state letter (R, S, Z…) and start time; undefined when absent or without /proc. */
function procStat(pid: number): { readonly state: string; readonly started: string } | undefined {
  let text: string;
  try {
    text = readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return undefined;
  }
  // "pid (comm) state ppid …": comm may hold spaces and parentheses, so read after the last ')'.
  const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
  const state = fields[0];
  const started = fields[19];
  return state && started ? { state, started } : undefined;
}

/** When process `pid` started (field 22 of /proc/<pid>/stat), as a lock records it; undefined when absent or without /proc. */
export function processStarted(pid: number): string | undefined {
  return procStat(pid)?.started;
}

function hasProc(): boolean {
  return procStat(process.pid) !== undefined;
}

function signalable(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** This process as a lock names it. */
export function currentOwner(): LockOwner {
  const started = processStarted(process.pid);
  return { pid: process.pid, ...(started ? { started } : {}), host: hostname() };
}

/** Whether `owner` still runs: alive, not a zombie, and (when the lock says) the process that took it. */
export function ownerAlive(owner: LockOwner): boolean {
  if (!hasProc()) return signalable(owner.pid);
  const stat = procStat(owner.pid);
  if (!stat) return false;
  if (stat.state === 'Z' || stat.state === 'X' || stat.state === 'x') return false;
  return owner.started === undefined || owner.started === stat.started;
}

/** A lock file's owner, or undefined when it names none (empty, half written). */
export function parseOwner(text: string): LockOwner | undefined {
  const trimmed = text.trim();
  if (/^\d+$/.test(trimmed)) return { pid: Number(trimmed) };
  try {
    const value = JSON.parse(trimmed) as Partial<LockOwner>;
    if (!Number.isInteger(value.pid) || (value.pid as number) <= 0) return undefined;
    return {
      pid: value.pid as number,
      ...(typeof value.started === 'string' ? { started: value.started } : {}),
      ...(typeof value.host === 'string' ? { host: value.host } : {}),
    };
  } catch {
    return undefined;
  }
}

/** Takes `<dir>/strata-index.lock`, taking over a stale one; answers the unlock. */
export function lockDataDir(dir: string): () => void {
  const file = join(dir, LOCK_FILE);
  // Written whole under a name of its own, then linked into place (link fails when the lock
  // exists): no process ever reads a lock half written.
  const draft = `${file}.${process.pid}`;
  writeFileSync(draft, JSON.stringify(currentOwner()));
  try {
    for (let attempt = 0; attempt < 2; attempt++) {
      try {
        linkSync(draft, file);
        return () => rmSync(file, { force: true });
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      }
      const owner = parseOwner(readFileSync(file, 'utf8'));
      if (owner && owner.pid !== process.pid && ownerAlive(owner)) {
        throw new IndexDbError(
          `the embedded index at ${dir} is open in process ${owner.pid}${owner.host ? ` on ${owner.host}` : ''}; PGlite serves one process (use DATABASE_URL for several)`,
        );
      }
      rmSync(file, { force: true });
    }
  } finally {
    rmSync(draft, { force: true });
  }
  throw new IndexDbError(`could not lock the embedded index at ${dir}`);
}
