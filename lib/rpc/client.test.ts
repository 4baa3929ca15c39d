import { afterAll, beforeAll, beforeEach, describe, expect, expectTypeOf, it } from 'vitest';
import { loadConfig } from '@/lib/ops/config';
import { createChainClient, createNetworkClients, type ChainClient } from './client';
import { getBalance } from './actions/state/getBalance';
import { InvalidResponseError, MethodNotFoundError } from './errors';
import type { Block, Hash, Header, Transaction } from './domain';
import { jsonRpcHandler, startTestServer, type TestServer } from './test-server';
import { a, h, pendingBlockJson, type0Json, uncleJson, zoneBlockJson, zoneHeaderJson } from './parse/fixtures';

let server: TestServer;
/** What the fake node answers, by method name. */
let answers: Record<string, unknown>;
let client: ChainClient;

beforeAll(async () => {
  server = await startTestServer(() => undefined);
});
afterAll(() => server.close());
beforeEach(() => {
  server.requests.length = 0;
  answers = {};
  server.handler = jsonRpcHandler((call) =>
    call.method in answers
      ? { result: answers[call.method] }
      : { error: { code: -32601, message: `the method ${call.method} does not exist/is not available` } },
  );
  client = createChainClient({ chain: 'cyprus1', url: server.url, timeoutMs: 2_000 });
});

/** The [method, params] of every call the server received, batches flattened. */
function calls(): [string, unknown[]][] {
  return server.requests.flatMap((r) => (Array.isArray(r.body) ? r.body : [r.body])).map((b) => {
    const c = b as { method: string; params: unknown[] };
    return [c.method, c.params];
  });
}

describe('client: methods and params', () => {
  it('uses the quai namespace by default and a configured one otherwise', async () => {
    answers = { quai_blockNumber: '0x2a', svc_blockNumber: '0x2b' };
    expect(await client.getBlockNumber()).toBe(42n);
    const svc = createChainClient({ chain: 'cyprus1', url: server.url, namespace: 'svc' });
    expect(await svc.getBlockNumber()).toBe(43n);
    expect(calls().map((c) => c[0])).toEqual(['quai_blockNumber', 'svc_blockNumber']);
  });

  it('state methods send the default block parameter, latest when omitted', async () => {
    answers = { quai_getBalance: '0xde0b6b3a7640000', quai_getCode: '0x6080', quai_getTransactionCount: '0x5', quai_getStorageAt: h('00'), quai_call: '0x01', quai_getProof: null };
    const address = a('1a');
    expect(await client.getBalance({ address })).toBe(10n ** 18n);
    expect(await client.getBalance({ address, blockTag: 7n })).toBe(10n ** 18n);
    expect(await client.getCode({ address, blockTag: 'earliest' })).toBe('0x6080');
    expect(await client.getTransactionCount({ address, blockTag: 'pending' })).toBe(5n);
    expect(await client.getStorageAt({ address, position: '0x00' })).toBe(h('00'));
    expect(await client.call({ request: { to: address, data: '0x70a08231', value: 0n, gas: 100_000n } })).toBe('0x01');
    expect(calls()).toEqual([
      ['quai_getBalance', [address, 'latest']],
      ['quai_getBalance', [address, '0x7']],
      ['quai_getCode', [address, 'earliest']],
      ['quai_getTransactionCount', [address, 'pending']],
      ['quai_getStorageAt', [address, '0x00', 'latest']],
      ['quai_call', [{ to: address, data: '0x70a08231', value: '0x0', gas: '0x186a0' }, 'latest']],
    ]);
  });

  it('estimateGas sends a tag only when given; getProof sends its storage keys', async () => {
    answers = {
      quai_estimateGas: '0x5208',
      quai_getProof: { address: a('1a'), accountProof: [], balance: '0x0', codeHash: h('c5'), nonce: '0x0', storageHash: h('56'), storageProof: [] },
    };
    expect(await client.estimateGas({ request: { from: a('1a'), to: a('1b'), value: 1n } })).toBe(21_000n);
    await client.estimateGas({ request: {}, blockTag: 'pending' });
    await client.getProof({ address: a('1a'), storageKeys: [h('00')] });
    expect(calls()).toEqual([
      ['quai_estimateGas', [{ from: a('1a'), to: a('1b'), value: '0x1' }]],
      ['quai_estimateGas', [{}, 'pending']],
      ['quai_getProof', [a('1a'), [h('00')], 'latest']],
    ]);
  });

  it('getBlockByNumber: tag or number, full flag, typed transactions', async () => {
    answers = { quai_getBlockByNumber: zoneBlockJson(true) };
    const block = await client.getBlockByNumber({ blockNumber: 42n, full: true });
    expectTypeOf(block).toEqualTypeOf<Block<'full', false> | null>();
    expect(block?.transactions.map((t) => t.type)).toEqual([0, 1, 2]);
    answers = { quai_getBlockByNumber: zoneBlockJson(false) };
    const hashes = await client.getBlockByNumber({ blockNumber: 'latest' });
    expectTypeOf(hashes?.transactions).toEqualTypeOf<readonly Hash[] | undefined>();
    expect(hashes?.hash).toBe(zoneHeaderJson().hash);
    expect(calls()).toEqual([
      ['quai_getBlockByNumber', ['0x2a', true]],
      ['quai_getBlockByNumber', ['latest', false]],
    ]);
  });

  it('getBlockByNumber pending: null hash accepted and typed as possibly null', async () => {
    answers = { quai_getBlockByNumber: pendingBlockJson() };
    const block = await client.getBlockByNumber({ blockNumber: 'pending' });
    expectTypeOf(block).toEqualTypeOf<Block<'hashes', true> | null>();
    expect(block?.hash).toBeNull();
  });

  it('not found is null, not an error', async () => {
    answers = {
      quai_getBlockByHash: null,
      quai_getTransactionByHash: null,
      quai_getTransactionReceipt: null,
      quai_getHeaderByHash: null,
      quai_getUncleByBlockNumberAndIndex: null,
      quai_getRawTransactionByHash: '0x',
      quai_getBlockTransactionCountByHash: null,
    };
    expect(await client.getBlockByHash({ blockHash: h('01') })).toBeNull();
    expect(await client.getTransactionByHash({ hash: h('01') })).toBeNull();
    expect(await client.getTransactionReceipt({ hash: h('01') })).toBeNull();
    expect(await client.getHeaderByHash({ blockHash: h('01') })).toBeNull();
    expect(await client.getUncleByBlockNumberAndIndex({ blockNumber: 1n, index: 0 })).toBeNull();
    expect(await client.getRawTransactionByHash({ hash: h('01') })).toBeNull();
    expect(await client.getBlockTransactionCountByHash({ blockHash: h('01') })).toBeNull();
  });

  it('indexes are quantities; uncles parse with null arrays', async () => {
    answers = { quai_getUncleByBlockHashAndIndex: uncleJson(), quai_getTransactionByBlockHashAndIndex: type0Json() };
    const uncle = await client.getUncleByBlockHashAndIndex({ blockHash: h('01'), index: 1 });
    expect(uncle?.parentHash).toBeNull();
    const tx = await client.getTransactionByBlockHashAndIndex({ blockHash: h('01'), index: 10n });
    expectTypeOf(tx).toEqualTypeOf<Transaction | null>();
    expect(calls()).toEqual([
      ['quai_getUncleByBlockHashAndIndex', [h('01'), '0x1']],
      ['quai_getTransactionByBlockHashAndIndex', [h('01'), '0xa']],
    ]);
  });

  it('debug methods send the height as a JSON integer; block RLP without 0x comes back with it', async () => {
    answers = { debug_getBlockRlp: 'f90201c0c0', debug_printBlock: 'Block(#42)', debug_chaindbProperty: 'blocks: 42' };
    expect(await client.getBlockRlp({ height: 42n })).toBe('0xf90201c0c0');
    expect(await client.printBlock({ height: 42 })).toBe('Block(#42)');
    expect(await client.getChaindbProperty({ property: 'leveldb.stats' })).toBe('blocks: 42');
    expect(calls()).toEqual([
      ['debug_getBlockRlp', [42]],
      ['debug_printBlock', [42]],
      ['debug_chaindbProperty', ['leveldb.stats']],
    ]);
    await expect(client.getBlockRlp({ height: 2n ** 60n })).rejects.toThrow(RangeError);
  });

  it('net_ and txpool_ keep their namespaces; net_version sends no params', async () => {
    answers = { net_version: '1337', net_listening: true, net_peerCount: '0x3', txpool_status: { pending: '0x1', queued: '0x2' } };
    expect(await client.getNetVersion()).toBe('1337');
    expect(await client.getNetListening()).toBe(true);
    expect(await client.getNetPeerCount()).toBe(3n);
    expect(await client.getTxPoolStatus()).toEqual({ pending: 1n, queued: 2n });
    expect(calls()).toContainEqual(['net_version', []]);
  });

  it('a node without txpool_ answers MethodNotFoundError', async () => {
    await expect(client.getTxPoolContent()).rejects.toBeInstanceOf(MethodNotFoundError);
  });

  it('bound actions and plain actions are the same calls, and concurrent ones share a request', async () => {
    answers = { quai_getBalance: '0x1', quai_chainId: '0x539', quai_nodeLocation: ['0x0', '0x0'], quai_gasPrice: '0x3b9aca00' };
    const [x, y, id, loc, price] = await Promise.all([
      client.getBalance({ address: a('01') }),
      getBalance(client, { address: a('02') }),
      client.getChainId(),
      client.getNodeLocation(),
      client.getGasPrice(),
    ]);
    expect([x, y, id, loc, price]).toEqual([1n, 1n, 1337n, [0, 0], 1_000_000_000n]);
    expect(server.requests).toHaveLength(1);
  });
});

describe('createNetworkClients', () => {
  it('one client per configured chain, with the configured namespace and URL', async () => {
    const config = loadConfig({
      STRATA_CHAINS: 'prime,cyprus1',
      STRATA_RPC_CYPRUS1: `http://user:secretpw@127.0.0.1:${server.port}`,
      STRATA_RPC_NAMESPACE: 'svc',
      STRATA_RPC_TIMEOUT_MS: '1234',
    });
    const clients = createNetworkClients(config);
    expect([...clients.keys()]).toEqual(['prime', 'cyprus1']);
    const zone = clients.get('cyprus1');
    expect(zone?.namespace).toBe('svc');
    expect(zone?.url).toBe(`http://127.0.0.1:${server.port}`);
    expect(clients.get('prime')?.url).toBe('http://127.0.0.1:8546');
    answers = { svc_chainId: '0x539' };
    expect(await zone?.getChainId()).toBe(1337n);
  });
});

describe('client: header by number', () => {
  it('types and parses pending headers apart from numbered ones', async () => {
    answers = { quai_getHeaderByNumber: { ...zoneHeaderJson(), hash: null, nonce: null, miner: null } };
    const pending = await client.getHeaderByNumber({ blockNumber: 'pending' });
    expectTypeOf(pending).toEqualTypeOf<Header<true> | null>();
    expect(pending?.hash).toBeNull();
    // The same answer for a numbered block is malformed: only `pending` may lack a hash.
    await expect(client.getHeaderByNumber({ blockNumber: 5n })).rejects.toBeInstanceOf(InvalidResponseError);
    const numbered = client.getHeaderByNumber({ blockNumber: 5n });
    expectTypeOf(numbered).resolves.toEqualTypeOf<Header | null>();
    await numbered.catch(() => undefined);
  });
});

describe('client: malformed answers', () => {
  it('a bad field deep in a block becomes InvalidResponseError naming its path, chain and method', async () => {
    answers = { quai_getBlockByNumber: { ...zoneBlockJson(false), parentHash: [h('b0'), '0x12', h('b2')] } };
    const error = await client.getBlockByNumber({ blockNumber: 1n }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InvalidResponseError);
    const e = error as InvalidResponseError;
    expect(e.field).toBe('block.parentHash[1]');
    expect(e.shortMessage).toBe('Invalid response from the cyprus1 node: block.parentHash[1]: expected 32-byte hash, got "0x12"');
    expect([e.chain, e.method]).toEqual(['cyprus1', 'quai_getBlockByNumber']);
  });

  it('a scalar of the wrong kind is rejected too', async () => {
    answers = { quai_getBalance: 100 };
    const error = await client.getBalance({ address: a('01') }).catch((e: unknown) => e);
    expect((error as InvalidResponseError).field).toBe('balance');
  });
});
