/**
 * `npm run bench:evidence`: the evidence bundles of a block of 100 transactions against the
 * production build (`npm run build` first). Starts a 1x1 devnet at --port-offset (no traffic, the
 * default block time, so the verifier knows its rules), pauses its miner, sends 100 transactions
 * from a dev account in one batch (50 value transfers, 50 DevToken transfers with a log each) and
 * resumes it until one block holds them all, starts `next start` on a free port,
 * and prints for the block's bundle and for one of its transactions' bundles:
 *
 *   bundle      the JSON's size as the API answers it, and in brotli (what a reader downloads)
 *   gathering   the API's time to make it (first request: every node call; nothing is cached)
 *   worker      "Check in this browser" in Chromium: the verifier's time in the Web Worker, as the
 *               panel reports it (median of --runs, each in a fresh page)
 *   node        verifyBundle in this Node process, for comparison (median of --runs)
 *
 * A benchmark: it prints, it asserts nothing. Figures on a loaded machine are noisy; compare runs
 * made under the same conditions.
 */
import { brotliCompressSync } from 'node:zlib';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import type { Hex } from 'viem';
import { startContractAddresses, tokenTransferData } from '../devnet/contracts';
import { startDevnet } from '../devnet/index';
import { getChain } from '../lib/protocol/chains';
import { signTransaction } from '../lib/protocol/transaction';
import { verifyBundle } from '../lib/evidence/verify-bundle';
import { rpcEnvFor } from '../e2e/support/env';
import { startExplorer } from '../e2e/support/explorer';
import { freePort } from '../e2e/support/ports';
import { launchChromium } from './bench/js-bytes';

const { values } = parseArgs({ options: { 'port-offset': { type: 'string', default: '7500' }, runs: { type: 'string', default: '5' } } });
const OFFSET = Number(values['port-offset']);
const RUNS = Number(values.runs);
const ZONE = 'cyprus1';
const COUNT = 100;
const GWEI = 1_000_000_000n;
const CHAINS = ['prime', 'cyprus', 'cyprus1'].map((n) => getChain(n as 'prime'));

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

async function rpc<T>(url: string, body: unknown): Promise<T> {
  const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  return (await response.json()) as T;
}
const call = async <T>(url: string, method: string, params: unknown[]) => (await rpc<{ result: T }>(url, { jsonrpc: '2.0', id: 1, method, params })).result;

/** Sends COUNT transactions in one JSON-RPC batch; resolves with the block that holds them all, or undefined when a block boundary split them. */
async function fullBlock(url: string, devnet: Awaited<ReturnType<typeof startDevnet>>): Promise<{ block: Hex; tx: Hex } | undefined> {
  const sender = devnet.accounts.find((a) => a.zone === ZONE);
  if (!sender) throw new Error('no dev account in cyprus1');
  const token = startContractAddresses(sender.address, ZONE).token.address;
  const first = BigInt(await call<Hex>(url, 'quai_getTransactionCount', [sender.address, 'pending']));
  const raws: Hex[] = [];
  for (let i = 0; i < COUNT; i++) {
    const recipient = `0x00${(i + 1).toString(16).padStart(38, '0')}` as Hex;
    const transfer = i % 2 === 1;
    raws.push(
      await signTransaction(
        {
          type: 0, chainId: devnet.chainId, nonce: first + BigInt(i), gasTipCap: GWEI, gasFeeCap: 50n * GWEI, gas: transfer ? 100_000n : 21_000n,
          to: transfer ? token : recipient, value: transfer ? 0n : 1_000n, data: transfer ? tokenTransferData(recipient, 1n) : '0x', accessList: [],
        },
        sender.privateKey,
      ),
    );
  }
  // The miner waits while the batch goes in, so the next block takes all of it.
  await devnet.pauseMining();
  const sent = await rpc<{ result?: Hex; error?: { message: string } }[]>(url, raws.map((raw, i) => ({ jsonrpc: '2.0', id: i, method: 'quai_sendRawTransaction', params: [raw] })));
  devnet.resumeMining();
  const hashes = sent.map((s) => {
    if (!s.result) throw new Error(`a send was refused: ${s.error?.message}`);
    return s.result;
  });
  const last = hashes[hashes.length - 1]!;
  for (;;) {
    const receipt = await call<{ blockHash: Hex } | null>(url, 'quai_getTransactionReceipt', [last]);
    if (receipt) {
      const block = await call<{ transactions: Hex[] }>(url, 'quai_getBlockByHash', [receipt.blockHash, false]);
      return hashes.every((h) => block.transactions.includes(h)) ? { block: receipt.blockHash, tx: hashes[1]! } : undefined;
    }
    await devnet.waitForBlocks(ZONE, 1, 60_000);
  }
}

async function main(): Promise<void> {
  if (!existsSync(join(import.meta.dirname, '..', '.next', 'BUILD_ID'))) {
    console.error('bench:evidence: no build in .next; run `npm run build` first');
    process.exit(1);
  }
  const devnet = await startDevnet({ topology: '1x1', portOffset: OFFSET });
  try {
    const url = devnet.urlOf(ZONE);
    await devnet.waitForBlocks(ZONE, 2, 60_000);
    let found: { block: Hex; tx: Hex } | undefined;
    for (let attempt = 0; !found; attempt++) {
      if (attempt >= 5) throw new Error(`${COUNT} transactions never landed in one block`);
      found = await fullBlock(url, devnet);
    }
    // The headers above the block: a few are enough to measure (HEADER_SPAN would take most of a minute).
    await devnet.waitForBlocks(ZONE, 3, 60_000);
    const explorer = await startExplorer(await freePort(), { ...rpcEnvFor(OFFSET, CHAINS), STRATA_LOG: 'off', STRATA_RATE_LIMIT: 'off' });
    const browser = await launchChromium();
    try {
      const rows: string[] = [];
      const targets = [
        { name: `block of ${COUNT} txs`, api: `/api/v1/evidence/block/${ZONE}/${found.block}`, page: `/chain/${ZONE}/block/${found.block}` },
        { name: 'one of its txs', api: `/api/v1/evidence/tx/${found.tx}`, page: `/tx/${found.tx}` },
      ];
      for (const target of targets) {
        const started = performance.now();
        const response = await fetch(`${explorer.url}${target.api}`);
        const text = await response.text();
        const gathering = performance.now() - started;
        if (!response.ok) throw new Error(`${target.api}: ${response.status} ${text}`);
        const bundle: unknown = JSON.parse(text);
        const nodeTimes: number[] = [];
        for (let i = 0; i < RUNS; i++) {
          const t = performance.now();
          const report = await verifyBundle(bundle);
          nodeTimes.push(performance.now() - t);
          if (report.verdict !== 'checked') throw new Error(`${target.api}: ${report.failed.map((c) => c.name).join(', ')}`);
        }
        const workerTimes: number[] = [];
        for (let i = 0; i < RUNS; i++) {
          const context = await browser.newContext();
          const page = await context.newPage();
          await page.goto(`${explorer.url}${target.page}`, { waitUntil: 'load' });
          await page.getByTestId('check-in-browser').click();
          const shown = await page.getByTestId('evidence-verify-ms').textContent({ timeout: 120_000 });
          workerTimes.push(Number(/(\d+) ms/.exec(shown ?? '')?.[1]));
          await context.close();
        }
        rows.push(
          `| ${target.name} | ${kb(text.length)} | ${kb(brotliCompressSync(text).length)} | ${Math.round(gathering)} ms | ${median(workerTimes)} ms | ${Math.round(median(nodeTimes))} ms |`,
        );
      }
      console.log(`bench:evidence — ${COUNT} transactions in one ${ZONE} block; medians of ${RUNS} runs\n`);
      console.log('| bundle | JSON | brotli | gathering (API, first request) | worker (Chromium) | verifyBundle (Node) |');
      console.log('|---|---|---|---|---|---|');
      for (const row of rows) console.log(row);
    } finally {
      await browser.close();
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
