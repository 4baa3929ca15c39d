/**
 * `npm run bench:first-load`: the JavaScript a browser downloads for each budgeted page, measured
 * in Chromium (scripts/bench/js-bytes.ts) against the last `npm run build`, without the rest of
 * bench:explorer's run. It starts a 1x1 devnet with traffic at --port-offset and the explorer (`npm run serve`) on
 * a free port, waits for a block with a transaction, visits each page once, measures, prints and
 * stops both.
 * A benchmark: it prints, it asserts nothing.
 *
 *   --chunks        also list each page's scripts, largest first, and whether each came at load or on scroll
 *   --port-offset   the devnet's port offset (default 2000)
 *
 * Until issue 21 this read the build manifests, which leave out every chunk a page fetches after
 * its first scripts (the charts, the journey card): it reported budgets met while the browser
 * still downloaded more.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { startDevnet } from '../devnet/index';
import { startContractAddresses } from '../devnet/contracts';
import { getChain } from '../lib/chains';
import { rpcEnvFor } from '../e2e/support/env';
import { startExplorer } from '../e2e/support/explorer';
import { freePort } from '../e2e/support/ports';
import { budgetedPages, formatJsTable, measureJs } from './bench/js-bytes';

const { values } = parseArgs({ options: { chunks: { type: 'boolean', default: false }, 'port-offset': { type: 'string', default: '2000' } } });
const CHAINS = ['prime', 'cyprus', 'cyprus1'].map((n) => getChain(n as 'prime'));

async function rpc<T>(url: string, method: string, params: unknown[]): Promise<T> {
  const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }) });
  return ((await response.json()) as { result: T }).result;
}

async function main(): Promise<void> {
  if (!existsSync(join(import.meta.dirname, '..', '.next', 'BUILD_ID'))) {
    console.error('bench:first-load: no build in .next; run `npm run build` first');
    process.exit(1);
  }
  const offset = Number(values['port-offset']);
  const devnet = await startDevnet({ topology: '1x1', portOffset: offset, blockTimeMs: 1000, traffic: true, trafficRate: 2 });
  try {
    const explorer = await startExplorer(await freePort(), { ...rpcEnvFor(offset, CHAINS), STRATA_LOG: 'off', STRATA_RATE_LIMIT: 'off' });
    try {
      // A block with a transaction on the zone: traffic sends some from the first blocks on.
      const zone = devnet.urlOf('cyprus1');
      let found: { block: string; tx: string } | undefined;
      for (let n = 1; !found; n++) {
        if (n > 30) throw new Error('no transaction in cyprus1\'s first 30 blocks');
        await devnet.waitForBlocks('cyprus1', n === 1 ? 3 : 1, 60_000);
        const block = await rpc<{ hash: string; transactions: string[] } | null>(zone, 'quai_getBlockByNumber', [`0x${n.toString(16)}`, false]);
        if (block?.transactions[0]) found = { block: block.hash, tx: block.transactions[0] };
      }
      const deployer = devnet.accounts[0];
      if (!deployer) throw new Error('the devnet has no dev account');
      const pages = budgetedPages({
        blockPath: `/chain/cyprus1/block/${found.block}`,
        txHash: found.tx,
        address: deployer.address,
        token: startContractAddresses(deployer.address, 'cyprus1').token.address,
        feesChain: 'cyprus1',
      });
      // One unmeasured visit of each page first, as bench:explorer's table comes after its load
      // runs: nothing a just-started server is still reading (its brotli copies,
      // lib/server/request-path/static-assets.ts) shows in the figures.
      await measureJs(explorer.url, pages);
      console.log(formatJsTable(await measureJs(explorer.url, pages), { chunks: values.chunks }));
    } finally {
      await explorer.stop();
    }
  } finally {
    await devnet.stop();
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
