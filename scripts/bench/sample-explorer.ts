/**
 * What the page benchmarks (bench:first-load, bench:lighthouse) run against: a 1x1 devnet with
 * traffic at a port offset and the explorer (`npm run serve`) of the last build on a free port, with the sample
 * values their pages need (a zone block with a transaction, a dev account, the zone's DevToken).
 * Both are stopped when `run` settles.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startDevnet } from '../../devnet/index';
import { startContractAddresses } from '../../devnet/contracts';
import { getChain } from '../../lib/protocol/chains';
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

/**
 * Runs `run` against a fresh devnet and explorer; `bench` names the script in the no-build error.
 * With `index`, the explorer writes its own history index (PGlite in a temporary directory, as
 * `npm start` does) and `run` starts once it holds the zone's head: the browse lists then show rows.
 */
export async function withSampleExplorer<T>(
  bench: string,
  portOffset: number,
  run: (samples: ExplorerSamples) => Promise<T>,
  options: { readonly index?: boolean } = {},
): Promise<T> {
  if (!existsSync(join(import.meta.dirname, '..', '..', '.next', 'BUILD_ID'))) throw new Error(`${bench}: no build in .next; run \`npm run build\` first`);
  const devnet = await startDevnet({ topology: '1x1', portOffset, blockTimeMs: 1000, traffic: true, trafficRate: 2 });
  const indexDir = options.index ? mkdtempSync(join(tmpdir(), 'strata-sample-index-')) : undefined;
  try {
    const explorer = await startExplorer(await freePort(), {
      ...rpcEnvFor(portOffset, CHAINS), STRATA_LOG: 'off', STRATA_RATE_LIMIT: 'off',
      ...(indexDir ? { STRATA_INDEX: 'on', STRATA_INDEX_DIR: indexDir } : {}),
    });
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
      if (indexDir) await untilIndexed(explorer.url, await rpc<string>(zone, 'quai_blockNumber', []));
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
    if (indexDir) rmSync(indexDir, { recursive: true, force: true });
  }
}

/** Resolves once the explorer's index holds cyprus1 up to `head` (hex), two minutes at most. */
async function untilIndexed(origin: string, head: string): Promise<void> {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    const status = await fetch(`${origin}/api/v1/index/status`).then((r) => r.json() as Promise<{ chains?: Array<{ chain: string; indexedHeight: string | null }> }>).catch(() => undefined);
    const indexed = status?.chains?.find((c) => c.chain === 'cyprus1')?.indexedHeight;
    if (indexed && BigInt(indexed) >= BigInt(head)) return;
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error('the sample explorer\'s index did not reach the zone\'s head in two minutes');
}
