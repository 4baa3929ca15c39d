/**
 * Conformance of the devnet's JSON-RPC over HTTP: every method of spec §4.2–4.7 (plus
 * getTransactionReceipt) on the kind of chain that serves it, each field's format checked against
 * the spec's types by a small checker written here from spec §2.1 (independent of the devnet's
 * own formatting code), every error case the spec names, and the chain's own invariants: block hashes
 * recompute from the header, debug_getBlockRlp decodes to the same header, a region block's
 * subManifest lists zone blocks and commits to manifestHash, ETXs reach their destination.
 */
import { keccak256, type Address, type Hex } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blockHash, calcUncleHash, decodeBlockRlp, type HeaderFields } from '@/lib/protocol/header';
import { verifySeal } from '@/lib/protocol/pow';
import { verifyAccountProof } from '@/lib/protocol/proof';
import { signTransaction } from '@/lib/protocol/transaction';
import { manifestRoot } from '@/lib/protocol/trie-root';
import { type Devnet } from './index';
import { startDevnetOnFreePorts } from './test-support/free-ports';

// ---------------------------------------------------------------- format checker (spec §2.1)

type Kind =
  | 'Q' | 'D' | 'H' | 'A' | 'N8' | 'int' | 'bool' | 'string' | 'Q3' | 'H3'
  | 'Q|null' | 'H|null' | 'A|null' | 'N8|null' | 'array' | 'number[]' | 'Q[]' | 'H[]' | 'D[]';

const QUANTITY = /^0x(0|[1-9a-f][0-9a-f]*)$/;
const DATA = /^0x([0-9a-f]{2})*$/i;
const isQ = (v: unknown): boolean => typeof v === 'string' && QUANTITY.test(v);
const isD = (v: unknown, bytes?: number): boolean =>
  typeof v === 'string' && DATA.test(v) && (bytes === undefined || v.length === 2 + bytes * 2);

function checkKind(value: unknown, kind: Kind): boolean {
  switch (kind) {
    case 'Q': return isQ(value);
    case 'D': return isD(value);
    case 'H': return isD(value, 32);
    case 'A': return isD(value, 20);
    case 'N8': return isD(value, 8);
    case 'int': return typeof value === 'number' && Number.isInteger(value);
    case 'bool': return typeof value === 'boolean';
    case 'string': return typeof value === 'string';
    case 'Q3': return Array.isArray(value) && value.length === 3 && value.every(isQ);
    case 'H3': return Array.isArray(value) && value.length === 3 && value.every((v) => isD(v, 32));
    case 'Q|null': return value === null || isQ(value);
    case 'H|null': return value === null || isD(value, 32);
    case 'A|null': return value === null || isD(value, 20);
    case 'N8|null': return value === null || isD(value, 8);
    case 'array': return Array.isArray(value);
    case 'number[]': return Array.isArray(value) && value.every((v) => typeof v === 'number');
    case 'Q[]': return Array.isArray(value) && value.every(isQ);
    case 'H[]': return Array.isArray(value) && value.every((v) => isD(v, 32));
    case 'D[]': return Array.isArray(value) && value.every((v) => isD(v));
  }
}

type Schema = Record<string, Kind>;

/** Every field of `schema` present with its kind, and no field the schema does not know. */
function expectShape(value: unknown, schema: Schema, what: string): Record<string, unknown> {
  expect(typeof value === 'object' && value !== null && !Array.isArray(value), `${what} is an object`).toBe(true);
  const object = value as Record<string, unknown>;
  for (const [field, kind] of Object.entries(schema)) {
    expect(field in object, `${what}.${field} present`).toBe(true);
    expect(checkKind(object[field], kind), `${what}.${field} = ${JSON.stringify(object[field])} is ${kind}`).toBe(true);
  }
  for (const field of Object.keys(object)) expect(field in schema, `${what}.${field} is a known field`).toBe(true);
  return object;
}

const HEADER: Schema = {
  baseFeePerGas: 'Q', difficulty: 'Q', extRollupRoot: 'H', extTransactionsRoot: 'H', extraData: 'D',
  gasLimit: 'Q', gasUsed: 'Q', hash: 'H', location: 'D', manifestHash: 'H3', miner: 'A', mixHash: 'H',
  nonce: 'N8', number: 'Q3', parentDeltaS: 'Q3', parentEntropy: 'Q3', parentHash: 'H3', receiptsRoot: 'H',
  sha3Uncles: 'H', size: 'Q', stateRoot: 'H', timestamp: 'Q', transactionsRoot: 'H',
};
const { size: _size, ...UNCLE } = HEADER;
const BLOCK: Schema = {
  ...HEADER, order: 'int', totalEntropy: 'Q', transactions: 'array', extTransactions: 'array', uncles: 'array', subManifest: 'H[]',
};
const TX: Schema = {
  blockHash: 'H|null', blockNumber: 'Q|null', from: 'A', gas: 'Q', maxFeePerGas: 'Q', maxPriorityFeePerGas: 'Q',
  hash: 'H', input: 'D', nonce: 'Q', to: 'A|null', transactionIndex: 'Q|null', value: 'Q', type: 'Q',
  accessList: 'array', chainId: 'Q', v: 'Q', r: 'Q', s: 'Q',
};
const ETX_TX: Schema = { ...TX, v: 'Q|null', r: 'Q|null', s: 'Q|null', sender: 'A' };
const TYPE2_TX: Schema = { ...TX, etxGasLimit: 'Q', etxGasPrice: 'Q', etxGasTip: 'Q', etxData: 'D', etxAccessList: 'array' };
const LOG: Schema = {
  address: 'A', topics: 'H[]', data: 'D', blockNumber: 'Q', transactionHash: 'H', transactionIndex: 'Q',
  blockHash: 'H', logIndex: 'Q', removed: 'bool',
};
const RECEIPT: Schema = {
  blockHash: 'H', blockNumber: 'Q', transactionHash: 'H', transactionIndex: 'Q', from: 'A', to: 'A|null',
  gasUsed: 'Q', cumulativeGasUsed: 'Q', contractAddress: 'A|null', logs: 'array', etxs: 'array',
  logsBloom: 'D', type: 'Q', effectiveGasPrice: 'Q', status: 'Q',
};

function expectTx(value: unknown, what: string): Record<string, unknown> {
  const type = (value as { type?: unknown }).type;
  return expectShape(value, type === '0x1' ? ETX_TX : type === '0x2' ? TYPE2_TX : TX, what);
}

function expectReceipt(value: unknown, what: string): Record<string, unknown> {
  const receipt = expectShape(value, RECEIPT, what);
  for (const [i, log] of (receipt.logs as unknown[]).entries()) expectShape(log, LOG, `${what}.logs[${i}]`);
  return receipt;
}

function expectBlock(value: unknown, what: string, full: boolean): Record<string, unknown> {
  const block = expectShape(value, BLOCK, what);
  expect([0, 1, 2]).toContain(block.order);
  for (const [i, tx] of (block.transactions as unknown[]).entries()) {
    if (full) expectTx(tx, `${what}.transactions[${i}]`);
    else expect(checkKind(tx, 'H'), `${what}.transactions[${i}] is a hash`).toBe(true);
  }
  for (const [i, etx] of (block.extTransactions as unknown[]).entries()) {
    if (full) expectShape(etx, ETX_TX, `${what}.extTransactions[${i}]`);
    else expect(checkKind(etx, 'H')).toBe(true);
  }
  for (const [i, uncle] of (block.uncles as unknown[]).entries()) expectShape(uncle, UNCLE, `${what}.uncles[${i}]`);
  return block;
}

/** JSON header -> domain header, to recompute the hash with the project's codec. */
function headerFromJson(json: Record<string, unknown>): HeaderFields {
  const s = (k: string): Hex => json[k] as Hex;
  const b = (k: string): bigint => BigInt(json[k] as string);
  const t = <T>(k: string, f: (x: string) => T): readonly [T, T, T] => {
    const a = json[k] as string[];
    return [f(a[0]!), f(a[1]!), f(a[2]!)];
  };
  return {
    parentHash: t('parentHash', (x) => x as Hex), sha3Uncles: s('sha3Uncles'), miner: s('miner') as Address,
    stateRoot: s('stateRoot'), transactionsRoot: s('transactionsRoot'), extTransactionsRoot: s('extTransactionsRoot'),
    extRollupRoot: s('extRollupRoot'), manifestHash: t('manifestHash', (x) => x as Hex), receiptsRoot: s('receiptsRoot'),
    difficulty: b('difficulty'), parentEntropy: t('parentEntropy', BigInt), parentDeltaS: t('parentDeltaS', BigInt),
    number: t('number', BigInt), gasLimit: b('gasLimit'), gasUsed: b('gasUsed'), baseFeePerGas: b('baseFeePerGas'),
    location: s('location'), timestamp: b('timestamp'), extraData: s('extraData'), mixHash: s('mixHash'), nonce: s('nonce'),
  };
}

// ---------------------------------------------------------------- devnet and client

interface RpcReply {
  jsonrpc: string;
  id: unknown;
  result?: unknown;
  error?: { code: number; message: string; data?: unknown };
}

let devnet: Devnet;
let bare: Devnet;

async function post(url: string, body: string, contentType = 'application/json'): Promise<Response> {
  return fetch(url, { method: 'POST', headers: { 'content-type': contentType }, body });
}

async function call(chain: Parameters<Devnet['urlOf']>[0], method: string, params: unknown[] = [], net = devnet): Promise<RpcReply> {
  const response = await post(net.urlOf(chain), JSON.stringify({ jsonrpc: '2.0', id: 7, method, params }));
  expect(response.status).toBe(200);
  const reply = (await response.json()) as RpcReply;
  expect(reply.jsonrpc).toBe('2.0');
  expect(reply.id).toBe(7);
  return reply;
}

async function result(chain: Parameters<Devnet['urlOf']>[0], method: string, params: unknown[] = []): Promise<unknown> {
  const reply = await call(chain, method, params);
  expect(reply.error, `${chain} ${method} ${JSON.stringify(params)}`).toBeUndefined();
  return reply.result;
}

async function until<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs = 60_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

const ns = 'quai';
const GWEI = 1_000_000_000n;
let sender: { address: Address; privateKey: Hex };
let recipient: Address;
let crossZoneRecipient: Address;
let transferHash: Hex;
let crossZoneHash: Hex;
let queuedHash: Hex;
let etxHash: Hex;

beforeAll(async () => {
  // 1x2: prime, cyprus, cyprus1, cyprus2 — enough for region blocks, prime blocks and an ETX between zones.
  devnet = await startDevnetOnFreePorts({ topology: '1x2', blockTimeMs: 250, uncleRate: 0.3 });
  bare = await startDevnetOnFreePorts({ topology: '1x1', mining: false, serveTxpool: false, serveDebug: false, syncing: true });

  const [a, b] = devnet.accounts.filter((x) => x.zone === 'cyprus1');
  sender = a!;
  recipient = b!.address;
  crossZoneRecipient = devnet.accounts.find((x) => x.zone === 'cyprus2')!.address;
  const nonce = BigInt((await result('cyprus1', `${ns}_getTransactionCount`, [sender.address, 'pending'])) as string);
  const common = { chainId: 1337n, gasTipCap: 2n * GWEI, gasFeeCap: 20n * GWEI, data: '0x' as Hex, accessList: [] };
  const raw0 = await signTransaction({ ...common, type: 0, nonce, gas: 21_000n, to: recipient, value: 1000n }, sender.privateKey);
  const raw2 = await signTransaction({
    ...common, type: 2, nonce: nonce + 1n, gas: 100_000n, to: crossZoneRecipient, value: 12_345n,
    etxGasLimit: 21_000n, etxGasPrice: 20n * GWEI, etxGasTip: 2n * GWEI, etxData: '0x', etxAccessList: [],
  }, sender.privateKey);
  // A nonce gap: stays queued, so txpool's `queued` is not empty.
  const rawGap = await signTransaction({ ...common, type: 0, nonce: nonce + 5n, gas: 21_000n, to: recipient, value: 1n }, sender.privateKey);
  transferHash = (await result('cyprus1', `${ns}_sendRawTransaction`, [raw0])) as Hex;
  crossZoneHash = (await result('cyprus1', `${ns}_sendRawTransaction`, [raw2])) as Hex;
  queuedHash = (await result('cyprus1', `${ns}_sendRawTransaction`, [rawGap])) as Hex;
  expect(transferHash).toBe(keccak256(raw0));
  expect(crossZoneHash).toBe(keccak256(raw2));

  await until('both transactions mined', async () => {
    const r0 = (await call('cyprus1', `${ns}_getTransactionReceipt`, [transferHash])).result;
    const r2 = (await call('cyprus1', `${ns}_getTransactionReceipt`, [crossZoneHash])).result;
    return r0 && r2 ? true : undefined;
  });
  const receipt2 = (await result('cyprus1', `${ns}_getTransactionReceipt`, [crossZoneHash])) as { etxs: { hash: Hex }[] };
  etxHash = receipt2.etxs[0]!.hash;
  await until('the ETX credited in cyprus2', async () =>
    (await call('cyprus2', `${ns}_getTransactionByHash`, [etxHash])).result ? true : undefined);
  await until('a prime block', async () => (BigInt((await result('prime', `${ns}_blockNumber`)) as string) > 0n ? true : undefined));
  // Enough zone history for the windows below (feeHistory over 5 blocks, hash checks over 6).
  await until('six blocks in each zone', async () => {
    const heights = await Promise.all(['cyprus1', 'cyprus2'].map(async (z) => BigInt((await result(z as 'cyprus1', `${ns}_blockNumber`)) as string)));
    return heights.every((h) => h >= 6n) ? true : undefined;
  });
}, 180_000);

afterAll(async () => {
  await devnet?.stop();
  await bare?.stop();
});

// ---------------------------------------------------------------- §4.2 fees and chain information

describe('chain information (§4.2) on every chain', () => {
  it('chainId, nodeLocation, blockNumber, syncing', async () => {
    const expected: Record<string, string[]> = { prime: [], cyprus: ['0x0'], cyprus1: ['0x0', '0x0'], cyprus2: ['0x0', '0x1'] };
    for (const { name } of devnet.chains) {
      expect(await result(name, `${ns}_chainId`)).toBe('0x539');
      expect(await result(name, `${ns}_nodeLocation`)).toEqual(expected[name]);
      expect(checkKind(await result(name, `${ns}_blockNumber`), 'Q')).toBe(true);
      expect(await result(name, `${ns}_syncing`)).toBe(false);
    }
    expect((await call('prime', `${ns}_syncing`, [], bare)).result).toBe(true);
  });

  it('gasPrice is at least the next base fee; maxPriorityFeePerGas is a Quantity', async () => {
    for (const { name } of devnet.chains) {
      const price = BigInt((await result(name, `${ns}_gasPrice`)) as string);
      expect(price).toBeGreaterThanOrEqual(GWEI);
      expect(checkKind(await result(name, `${ns}_maxPriorityFeePerGas`), 'Q')).toBe(true);
    }
    // Our 2 gwei tip was mined within the oracle's window: the suggestion reflects it.
    expect(BigInt((await result('cyprus1', `${ns}_maxPriorityFeePerGas`)) as string)).toBeGreaterThan(0n);
  });

  it('feeHistory: shapes, lengths and a reward that reflects our transaction', async () => {
    const latest = BigInt((await result('cyprus1', `${ns}_blockNumber`)) as string);
    const history = expectShape(
      await result('cyprus1', `${ns}_feeHistory`, ['0x5', `0x${latest.toString(16)}`, [10, 50, 90]]),
      { oldestBlock: 'Q', baseFeePerGas: 'Q[]', gasUsedRatio: 'number[]', reward: 'array' },
      'feeHistory',
    );
    expect(history.oldestBlock).toBe(`0x${(latest - 4n).toString(16)}`);
    expect((history.baseFeePerGas as string[]).length).toBe(6); // 5 blocks + the next one
    expect((history.gasUsedRatio as number[]).length).toBe(5);
    for (const r of history.reward as unknown[]) expect(checkKind(r, 'Q[]') && (r as string[]).length === 3).toBe(true);
    // The block holding our 2-gwei-tip transfer pays exactly that tip at every percentile of a one-tx block, or more.
    const receipt = (await result('cyprus1', `${ns}_getTransactionReceipt`, [transferHash])) as { blockNumber: string };
    const at = (await result('cyprus1', `${ns}_feeHistory`, ['0x1', receipt.blockNumber, [50]])) as { reward: string[][] };
    expect(BigInt(at.reward[0]![0]!)).toBe(2n * GWEI);
    for (const { name } of devnet.chains) {
      expectShape(await result(name, `${ns}_feeHistory`, ['0x2', 'latest', []]), { oldestBlock: 'Q', baseFeePerGas: 'Q[]', gasUsedRatio: 'number[]', reward: 'array' }, `${name} feeHistory`);
    }
  });
});

// ---------------------------------------------------------------- §4.4 / §4.5 blocks, headers, uncles

describe('blocks and headers (§4.4)', () => {
  it('getBlockByNumber (tags, numbers, full or not) has the spec shape on every chain', async () => {
    for (const { name } of devnet.chains) {
      for (const tag of ['latest', 'earliest', '0x1', 'pending']) {
        if (name === 'prime' && tag === '0x1') continue; // prime may have exactly one block beyond genesis
        for (const full of [false, true]) {
          const block = await result(name, `${ns}_getBlockByNumber`, [tag, full]);
          if (tag === 'pending' && name.endsWith('1')) {
            // A zone's pending block: hash, nonce and miner are null (protocol notes).
            const pending = block as Record<string, unknown>;
            expect(pending.hash).toBeNull();
            expect(pending.nonce).toBeNull();
            expect(pending.miner).toBeNull();
            continue;
          }
          if (tag === 'pending') continue; // mined in the meantime on other zones: shape is checked via latest
          expectBlock(block, `${name} ${tag} full=${full}`, full);
        }
      }
      expect(await result(name, `${ns}_getBlockByNumber`, ['0xffffff', false])).toBeNull();
    }
  });

  it('zone blocks carry transactions and no subManifest; region/prime blocks the reverse (§2.4)', async () => {
    const receipt = (await result('cyprus1', `${ns}_getTransactionReceipt`, [transferHash])) as { blockHash: Hex };
    const zoneBlock = expectBlock(await result('cyprus1', `${ns}_getBlockByHash`, [receipt.blockHash, true]), 'zone block', true);
    expect((zoneBlock.transactions as { hash: Hex }[]).map((t) => t.hash)).toContain(transferHash);
    expect(zoneBlock.subManifest).toEqual([]);
    const regionHead = expectBlock(await result('cyprus', `${ns}_getBlockByNumber`, ['latest', true]), 'region head', true);
    expect(regionHead.transactions).toEqual([]);
    expect(regionHead.extTransactions).toEqual([]);
    expect(regionHead.order).toBeLessThanOrEqual(1);
  });

  it("a region block's subManifest lists zone blocks and commits to its manifestHash[2]", async () => {
    const height = BigInt((await result('cyprus', `${ns}_blockNumber`)) as string);
    let checked = 0;
    for (let n = 1n; n <= height; n++) {
      const block = expectBlock(await result('cyprus', `${ns}_getBlockByNumber`, [`0x${n.toString(16)}`, false]), `cyprus #${n}`, false);
      const sub = block.subManifest as Hex[];
      expect(sub.length).toBeGreaterThan(0);
      expect(await manifestRoot(sub)).toBe((block.manifestHash as Hex[])[2]);
      for (const hash of sub) {
        const zoneBlock = ((await call('cyprus1', `${ns}_getBlockByHash`, [hash, false])).result ??
          (await call('cyprus2', `${ns}_getBlockByHash`, [hash, false])).result) as Record<string, unknown> | null;
        expect(zoneBlock, `subManifest entry ${hash} is a zone block`).not.toBeNull();
        expect((zoneBlock!.number as string[])[2]).toBeDefined();
      }
      // The same block, with the same hash, is in its zone.
      const location = block.location as Hex;
      const zone = location === '0x0000' ? 'cyprus1' : 'cyprus2';
      const inZone = (await result(zone, `${ns}_getBlockByHash`, [block.hash, false])) as Record<string, unknown>;
      expect(inZone.hash).toBe(block.hash);
      expect(inZone.number).toEqual(block.number);
      checked++;
    }
    expect(checked).toBeGreaterThan(0);
  });

  it("a prime block's subManifest lists region blocks and commits to its manifestHash[1]", async () => {
    const height = BigInt((await result('prime', `${ns}_blockNumber`)) as string);
    expect(height).toBeGreaterThan(0n);
    for (let n = 1n; n <= height; n++) {
      const block = expectBlock(await result('prime', `${ns}_getBlockByNumber`, [`0x${n.toString(16)}`, false]), `prime #${n}`, false);
      expect(block.order).toBe(0);
      const sub = block.subManifest as Hex[];
      expect(await manifestRoot(sub)).toBe((block.manifestHash as Hex[])[1]);
      for (const hash of sub) {
        const regionBlock = (await result('cyprus', `${ns}_getBlockByHash`, [hash, false])) as Record<string, unknown> | null;
        // Entries may include the region genesis when the region had no block before this one.
        expect(regionBlock, `prime subManifest entry ${hash} is a region block`).not.toBeNull();
      }
      // The same block is the head of the region chain at its region height.
      const inRegion = (await result('cyprus', `${ns}_getBlockByHash`, [block.hash, false])) as Record<string, unknown>;
      expect(inRegion.number).toEqual(block.number);
      expect(inRegion.order).toBe(0);
    }
  });

  it('every block hash recomputes from its header, meets its PoW target, and debug_getBlockRlp decodes to the same header', async () => {
    for (const { name } of devnet.chains) {
      const height = Number(BigInt((await result(name, `${ns}_blockNumber`)) as string));
      for (let n = 1; n <= Math.min(height, 6); n++) {
        const json = (await result(name, `${ns}_getBlockByNumber`, [`0x${n.toString(16)}`, false])) as Record<string, unknown>;
        const header = headerFromJson(json);
        expect(blockHash(header)).toBe(json.hash);
        expect(verifySeal({ ...header, hash: json.hash as Hex }).status).toBe('verified');
        const rlp = (await result(name, 'debug_getBlockRlp', [n])) as string;
        expect(rlp.startsWith('0x')).toBe(false);
        expect(/^([0-9a-f]{2})+$/.test(rlp)).toBe(true);
        const decoded = decodeBlockRlp(rlp);
        expect(decoded.header).toEqual(header);
        expect(decoded.subManifest).toEqual(json.subManifest);
        expect(decoded.transactions.map((t) => keccak256(t))).toEqual(json.transactions);
        expect(BigInt(json.size as string)).toBe(BigInt(rlp.length / 2));
      }
    }
  });

  it('headers by hash and number, hash by number, transaction counts', async () => {
    for (const { name } of devnet.chains) {
      const latest = (await result(name, `${ns}_getBlockByNumber`, ['latest', false])) as Record<string, unknown>;
      const number = (latest.number as string[])[name === 'prime' ? 0 : name === 'cyprus' ? 1 : 2]!;
      const header = expectShape(await result(name, `${ns}_getHeaderByHash`, [latest.hash]), HEADER, `${name} header`);
      expect(header.hash).toBe(latest.hash);
      expectShape(await result(name, `${ns}_getHeaderByNumber`, [number]), HEADER, `${name} header by number`);
      expect(await result(name, `${ns}_getHeaderHashByNumber`, [number])).toBe(latest.hash);
      expect(await result(name, `${ns}_getBlockTransactionCountByNumber`, [number])).toBe(`0x${(latest.transactions as unknown[]).length.toString(16)}`);
      expect(await result(name, `${ns}_getBlockTransactionCountByHash`, [latest.hash])).toBe(`0x${(latest.transactions as unknown[]).length.toString(16)}`);
      expect(await result(name, `${ns}_getHeaderByHash`, [`0x${'ab'.repeat(32)}`])).toBeNull();
    }
    const receipt = (await result('cyprus1', `${ns}_getTransactionReceipt`, [transferHash])) as { blockHash: Hex; blockNumber: Hex };
    expect(BigInt((await result('cyprus1', `${ns}_getBlockTransactionCountByHash`, [receipt.blockHash])) as string)).toBeGreaterThanOrEqual(1n);
  });
});

describe('uncles (§4.5)', () => {
  it('an uncle is a full header whose hash recomputes, counted and fetched by number and by hash', async () => {
    const found = await until('a zone block with an uncle', async () => {
      for (const zone of ['cyprus1', 'cyprus2'] as const) {
        const height = Number(BigInt((await result(zone, `${ns}_blockNumber`)) as string));
        for (let n = height; n >= 1; n--) {
          const block = (await result(zone, `${ns}_getBlockByNumber`, [`0x${n.toString(16)}`, false])) as Record<string, unknown>;
          if ((block.uncles as unknown[]).length > 0) return { zone, block };
        }
      }
      return undefined;
    });
    const { zone, block } = found;
    const number = (block.number as string[])[2]!;
    expect(await result(zone, `${ns}_getUncleCountByBlockNumber`, [number])).toBe(`0x${(block.uncles as unknown[]).length.toString(16)}`);
    expect(await result(zone, `${ns}_getUncleCountByBlockHash`, [block.hash])).toBe(`0x${(block.uncles as unknown[]).length.toString(16)}`);
    const byNumber = expectShape(await result(zone, `${ns}_getUncleByBlockNumberAndIndex`, [number, '0x0']), UNCLE, 'uncle');
    const byHash = expectShape(await result(zone, `${ns}_getUncleByBlockHashAndIndex`, [block.hash, '0x0']), UNCLE, 'uncle');
    expect(byHash).toEqual(byNumber);
    const uncleHeader = headerFromJson(byNumber);
    expect(blockHash(uncleHeader)).toBe(byNumber.hash);
    expect(verifySeal({ ...uncleHeader, hash: byNumber.hash as Hex }).status).toBe('verified');
    // A competing block: same zone height as a canonical block, different hash.
    const canonical = (await result(zone, `${ns}_getBlockByNumber`, [(byNumber.number as string[])[2], false])) as Record<string, unknown>;
    expect(canonical.hash).not.toBe(byNumber.hash);
    // sha3Uncles commits to the uncle headers.
    const rlp = decodeBlockRlp((await result(zone, 'debug_getBlockRlp', [Number(BigInt(number))])) as string);
    expect(rlp.uncles.map(blockHash)).toContain(byNumber.hash);
    expect(block.sha3Uncles).toBe(calcUncleHash(rlp.uncles));
    // The node keeps uncle headers: found by hash like any header.
    expect((await result(zone, `${ns}_getHeaderByHash`, [byNumber.hash]) as { hash: string }).hash).toBe(byNumber.hash);
    expect(await result(zone, `${ns}_getUncleByBlockNumberAndIndex`, [number, '0x9'])).toBeNull();
    expect(await result('cyprus', `${ns}_getUncleCountByBlockNumber`, ['0x1'])).toBe('0x0');
  });
});

// ---------------------------------------------------------------- §4.6 transactions

describe('transactions (§4.6) and receipts', () => {
  it('a mined transfer by hash, by block number and index, by block hash and index, and raw', async () => {
    const tx = expectTx(await result('cyprus1', `${ns}_getTransactionByHash`, [transferHash]), 'transfer');
    expect(tx.type).toBe('0x0');
    expect((tx.from as string).toLowerCase()).toBe(sender.address.toLowerCase());
    expect(tx.value).toBe('0x3e8');
    const byNumber = await result('cyprus1', `${ns}_getTransactionByBlockNumberAndIndex`, [tx.blockNumber, tx.transactionIndex]);
    const byHash = await result('cyprus1', `${ns}_getTransactionByBlockHashAndIndex`, [tx.blockHash, tx.transactionIndex]);
    expect(byNumber).toEqual(tx);
    expect(byHash).toEqual(tx);
    const raw = (await result('cyprus1', `${ns}_getRawTransactionByHash`, [transferHash])) as Hex;
    expect(keccak256(raw)).toBe(transferHash);
    expect(await result('cyprus1', `${ns}_getRawTransactionByBlockNumberAndIndex`, [tx.blockNumber, tx.transactionIndex])).toBe(raw);
    expect(await result('cyprus1', `${ns}_getRawTransactionByBlockHashAndIndex`, [tx.blockHash, tx.transactionIndex])).toBe(raw);
    expect(await result('cyprus1', `${ns}_getTransactionByHash`, [`0x${'cd'.repeat(32)}`])).toBeNull();
  });

  it('receipts: a successful transfer and a type 2 transaction that emitted an ETX', async () => {
    const r0 = expectReceipt(await result('cyprus1', `${ns}_getTransactionReceipt`, [transferHash]), 'receipt');
    expect(r0.status).toBe('0x1');
    expect(r0.gasUsed).toBe('0x5208');
    const r2 = expectReceipt(await result('cyprus1', `${ns}_getTransactionReceipt`, [crossZoneHash]), 'receipt 2');
    expect(r2.type).toBe('0x2');
    const etxs = r2.etxs as unknown[];
    expect(etxs.length).toBe(1);
    const etx = expectShape(etxs[0], ETX_TX, 'receipt etx');
    expect((etx.to as string).toLowerCase()).toBe(crossZoneRecipient.toLowerCase());
    expect(etx.value).toBe('0x3039');
    expect((etx.sender as string).toLowerCase()).toBe(sender.address.toLowerCase());
    expectTx(await result('cyprus1', `${ns}_getTransactionByHash`, [crossZoneHash]), 'type 2 tx');
  });

  it("the ETX is listed in its origin block's extTransactions and credited in the destination zone", async () => {
    const r2 = (await result('cyprus1', `${ns}_getTransactionReceipt`, [crossZoneHash])) as { blockHash: Hex };
    const origin = expectBlock(await result('cyprus1', `${ns}_getBlockByHash`, [r2.blockHash, false]), 'origin', false);
    expect(origin.extTransactions).toContain(etxHash);
    const full = expectBlock(await result('cyprus1', `${ns}_getBlockByHash`, [r2.blockHash, true]), 'origin full', true);
    expect((full.extTransactions as { hash: Hex }[]).map((e) => e.hash)).toContain(etxHash);

    const credited = expectTx(await result('cyprus2', `${ns}_getTransactionByHash`, [etxHash]), 'credited etx');
    expect(credited.type).toBe('0x1');
    expect(credited.from).toBe('0x0000000000000000000000000000000000000000');
    const destination = (await result('cyprus2', `${ns}_getBlockByHash`, [credited.blockHash, false])) as Record<string, unknown>;
    expect(destination.transactions).toContain(etxHash);
    // Credited only after a coincident block of the region dominated the origin block.
    const originRegionHeight = BigInt((origin.number as string[])[1]!);
    expect(BigInt((destination.number as string[])[1]!)).toBeGreaterThan(originRegionHeight);
    const receipt = expectReceipt(await result('cyprus2', `${ns}_getTransactionReceipt`, [etxHash]), 'etx receipt');
    expect(receipt.status).toBe('0x1');
    const balance = BigInt((await result('cyprus2', `${ns}_getBalance`, [crossZoneRecipient, 'latest'])) as string);
    expect(balance).toBe(10n ** 24n + 12_345n);
  });
});

// ---------------------------------------------------------------- §4.3 state

describe('accounts and state (§4.3)', () => {
  it('getBalance, getTransactionCount, getCode, getStorageAt for every tag', async () => {
    for (const tag of ['latest', 'earliest', 'pending', '0x1']) {
      expect(checkKind(await result('cyprus1', `${ns}_getBalance`, [sender.address, tag]), 'Q')).toBe(true);
      expect(checkKind(await result('cyprus1', `${ns}_getTransactionCount`, [sender.address, tag]), 'Q')).toBe(true);
      expect(checkKind(await result('cyprus1', `${ns}_getCode`, [sender.address, tag]), 'D')).toBe(true);
      expect(checkKind(await result('cyprus1', `${ns}_getStorageAt`, [sender.address, '0x0', tag]), 'H')).toBe(true);
    }
    expect(await result('cyprus1', `${ns}_getBalance`, [sender.address, 'earliest'])).toBe(`0x${(10n ** 24n).toString(16)}`);
    expect(await result('cyprus1', `${ns}_getTransactionCount`, [sender.address, 'earliest'])).toBe('0x0');
    const mined = BigInt((await result('cyprus1', `${ns}_getTransactionCount`, [sender.address, 'latest'])) as string);
    expect(mined).toBeGreaterThanOrEqual(2n);
    expect(await result('cyprus1', `${ns}_getBalance`, [sender.address])).toBeDefined(); // tag defaults to latest
  });

  it('getProof has the spec shape and verifies against the block stateRoot', async () => {
    const block = (await result('cyprus1', `${ns}_getBlockByNumber`, ['latest', false])) as Record<string, unknown>;
    const number = (block.number as string[])[2];
    const proof = expectShape(
      await result('cyprus1', `${ns}_getProof`, [sender.address, ['0x0'], number]),
      { address: 'A', accountProof: 'D[]', balance: 'Q', codeHash: 'H', nonce: 'Q', storageHash: 'H', storageProof: 'array' },
      'proof',
    );
    const entry = expectShape((proof.storageProof as unknown[])[0], { key: 'H', value: 'Q', proof: 'D[]' }, 'storageProof[0]');
    const verdict = verifyAccountProof(block.stateRoot as Hex, {
      address: proof.address as Address, accountProof: proof.accountProof as Hex[], balance: BigInt(proof.balance as string),
      codeHash: proof.codeHash as Hex, nonce: BigInt(proof.nonce as string), storageHash: proof.storageHash as Hex,
      storageProof: [{ key: entry.key as Hex, value: BigInt(entry.value as string), proof: entry.proof as Hex[] }],
    });
    expect(verdict.ok).toBe(true);
  });

  it('call and estimateGas', async () => {
    expect(await result('cyprus1', `${ns}_call`, [{ from: sender.address, to: recipient, data: '0x' }, 'latest'])).toBe('0x');
    const gas = BigInt((await result('cyprus1', `${ns}_estimateGas`, [{ from: sender.address, to: recipient, value: '0x1' }])) as string);
    expect(gas).toBe(21_000n);
  });
});

// ---------------------------------------------------------------- §4.7 txpool, net, debug

describe('txpool, net and debug (§4.7)', () => {
  /** pending/queued: address -> decimal nonce -> value (spec §2.9). */
  function expectPoolSections(value: unknown, what: string, each: (entry: unknown, where: string) => void): Record<string, Record<string, Record<string, unknown>>> {
    expect(Object.keys(value as object).sort()).toEqual(['pending', 'queued']);
    const pool = value as Record<string, Record<string, Record<string, unknown>>>;
    for (const section of ['pending', 'queued']) {
      for (const [address, byNonce] of Object.entries(pool[section]!)) {
        expect(checkKind(address, 'A'), `${what}.${section} key ${address}`).toBe(true);
        for (const [nonce, entry] of Object.entries(byNonce)) {
          expect(/^(0|[1-9][0-9]*)$/.test(nonce), `${what} nonce key ${nonce} is decimal`).toBe(true);
          each(entry, `${what}.${section}.${address}.${nonce}`);
        }
      }
    }
    return pool;
  }
  const senderKey = (pool: Record<string, Record<string, unknown>>, section: string): Record<string, unknown> | undefined =>
    Object.entries(pool[section] ?? {}).find(([a]) => a.toLowerCase() === sender.address.toLowerCase())?.[1] as Record<string, unknown> | undefined;

  it('txpool_content and contentFrom: full transactions; our nonce-gap transaction is queued', async () => {
    const content = expectPoolSections(await result('cyprus1', 'txpool_content'), 'content', (e, w) => expectTx(e, w));
    const queued = senderKey(content, 'queued');
    expect(queued).toBeDefined();
    expect(Object.values(queued!).map((t) => (t as { hash: Hex }).hash)).toContain(queuedHash);
    const from = (await result('cyprus1', 'txpool_contentFrom', [sender.address])) as Record<string, Record<string, unknown>>;
    expect(Object.keys(from).sort()).toEqual(['pending', 'queued']);
    for (const [nonce, tx] of Object.entries(from.queued!)) {
      expect(/^[0-9]+$/.test(nonce)).toBe(true);
      expectTx(tx, `contentFrom.queued.${nonce}`);
    }
    expect(Object.values(from.queued!).map((t) => (t as { hash: Hex }).hash)).toContain(queuedHash);
  });

  it('txpool_inspect summaries and txpool_status counts', async () => {
    const inspect = expectPoolSections(await result('cyprus1', 'txpool_inspect'), 'inspect', (e, w) => expect(typeof e, w).toBe('string'));
    const queued = senderKey(inspect, 'queued')!;
    expect(Object.values(queued).some((s) => / 1 wei \+ 21000 gas × 20000000000 wei$/.test(s as string))).toBe(true);
    const status = expectShape(await result('cyprus1', 'txpool_status'), { pending: 'Q', queued: 'Q' }, 'status');
    expect(BigInt(status.queued as string)).toBeGreaterThanOrEqual(1n);
  });

  it('net_listening, net_peerCount, net_version on every chain', async () => {
    for (const { name } of devnet.chains) {
      expect(await result(name, 'net_listening')).toBe(true);
      expect(checkKind(await result(name, 'net_peerCount'), 'Q')).toBe(true);
      expect(await result(name, 'net_version')).toBe('1337');
    }
  });

  it('debug_printBlock is a multi-line dump; debug_chaindbProperty reports the store', async () => {
    for (const { name } of devnet.chains) {
      const text = (await result(name, 'debug_printBlock', [1])) as string;
      expect(text.split('\n').length).toBeGreaterThan(10);
      const hash = ((await result(name, `${ns}_getBlockByNumber`, ['0x1', false])) as { hash: string }).hash;
      expect(text).toContain(hash);
      const stats = (await result(name, 'debug_chaindbProperty', ['leveldb.stats'])) as string;
      expect(stats).toMatch(/cyprus1\s+\|\s+\d+/);
    }
    // The height first: the chain moves on between the two answers, and the count only grows.
    const height = Number(BigInt((await result('cyprus1', `${ns}_blockNumber`)) as string));
    const count = Number((await result('cyprus1', 'debug_chaindbProperty', ['leveldb.blockcount'])) as string);
    expect(count).toBeGreaterThanOrEqual(height + 1);
    const unknown = await call('cyprus1', 'debug_chaindbProperty', ['leveldb.nonsense']);
    expect(unknown.error?.code).toBe(-32000);
  });
});

// ---------------------------------------------------------------- errors

describe('errors', () => {
  const url = (): string => devnet.urlOf('cyprus1');

  it('-32700 parse error', async () => {
    const reply = (await (await post(url(), '{"jsonrpc":"2.0",')).json()) as RpcReply;
    expect(reply.error?.code).toBe(-32700);
    expect(reply.id).toBeNull();
  });

  it('-32600 invalid request: wrong jsonrpc, missing method, empty batch', async () => {
    for (const body of ['{"jsonrpc":"1.0","id":1,"method":"quai_chainId","params":[]}', '{"jsonrpc":"2.0","id":1,"params":[]}', '[]', '42']) {
      const reply = (await (await post(url(), body)).json()) as RpcReply;
      expect(reply.error?.code, body).toBe(-32600);
    }
  });

  it('-32601 method not found, including another namespace and disabled txpool/debug', async () => {
    expect((await call('cyprus1', 'quai_noSuchMethod')).error?.code).toBe(-32601);
    expect((await call('cyprus1', 'eth_chainId')).error?.code).toBe(-32601);
    expect((await call('cyprus1', 'quai_constructor')).error?.code).toBe(-32601);
    for (const method of ['txpool_content', 'txpool_status', 'debug_getBlockRlp', 'debug_printBlock']) {
      const reply = await call('cyprus1', method, method.startsWith('debug') ? [0] : [], bare);
      expect(reply.error?.code, method).toBe(-32601);
    }
  });

  it('-32602 invalid params names the parameter', async () => {
    const bad = await call('cyprus1', `${ns}_getBalance`, ['0x1234', 'latest']);
    expect(bad.error?.code).toBe(-32602);
    expect(bad.error?.message).toMatch(/argument 0 \(address\)/);
    const missing = await call('cyprus1', `${ns}_getBlockByHash`, []);
    expect(missing.error?.code).toBe(-32602);
    expect(missing.error?.message).toMatch(/blockHash/);
    const tag = await call('cyprus1', `${ns}_getBalance`, [sender.address, 'newest']);
    expect(tag.error?.code).toBe(-32602);
    expect(tag.error?.message).toMatch(/argument 1 \(blockNumber\)/);
    const leadingZero = await call('cyprus1', `${ns}_getBlockByNumber`, ['0x01', false]);
    expect(leadingZero.error?.code).toBe(-32602);
    const height = await call('cyprus1', 'debug_getBlockRlp', ['0x1']);
    expect(height.error?.code).toBe(-32602);
    expect(height.error?.message).toMatch(/blockHeight/);
  });

  it('feeHistory with blockCount above 1024 and net_version with params are rejected', async () => {
    const fee = await call('cyprus1', `${ns}_feeHistory`, ['0x401', 'latest', []]);
    expect(fee.error?.code).toBe(-32602);
    expect(fee.error?.message).toMatch(/blockCount/);
    expect((await call('cyprus1', `${ns}_feeHistory`, ['0x400', 'latest', []])).error).toBeUndefined();
    const version = await call('cyprus1', 'net_version', ['extra']);
    expect(version.error?.code).toBe(-32602);
  });

  it('-32000: zone-only methods on prime and region ports, out-of-scope addresses, execution errors', async () => {
    const zoneOnly: [string, unknown[]][] = [
      ['getBalance', [sender.address, 'latest']], ['getProof', [sender.address, [], 'latest']],
      ['getCode', [sender.address, 'latest']], ['getStorageAt', [sender.address, '0x0', 'latest']],
      ['getTransactionCount', [sender.address, 'latest']], ['call', [{ to: recipient }, 'latest']],
      ['estimateGas', [{ to: recipient }]], ['sendRawTransaction', ['0x00']],
      ['getTransactionByHash', [transferHash]], ['getRawTransactionByHash', [transferHash]],
      ['getTransactionReceipt', [transferHash]], ['getTransactionByBlockNumberAndIndex', ['0x1', '0x0']],
    ];
    for (const chain of ['prime', 'cyprus'] as const) {
      for (const [method, params] of zoneOnly) {
        const reply = await call(chain, `${ns}_${method}`, params);
        expect(reply.error?.code, `${chain} ${method}`).toBe(-32000);
        expect(reply.error?.message).toBe(`${method} call can only be made in zone chain`);
      }
      expect((await call(chain, 'txpool_content')).error?.message).toMatch(/only be made in zone chain/);
    }
    const scope = await call('cyprus1', `${ns}_getBalance`, [crossZoneRecipient, 'latest']);
    expect(scope.error).toEqual({ code: -32000, message: 'address is not in scope' });
    const nonceTooLow = await call('cyprus1', `${ns}_sendRawTransaction`, [
      await signTransaction({ type: 0, chainId: 1337n, nonce: 0n, gasTipCap: GWEI, gasFeeCap: 20n * GWEI, gas: 21_000n, to: recipient, value: 1n, data: '0x', accessList: [] }, sender.privateKey),
    ]);
    expect(nonceTooLow.error?.code).toBe(-32000);
    expect(nonceTooLow.error?.message).toMatch(/nonce too low/);
    const noState = await call('cyprus1', `${ns}_getBalance`, [sender.address, '0xffffff']);
    expect(noState.error).toEqual({ code: -32000, message: 'header not found' });
  });

  it('batches: replies in order, errors per item, notifications unanswered', async () => {
    const body = JSON.stringify([
      { jsonrpc: '2.0', id: 1, method: `${ns}_chainId`, params: [] },
      { jsonrpc: '2.0', id: 2, method: `${ns}_nope`, params: [] },
      { jsonrpc: '2.0', method: `${ns}_chainId`, params: [] },
      { jsonrpc: '2.0', id: 'x', method: `${ns}_blockNumber` },
    ]);
    const replies = (await (await post(url(), body)).json()) as RpcReply[];
    expect(replies.map((r) => r.id)).toEqual([1, 2, 'x']);
    expect(replies[0]!.result).toBe('0x539');
    expect(replies[1]!.error?.code).toBe(-32601);
    expect(checkKind(replies[2]!.result, 'Q')).toBe(true);
  });

  it('HTTP: form-urlencoded gets 415, oversized bodies 413, GET 405', async () => {
    const form = await post(url(), 'jsonrpc=2.0&method=quai_chainId', 'application/x-www-form-urlencoded');
    expect(form.status).toBe(415);
    expect(await form.text()).toMatch(/invalid content type, only application\/json is supported/);
    const huge = await post(url(), JSON.stringify({ jsonrpc: '2.0', id: 1, method: `${ns}_chainId`, params: ['x'.repeat(6 * 1024 * 1024)] }));
    expect(huge.status).toBe(413);
    expect((await fetch(url())).status).toBe(405);
  });
});
