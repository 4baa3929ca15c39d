/**
 * The page loaders against a real devnet (1x1: prime, cyprus, cyprus1), through a counting HTTP
 * relay so the number of round trips each page costs is measured, not assumed.
 */
import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Devnet } from '@/devnet/index';
import { startDevnetOnFreePorts } from '@/devnet/test-support/free-ports';
import { devAccountsOf } from '@/devnet/accounts';
import type { ChainName } from '@/lib/protocol/chains';
import { signTransaction } from '@/lib/protocol/transaction';
import type { Hash } from '@/lib/rpc/domain';

const CHAINS: ChainName[] = ['prime', 'cyprus', 'cyprus1'];
const counts = new Map<ChainName, number>();
/** The body of every request each relay forwarded, in order. */
const bodies = new Map<ChainName, string[]>();
let devnet: Devnet;
const relays: Server[] = [];

/** An HTTP relay in front of one devnet chain that counts the requests it forwards. */
async function relay(chain: ChainName, target: string): Promise<string> {
  const url = new URL(target);
  const server = createServer((req, res) => {
    counts.set(chain, (counts.get(chain) ?? 0) + 1);
    const seen = bodies.get(chain) ?? [];
    bodies.set(chain, seen);
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => seen.push(body));
    const upstream = httpRequest(
      { host: url.hostname, port: url.port, path: '/', method: req.method, headers: req.headers },
      (up) => {
        res.writeHead(up.statusCode ?? 502, up.headers);
        up.pipe(res);
      },
    );
    upstream.on('error', () => res.destroy());
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  relays.push(server);
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

async function rpc<T>(chain: ChainName, method: string, params: unknown[]): Promise<T> {
  const res = await fetch(devnet.urlOf(chain), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  });
  const body = (await res.json()) as { result: T; error?: { message: string } };
  if (body.error) throw new Error(body.error.message);
  return body.result;
}

function requestsDuring<T>(chain: ChainName, run: () => Promise<T>): Promise<{ value: T; requests: number }> {
  const before = counts.get(chain) ?? 0;
  return run().then((value) => ({ value, requests: (counts.get(chain) ?? 0) - before }));
}

/**
 * The bodies of the requests forwarded to `chain` while `run` ran that mention `needle`: what a
 * lookup asked about its subject, apart from reads the process's earlier work still has going
 * over the same client (a resolver's tips and blocks land in the same window now and then).
 */
function requestsAbout<T>(chain: ChainName, needle: string, run: () => Promise<T>): Promise<{ value: T; requests: string[] }> {
  const before = bodies.get(chain)?.length ?? 0;
  return run().then((value) => ({ value, requests: (bodies.get(chain) ?? []).slice(before).filter((b) => b.includes(needle)) }));
}

// Imported after the environment points the explorer at the relays (configuration is read once).
let loaders: {
  block: typeof import('./load-block');
  tx: typeof import('@/lib/server/tx/load-tx');
  match: typeof import('@/lib/routes/match');
  resolvers: typeof import('@/lib/server/pipeline/resolvers');
  resolution: typeof import('@/lib/server/pipeline/resolution');
  clients: typeof import('@/lib/server/node/clients');
  lookup: typeof import('@/lib/server/node/lookup');
};

beforeAll(async () => {
  devnet = await startDevnetOnFreePorts({ topology: '1x1', blockTimeMs: 400 });
  process.env.STRATA_CHAINS = CHAINS.join(',');
  for (const chain of CHAINS) process.env[`STRATA_RPC_${chain.toUpperCase()}`] = await relay(chain, devnet.urlOf(chain));
  await devnet.waitForBlocks('cyprus1', 4);
  loaders = {
    block: await import('./load-block'),
    tx: await import('@/lib/server/tx/load-tx'),
    match: await import('@/lib/routes/match'),
    resolvers: await import('@/lib/server/pipeline/resolvers'),
    resolution: await import('@/lib/server/pipeline/resolution'),
    clients: await import('@/lib/server/node/clients'),
    lookup: await import('@/lib/server/node/lookup'),
  };
});

afterAll(async () => {
  await devnet?.stop();
  for (const server of relays) server.close();
});

describe('block loader', () => {
  it('loads a block by number with its count and the tip in one request', async () => {
    const chain = (await import('@/lib/protocol/chains')).getChain('cyprus1');
    const { value, requests } = await requestsDuring('cyprus1', () => loaders.block.lookupBlock(chain, { kind: 'number', number: 2n }));
    expect(requests).toBe(1);
    expect(value.found).toBe(true);
    if (!value.found) return;
    const fromNode = await rpc<{ hash: string; transactions: unknown[] }>('cyprus1', 'quai_getBlockByNumber', ['0x2', false]);
    expect(value.data.block.hash).toBe(fromNode.hash);
    expect(value.data.block.number[2]).toBe(2n);
    expect(value.data.txCount).toBe(BigInt(fromNode.transactions.length));
    expect(value.data.tip >= 2n).toBe(true);
    // An honest node's answer passes every answer check.
    expect(value.data.answers.failed).toEqual([]);
    expect(value.data.answers.checks.map((c) => c.field)).toEqual(['number[2]', 'location', 'order', 'transaction count']);
  });

  it('caches a full block by hash: the second lookup asks the node nothing', async () => {
    const chain = (await import('@/lib/protocol/chains')).getChain('cyprus1');
    const hash = (await rpc<{ hash: Hash }>('cyprus1', 'quai_getBlockByNumber', ['0x3', false])).hash;
    const first = await requestsDuring('cyprus1', () => loaders.lookup.cachedBlockByHash(loaders.clients.clientOf(chain), hash, true));
    const second = await requestsDuring('cyprus1', () => loaders.lookup.cachedBlockByHash(loaders.clients.clientOf(chain), hash, true));
    expect(first.requests).toBe(1);
    expect(second.requests).toBe(0);
    expect(second.value?.hash).toBe(hash);
  });
});

describe('resolvers (the verdict proxy.ts answers before a page renders, and the page draws)', () => {
  /** The verdict for `path` as a request of it gets one: matched, its resolver run on its parameters. */
  async function verdictAt(path: string) {
    const match = loaders.match.matchRoute(path);
    const resolver = loaders.resolvers.resolverOf(match?.route);
    if (!resolver) throw new Error(`no resolver for ${path}`);
    return loaders.resolution.runResolver(resolver, loaders.resolution.routeRequest({ match, pathname: path, query: '', client: 'test' }));
  }
  const reason = async (path: string) => {
    const verdict = await verdictAt(path);
    return verdict.kind === 'missing' ? verdict : undefined;
  };

  it('says why an unknown height, hash, uncle index or transaction is missing, and finds existing ones', async () => {
    const tip = BigInt(await rpc<string>('cyprus1', 'quai_blockNumber', []));
    const far = tip + 1_000_000n;
    expect((await reason(`/chain/cyprus1/block/${far}`))?.reason).toMatch(/^Cyprus 1 has no block at height [\d,]+ yet: its newest block is [\d,]+\.$/);
    expect((await verdictAt('/chain/cyprus1/block/1')).kind).toBe('found');
    expect((await reason(`/chain/cyprus1/block/0x${'ab'.repeat(32)}`))?.title).toBe('No such block');
    expect((await reason('/chain/cyprus1/block/1/uncle/99'))?.reason).toContain('so there is no uncle at index 99');
    expect((await reason('/chain/cyprus1/block/1/tx/5'))?.reason).toContain('so there is none at index 5');
    expect((await reason(`/tx/0x${'cd'.repeat(32)}`))?.details?.[0]).toBe('Asked 1 zone: Cyprus 1.');
    expect((await reason('/chain/paxos1'))?.title).toBe('Chain not served');
    expect((await reason(`/block/${far}`))?.reason).toContain('No chain served here has reached height');
    expect((await verdictAt('/block/1')).kind).toBe('found');
    expect(await verdictAt('/chain/cyprus1/block/latest')).toMatchObject({ kind: 'redirect', location: expect.stringMatching(/^\/chain\/cyprus1\/block\/\d+$/) });
    expect((await reason('/chain/cyprus1/block/pending'))?.title).toBe('The pending block is not a page');
    expect((await reason('/chain/cyprus1/block/latest/tx/0'))?.title).toBe('Name the block by number or hash');
  });

  it('a transaction page is final once its block is deep; a block page by hash answers /block/<hash> too', async () => {
    const block = await rpc<{ hash: string }>('cyprus1', 'quai_getBlockByNumber', ['0x1', false]);
    expect(await verdictAt(`/chain/cyprus1/block/${block.hash}`)).toMatchObject({ kind: 'found', alias: `/block/${block.hash}` });

    const [to, from] = devAccountsOf('cyprus1');
    if (!from || !to) throw new Error('no dev accounts');
    const nonce = BigInt(await rpc<string>('cyprus1', 'quai_getTransactionCount', [from.address, 'pending']));
    const raw = await signTransaction(
      { type: 0, chainId: devnet.chainId, nonce, gasTipCap: 1_000_000_000n, gasFeeCap: 20_000_000_000n, gas: 21_000n, to: to.address, value: 7n, data: '0x', accessList: [] },
      from.privateKey,
    );
    const hash = await rpc<Hash>('cyprus1', 'quai_sendRawTransaction', [raw]);
    expect(await verdictAt(`/tx/${hash}`), 'pending: not final').toMatchObject({ kind: 'found', final: false });
    await devnet.waitForBlocks('cyprus1', 2);
    await new Promise((r) => setTimeout(r, 3_100)); // past the shared lookup's lifetime
    process.env.STRATA_FINALITY_DEPTH = '1';
    try {
      expect(await verdictAt(`/tx/${hash}`), 'mined, one block deep').toMatchObject({ kind: 'found', final: true });
      process.env.STRATA_FINALITY_DEPTH = '1000';
      expect(await verdictAt(`/tx/${hash}`), 'mined, not 1,000 blocks deep').toMatchObject({ kind: 'found', final: false });
    } finally {
      delete process.env.STRATA_FINALITY_DEPTH;
    }
  });
});

describe('transaction loader', () => {
  it('finds a sent transaction with its raw bytes in one request per zone, then mined with its receipt', async () => {
    const [from, to] = devAccountsOf('cyprus1');
    if (!from || !to) throw new Error('no dev accounts');
    const nonce = BigInt(await rpc<string>('cyprus1', 'quai_getTransactionCount', [from.address, 'pending']));
    const raw = await signTransaction(
      { type: 0, chainId: devnet.chainId, nonce, gasTipCap: 1_000_000_000n, gasFeeCap: 20_000_000_000n, gas: 21_000n, to: to.address, value: 5n, data: '0x', accessList: [] },
      from.privateKey,
    );
    const hash = await rpc<Hash>('cyprus1', 'quai_sendRawTransaction', [raw]);
    const { value, requests } = await requestsAbout('cyprus1', hash, () => loaders.tx.lookupTxByHash(hash));
    // One request: the transaction, its raw bytes and receipt, and the tip, batched.
    expect(requests).toHaveLength(1);
    const methods = (JSON.parse(requests[0] as string) as { method: string }[]).map((call) => call.method);
    expect(methods.sort()).toEqual(['quai_blockNumber', 'quai_getRawTransactionByHash', 'quai_getTransactionByHash', 'quai_getTransactionReceipt']);
    expect(value.found).toBe(true);
    if (!value.found) return;
    expect(value.data.tx.hash).toBe(hash);
    expect(value.data.raw).toBe(raw);

    await devnet.waitForBlocks('cyprus1', 2);
    await new Promise((r) => setTimeout(r, 3_100)); // past the shared result's lifetime
    const mined = await loaders.tx.lookupTxByHash(hash);
    if (!mined.found) throw new Error('lost the transaction');
    expect(mined.data.tx.blockHash).not.toBeNull();
    expect(mined.data.receipt.served && mined.data.receipt.value?.status).toBe('success');
    // Hash, raw bytes and receipt all fit the question on an honest node.
    expect(mined.data.answers.failed).toEqual([]);
    expect(mined.data.answers.checks.map((c) => c.field)).toEqual([
      'hash', 'raw bytes', 'receipt transactionHash', 'receipt blockHash', 'receipt blockNumber', 'receipt transactionIndex',
    ]);

    const { checkTransaction } = await import('@/lib/checks/signature');
    const report = await checkTransaction(mined.data.tx, raw);
    expect(report.ok && report.allMatch).toBe(true);
  });
});
