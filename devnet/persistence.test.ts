/**
 * --data-dir: a devnet stopped and started again on the same directory continues the same chain
 * (same hashes at old heights, same state), and keeps mining on top of it.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { signTransaction } from '@/lib/protocol/transaction';
import { type Devnet } from './index';
import { startDevnetOnFreePorts } from './test-support/free-ports';

const dir = mkdtempSync(join(tmpdir(), 'strata-devnet-'));
const started: Devnet[] = [];

async function start(): Promise<Devnet> {
  const devnet = await startDevnetOnFreePorts({ topology: '1x1', blockTimeMs: 200, dataDir: dir });
  started.push(devnet);
  return devnet;
}

afterAll(async () => {
  await Promise.all(started.map((d) => d.stop()));
  rmSync(dir, { recursive: true, force: true });
});

describe('data directory', () => {
  it('a restart continues the chain and its state', async () => {
    const first = await start();
    const [from, to] = first.accounts;
    const raw = await signTransaction({
      type: 0, chainId: 1337n, nonce: 0n, gasTipCap: 10n ** 9n, gasFeeCap: 2n * 10n ** 10n, gas: 21_000n,
      to: to!.address, value: 777n, data: '0x', accessList: [],
    }, from!.privateKey);
    const execution = first.executions.get('cyprus1')!;
    await execution.addRawTransaction(raw);
    const zone = first.network.store('cyprus1');
    while (zone.transactionCount === 0) await first.waitForBlocks('cyprus1', 1);
    await first.waitForBlocks('cyprus', 1);
    await first.stop();
    const heights = new Map([...first.network.stores].map(([name, s]) => [name, s.height]));
    const hashes = new Map([...first.network.stores].map(([name, s]) => [name, s.head.hash]));
    const root = zone.head.header.stateRoot;

    const second = await start();
    for (const [name, store] of second.network.stores) {
      expect(store.height, name).toBe(heights.get(name));
      expect(store.head.hash, name).toBe(hashes.get(name));
    }
    const balance = await second.executions.get('cyprus1')!.getBalance(root, to!.address);
    expect(balance).toBe(10n ** 24n + 777n);
    // The new process mines on top of the old head.
    await second.waitForBlocks('cyprus1', 2);
    const store = second.network.store('cyprus1');
    expect(store.atHeight(heights.get('cyprus1')! + 1)!.header.parentHash[2]).toBe(hashes.get('cyprus1'));
    expect(await second.executions.get('cyprus1')!.getNonce(store.head.header.stateRoot, from!.address)).toBe(1n);
  });
});
