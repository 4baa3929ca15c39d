/**
 * `npm run bench:verify`: verification's figures against the production build (`npm run build`
 * first). Starts a 1x1 devnet with traffic at --port-offset (its start contracts: DevToken, DevNft,
 * DevMulti, DevProxy in cyprus1) and one explorer with a fresh embedded index, then:
 *
 *   submit → verdict   per start contract: verifysourcecode POSTed to /api, checkverifystatus polled
 *                      every 50 ms until a verdict (the compile on a worker thread, the match, the store)
 *   page latency       GET /address/<token> and /api/v1/contract/<token>, --requests times each
 *                      (sequential), while the token is unverified and once it is verified: median, p90
 *
 * A benchmark: it prints, it asserts nothing. Figures on a loaded machine are noisy; compare runs
 * made under the same conditions.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import solc from 'solc';
import { devAccountsOf } from '../devnet/accounts';
import { startContractAddresses, type StartContract } from '../devnet/contracts';
import { startDevnet } from '../devnet/index';
import { getChain } from '../lib/protocol/chains';
import { rpcEnvFor } from '../e2e/support/env';
import { startExplorer } from '../e2e/support/explorer';
import { freePort } from '../e2e/support/ports';

const { values } = parseArgs({ options: { 'port-offset': { type: 'string', default: '3000' }, requests: { type: 'string', default: '20' } } });
const OFFSET = Number(values['port-offset']);
const REQUESTS = Number(values.requests);
const ZONE = 'cyprus1';
const CHAINS = ['prime', 'cyprus', 'cyprus1'].map((n) => getChain(n as 'prime'));
const VERSION = `v${solc.version().replace(/\.Emscripten.*$/, '')}`;
const FILES: Record<StartContract, string> = { token: 'DevToken', nft: 'DevNft', multi: 'DevMulti', proxy: 'DevProxy', forwarder: 'DevForwarder' };

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;
const p90 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.ceil(0.9 * xs.length) - 1)] ?? NaN;

async function waitUntil(what: string, probe: () => Promise<boolean>, timeoutMs = 180_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await probe().catch(() => false))) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

async function latency(url: string): Promise<{ median: number; p90: number; status: number }> {
  const times: number[] = [];
  let status = 0;
  for (let i = 0; i < REQUESTS; i++) {
    const start = performance.now();
    const res = await fetch(url);
    await res.arrayBuffer();
    times.push(performance.now() - start);
    status = res.status;
  }
  return { median: median(times), p90: p90(times), status };
}

async function main(): Promise<void> {
  const devnet = await startDevnet({ topology: '1x1', traffic: true, portOffset: OFFSET, blockTimeMs: 1000 });
  const dir = mkdtempSync(join(tmpdir(), 'strata-bench-verify-'));
  const explorer = await startExplorer(await freePort(), {
    ...rpcEnvFor(OFFSET, CHAINS), STRATA_INDEX: 'on', STRATA_INDEX_DIR: dir, STRATA_SOLC_DOWNLOAD: 'off', STRATA_RATE_LIMIT: 'off',
  });
  try {
    const planned = startContractAddresses(devAccountsOf(ZONE)[0]!.address, ZONE);
    const api = `${explorer.url}/api`;
    for (const kind of Object.keys(FILES) as StartContract[]) {
      const address = planned[kind].address;
      await waitUntil(`the indexed creation of ${FILES[kind]}`, async () => {
        const json = (await (await fetch(`${api}?module=contract&action=getcontractcreation&contractaddresses=${address}`)).json()) as { status: string };
        return json.status === '1';
      });
    }
    const token = planned.token.address;
    const before = { page: await latency(`${explorer.url}/address/${token}`), tab: await latency(`${explorer.url}/address/${token}?tab=contract`), api: await latency(`${explorer.url}/api/v1/contract/${token}`) };

    console.log(`submit → verdict (solc ${VERSION} on a worker thread, PGlite):`);
    for (const kind of Object.keys(FILES) as StartContract[]) {
      const name = FILES[kind];
      const input = {
        language: 'Solidity',
        sources: { [`${name}.sol`]: { content: readFileSync(join('devnet/contracts', `${name}.sol`), 'utf8') } },
        settings: { optimizer: { enabled: true, runs: 200 }, evmVersion: 'shanghai' },
      };
      const start = performance.now();
      const submitted = (await (await fetch(api, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ module: 'contract', action: 'verifysourcecode', contractaddress: planned[kind].address, sourceCode: JSON.stringify(input),
          codeformat: 'solidity-standard-json-input', contractname: `${name}.sol:${name}`, compilerversion: VERSION }),
      })).json()) as { status: string; result: string };
      if (submitted.status !== '1') {
        console.log(`  ${name.padEnd(9)} refused: ${submitted.result}`);
        continue;
      }
      let verdict: { result: string; reason?: string } = { result: 'Pending in queue' };
      while (verdict.result === 'Pending in queue') {
        await new Promise((r) => setTimeout(r, 50));
        verdict = (await (await fetch(`${api}?module=contract&action=checkverifystatus&guid=${submitted.result}`)).json()) as typeof verdict;
      }
      console.log(`  ${name.padEnd(9)} ${(performance.now() - start).toFixed(0).padStart(6)} ms  ${verdict.result}${verdict.reason ? ` (${verdict.reason})` : ''}`);
    }

    const after = { page: await latency(`${explorer.url}/address/${token}`), tab: await latency(`${explorer.url}/address/${token}?tab=contract`), api: await latency(`${explorer.url}/api/v1/contract/${token}`) };
    console.log(`\nlatency of the DevToken's pages, ${REQUESTS} sequential requests each (median / p90 ms, last status):`);
    const row = (label: string, r: { median: number; p90: number; status: number }) =>
      console.log(`  ${label.padEnd(45)} ${r.median.toFixed(1).padStart(7)} / ${r.p90.toFixed(1).padStart(7)}  ${r.status}`);
    row('/address/<token>, unverified', before.page);
    row('/address/<token>, verified', after.page);
    row('/address/<token>?tab=contract, unverified', before.tab);
    row('/address/<token>?tab=contract, verified', after.tab);
    row('/api/v1/contract/<token>, unverified', before.api);
    row('/api/v1/contract/<token>, verified', after.api);
  } finally {
    await explorer.stop();
    await devnet.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
