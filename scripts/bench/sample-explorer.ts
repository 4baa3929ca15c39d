/**
 * What the page benchmarks (bench:first-load, bench:lighthouse) run against: a 1x1 devnet with
 * traffic at a port offset and the explorer (`npm run serve`) of the last build on a free port, with the sample
 * values their pages need (a zone block with a transaction, a dev account, the zone's DevToken).
 * Both are stopped when `run` settles.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { startDevnet } from '../../devnet/index';
import { startContractAddresses } from '../../devnet/contracts';
import { getChain } from '../../lib/chains';
import { rpcEnvFor } from '../../e2e/support/env';
import { startExplorer } from '../../e2e/support/explorer';
import { freePort } from '../../e2e/support/ports';

const CHAINS = ['prime', 'cyprus', 'cyprus1'].map((n) => getChain(n as 'prime'));

export interface ExplorerSamples {
  readonly origin: string;
  /** A cyprus1 block with a transaction, by hash. */
  readonly blockPath: string;
  readonly txHash: string;
  readonly address: string;
  readonly token: string;
  readonly feesChain: 'cyprus1';
  /**
   * Runs `measure` with the devnet's miners paused (and resumes them after): the devnet mines by
   * proof of work in this process, on the CPU the browser measures with. A real node's hashing is
   * done by miners elsewhere; a reader's phone shares no CPU with either.
   */
  withMinersPaused<R>(measure: () => Promise<R>): Promise<R>;
}

async function rpc<T>(url: string, method: string, params: unknown[]): Promise<T> {
  const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }) });
  return ((await response.json()) as { result: T }).result;
}

/** Runs `run` against a fresh devnet and explorer; `bench` names the script in the no-build error. */
export async function withSampleExplorer<T>(bench: string, portOffset: number, run: (samples: ExplorerSamples) => Promise<T>): Promise<T> {
  if (!existsSync(join(import.meta.dirname, '..', '..', '.next', 'BUILD_ID'))) throw new Error(`${bench}: no build in .next; run \`npm run build\` first`);
  const devnet = await startDevnet({ topology: '1x1', portOffset, blockTimeMs: 1000, traffic: true, trafficRate: 2 });
  try {
    const explorer = await startExplorer(await freePort(), { ...rpcEnvFor(portOffset, CHAINS), STRATA_LOG: 'off', STRATA_RATE_LIMIT: 'off' });
    try {
      // A block with a transaction on the zone: traffic sends some from the first blocks on.
      const zone = devnet.urlOf('cyprus1');
      let found: { block: string; tx: string } | undefined;
      for (let n = 1; !found; n++) {
        if (n > 30) throw new Error("no transaction in cyprus1's first 30 blocks");
        await devnet.waitForBlocks('cyprus1', n === 1 ? 3 : 1, 60_000);
        const block = await rpc<{ hash: string; transactions: string[] } | null>(zone, 'quai_getBlockByNumber', [`0x${n.toString(16)}`, false]);
        if (block?.transactions[0]) found = { block: block.hash, tx: block.transactions[0] };
      }
      const deployer = devnet.accounts[0];
      if (!deployer) throw new Error('the devnet has no dev account');
      return await run({
        origin: explorer.url,
        blockPath: `/chain/cyprus1/block/${found.block}`,
        txHash: found.tx,
        address: deployer.address,
        token: startContractAddresses(deployer.address, 'cyprus1').token.address,
        feesChain: 'cyprus1',
        async withMinersPaused(measure) {
          await devnet.pauseMining();
          try {
            return await measure();
          } finally {
            devnet.resumeMining();
          }
        },
      });
    } finally {
      await explorer.stop();
    }
  } finally {
    await devnet.stop();
  }
}
