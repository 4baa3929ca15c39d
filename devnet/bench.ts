/**
 * `npm run bench:devnet`: measures a running devnet, each figure with its own wall-clock timing.
 *   1. zone blocks per second (the whole network, at the default block time, for --blocks-seconds)
 *   2. sendRawTransaction throughput over HTTP at concurrency 16 (pre-signed transfers)
 *   3. p50/p99 latency of getBlockByNumber(full=true) and of getProof at concurrency 16
 * Flags: --topology (default 3x3), --blocks-seconds (default 20), --txs (default 2000),
 * --requests (default 1000), --port-offset (default 30000).
 */
import { parseArgs } from 'node:util';
import type { Hex } from 'viem';
import { signTransaction } from '@/lib/protocol/transaction';
import { startDevnet } from './index';

const { values } = parseArgs({
  options: {
    topology: { type: 'string', default: '3x3' },
    'blocks-seconds': { type: 'string', default: '20' },
    txs: { type: 'string', default: '2000' },
    requests: { type: 'string', default: '1000' },
    'port-offset': { type: 'string', default: '30000' },
  },
});
const CONCURRENCY = 16;

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
}

async function rpc(url: string, method: string, params: unknown[]): Promise<unknown> {
  const response = await fetch(url, {
    method: 'POST', headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  });
  const reply = (await response.json()) as { result?: unknown; error?: { message: string } };
  if (reply.error) throw new Error(`${method}: ${reply.error.message}`);
  return reply.result;
}

/** Run `task(i)` for i in [0, count) with `CONCURRENCY` workers; per-call latencies in ms. */
async function pool(count: number, task: (i: number) => Promise<unknown>): Promise<{ latencies: number[]; elapsedMs: number }> {
  const latencies: number[] = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(Array.from({ length: CONCURRENCY }, async () => {
    while (next < count) {
      const i = next++;
      const t = performance.now();
      await task(i);
      latencies.push(performance.now() - t);
    }
  }));
  return { latencies: latencies.sort((a, b) => a - b), elapsedMs: performance.now() - started };
}

const fmt = (ms: number): string => `${ms.toFixed(1)} ms`;

async function main(): Promise<void> {
  const devnet = await startDevnet({ topology: values.topology, portOffset: Number(values['port-offset']) });
  const zone = devnet.topology.zones[0]!.name;
  const url = devnet.urlOf(zone);
  console.log(`bench: ${devnet.topology.name} devnet, measuring on ${zone} (${url}), concurrency ${CONCURRENCY}`);
  try {
    // 1. Zone blocks per second.
    const seconds = Number(values['blocks-seconds']);
    const before = devnet.topology.zones.map((z) => devnet.network.store(z.name).height);
    const t1 = performance.now();
    await new Promise((r) => setTimeout(r, seconds * 1000));
    const elapsed1 = (performance.now() - t1) / 1000;
    const mined = devnet.topology.zones.reduce((n, z, i) => n + devnet.network.store(z.name).height - before[i]!, 0);
    const regions = devnet.network.store(devnet.topology.chains[1]!.name).height;
    console.log(`zone blocks/s: ${(mined / elapsed1).toFixed(2)} over ${devnet.topology.zones.length} zones (${(mined / elapsed1 / devnet.topology.zones.length).toFixed(2)} per zone; ${mined} blocks in ${elapsed1.toFixed(1)} s; ${devnet.topology.chains[1]!.name} at height ${regions})`);

    // 2. sendRawTransaction throughput: transfers pre-signed from the zone's dev accounts.
    const count = Number(values.txs);
    const accounts = devnet.accounts.filter((a) => a.zone === zone);
    const raws: Hex[] = [];
    const nonces = await Promise.all(accounts.map(async (a) => BigInt((await rpc(url, `${devnet.namespace}_getTransactionCount`, [a.address, 'pending'])) as string)));
    for (let i = 0; i < count; i++) {
      const k = i % accounts.length;
      const from = accounts[k]!;
      const to = accounts[(k + 1) % accounts.length]!;
      raws.push(await signTransaction({
        type: 0, chainId: devnet.chainId, nonce: nonces[k]! + BigInt(Math.floor(i / accounts.length)), gasTipCap: 10n ** 9n,
        gasFeeCap: 10n ** 11n, gas: 21_000n, to: to.address, value: 1n, data: '0x', accessList: [],
      }, from.privateKey));
    }
    const sent = await pool(count, (i) => rpc(url, `${devnet.namespace}_sendRawTransaction`, [raws[i]]));
    console.log(`sendRawTransaction: ${(count / (sent.elapsedMs / 1000)).toFixed(0)} tx/s (${count} in ${fmt(sent.elapsedMs)}; p50 ${fmt(percentile(sent.latencies, 50))}, p99 ${fmt(percentile(sent.latencies, 99))})`);
    // Let them be mined so the full blocks below carry transactions.
    await devnet.waitForBlocks(zone, 2);

    // 3. Read latencies.
    const requests = Number(values.requests);
    const height = devnet.network.store(zone).height;
    const blocks = await pool(requests, (i) => rpc(url, `${devnet.namespace}_getBlockByNumber`, [`0x${Math.max(1, height - (i % 20)).toString(16)}`, true]));
    console.log(`getBlockByNumber(full): p50 ${fmt(percentile(blocks.latencies, 50))}, p99 ${fmt(percentile(blocks.latencies, 99))} (${requests} requests in ${fmt(blocks.elapsedMs)})`);
    const proofs = await pool(requests, (i) => rpc(url, `${devnet.namespace}_getProof`, [accounts[i % accounts.length]!.address, ['0x0'], 'latest']));
    console.log(`getProof: p50 ${fmt(percentile(proofs.latencies, 50))}, p99 ${fmt(percentile(proofs.latencies, 99))} (${requests} requests in ${fmt(proofs.elapsedMs)})`);
  } finally {
    await devnet.stop();
  }
}

main().then(() => process.exit(0), (error: unknown) => {
  console.error(error);
  process.exit(1);
});
