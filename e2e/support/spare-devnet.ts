/**
 * A 1x1 devnet of the spec's own (prime, cyprus, cyprus1), run as its own process on a spare port
 * offset (./ports.ts) with the flags the spec is about (`--no-trace`, `--no-txpool --no-debug`):
 * a node that lacks what the shared e2e devnet serves. Up once its zone has mined a block; the
 * env points an explorer (./explorer.ts) at it.
 */
import { spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CHAINS } from '../../lib/protocol/chains';
import { devnetUrl, rpcEnvFor } from './env';
import { devnetOffset } from './ports';
import { rpc } from './rpc';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const TOPOLOGY = CHAINS.filter((c) => ['prime', 'cyprus', 'cyprus1'].includes(c.name));

export interface SpareDevnet {
  readonly offset: number;
  /** Its chains: prime, cyprus, cyprus1. */
  readonly chains: typeof TOPOLOGY;
  /** The zone's RPC URL (cyprus1). */
  readonly zoneUrl: string;
  /** STRATA_CHAINS and STRATA_RPC_* for an explorer of this devnet's three chains. */
  readonly env: Record<string, string>;
  /** SIGSTOP: every chain stops answering without closing a socket (a hung node); `resume` sends SIGCONT. */
  pause(): void;
  resume(): void;
  stop(): Promise<void>;
}

/** Starts the devnet with `flags` (no traffic besides) and waits for its zone's first block; `what` names it in a timeout. */
export async function startSpareDevnet(flags: readonly string[], what: string): Promise<SpareDevnet> {
  const offset = devnetOffset();
  // Node itself with tsx's loader, not the tsx CLI (which runs the devnet in a child): one process,
  // so a signal reaches the devnet.
  const child = spawn(process.execPath, ['--import', 'tsx', 'devnet/main.ts', '--port-offset', String(offset), '--topology', '1x1', ...flags, '--no-traffic'], {
    cwd: ROOT,
    stdio: 'ignore',
  });
  const stop = async (): Promise<void> => {
    if (child.exitCode !== null) return;
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGCONT');
    child.kill('SIGTERM');
    await exited;
  };
  const zoneUrl = devnetUrl('cyprus1', offset);
  const deadline = Date.now() + 90_000;
  for (;;) {
    try {
      if (BigInt(await rpc<string>(zoneUrl, 'quai_blockNumber')) > 0n) break;
    } catch {
      /* not up yet */
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`the ${what} devnet did not start`);
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  return {
    offset, chains: TOPOLOGY, zoneUrl, env: rpcEnvFor(offset, TOPOLOGY), stop,
    pause: () => child.kill('SIGSTOP'),
    resume: () => child.kill('SIGCONT'),
  };
}
