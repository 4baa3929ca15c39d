/**
 * Etherscan's `block.getblockcountdown`, `stats.tokensupply` and `token.tokenholderlist` against
 * one devnet over real HTTP (lib/etherscan/testing/serve-etherscan.ts), each answer compared with
 * what the node itself says: the countdown with the node's tip and headers, the supply with the
 * token's totalSupply(), every holder's quantity with its balanceOf at the block the index had
 * reached; and Etherscan's shapes and strings (its field names, "Error! Block number already pass").
 */
import { concatHex, decodeFunctionResult, encodeAbiParameters, encodeFunctionData, type Address } from 'viem';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { devAccountsOf } from '@/devnet/accounts';
import { DevTokenAbi, DevTokenBytecode } from '@/devnet/contracts/artifacts';
import type { Devnet } from '@/devnet/index';
import { startDevnetOnFreePorts } from '@/devnet/test-support/free-ports';
import { createSender, type Sender } from '@/devnet/test-support/sender';
import type { Db } from '@/lib/index/drivers/db';
import { openPglite } from '@/lib/index/drivers/pglite-driver';
import { DERIVATIONS } from '@/lib/index/derivations/index';
import { zoneSources } from '@/lib/index/engine/sources';
import { MIGRATIONS } from '@/lib/index/migrations/index';
import { migrate } from '@/lib/index/migrations/migrate';
import { devnetConfig, tempIndexDir } from '@/lib/index/testing/index-test-support';
import { startIndexWriter } from '@/lib/index/writer';
import { createChainClient, type ChainClient } from '@/lib/rpc/client';
import { etherscanContextOf } from '@/lib/server/etherscan/context';
import { loadCompilerConfig } from '@/lib/server/contracts/solc/compilers';
import { nodeOfClient } from '@/lib/server/contracts/verify-context';
import { SAMPLE } from '@/lib/network/block-countdown';
import { serveEtherscan, type ServedEtherscan } from './testing/serve-etherscan';

const word = (n: bigint) => encodeAbiParameters([{ type: 'uint256' }], [n]);
const [alice, bob] = devAccountsOf('cyprus1') as [ReturnType<typeof devAccountsOf>[number], ReturnType<typeof devAccountsOf>[number]];
/** A third holder: an address of cyprus1 that only ever receives. */
const carol = { address: '0x0000000000000000000000000000000000c0ca1a' as Address };

let devnet: Devnet;
let client: ChainClient;
let db: Db;
let served: ServedEtherscan;
let sender: Sender;
let token: Address;
let indexedTo: bigint;

beforeAll(async () => {
  devnet = await startDevnetOnFreePorts({ topology: '1x1', blockTimeMs: 300 });
  client = createChainClient({ chain: 'cyprus1', url: devnet.urlOf('cyprus1'), timeoutMs: 10_000 });
  sender = await createSender(devnet, 'cyprus1', client, bob);
  token = (await sender.deploy(concatHex([DevTokenBytecode, word(1_000_000n)]))).address;
  await sender.run(token, encodeFunctionData({ abi: DevTokenAbi, functionName: 'transfer', args: [alice.address, 777n] }));
  const last = await sender.run(token, encodeFunctionData({ abi: DevTokenAbi, functionName: 'transfer', args: [carol.address, 5_000n] }));
  indexedTo = last.receipt.blockNumber;

  db = await openPglite(tempIndexDir());
  await migrate(db, MIGRATIONS, DERIVATIONS);
  const sources = zoneSources(devnetConfig(devnet)).filter((s) => s.chain === 'cyprus1');
  await startIndexWriter({ db, sources, from: 0n, concurrency: 8, until: indexedTo, progressMs: 0 }).done;

  served = await serveEtherscan(
    etherscanContextOf({
      clients: new Map([['cyprus1', client]]),
      index: async () => ({ ready: true, db, perVersion: (_key, read) => read() }),
      verify: async () => ({ db, node: () => nodeOfClient(client), compilers: loadCompilerConfig({ STRATA_SOLC_DOWNLOAD: 'off' }), worker: 'test' }),
      chainId: async () => devnet.chainId,
      broadcastEnabled: false,
      expectedChainId: devnet.chainId,
    }),
  );
}, 240_000);

afterAll(async () => {
  await served?.close();
  await db?.close();
  await devnet?.stop();
});

async function get(query: string, base = '/chain/cyprus1/api'): Promise<{ status: number; json: { status: string; message: string; result: unknown } }> {
  const res = await fetch(`${served.origin}${base}?${query}`);
  return { status: res.status, json: (await res.json()) as { status: string; message: string; result: unknown } };
}

async function balanceOf(holder: Address, blockTag: bigint | 'latest' = 'latest'): Promise<bigint> {
  const out = await client.call({ request: { to: token, data: encodeFunctionData({ abi: DevTokenAbi, functionName: 'balanceOf', args: [holder] }) }, blockTag });
  return decodeFunctionResult({ abi: DevTokenAbi, functionName: 'balanceOf', data: out }) as bigint;
}

describe('block.getblockcountdown', () => {
  test("the blocks left and their time at the zone's average over its last 100 blocks, as the node's headers give it", async () => {
    const before = await client.getBlockNumber();
    const target = before + 1_000n;
    const { status, json } = await get(`module=block&action=getblockcountdown&blockno=${target}`);
    expect(status).toBe(200);
    expect(json).toMatchObject({ status: '1', message: 'OK' });
    const result = json.result as Record<string, string>;
    expect(Object.keys(result)).toEqual(['CurrentBlock', 'CountdownBlock', 'RemainingBlock', 'EstimateTimeInSec']);
    const current = BigInt(result.CurrentBlock!);
    expect(current).toBeGreaterThanOrEqual(before);
    expect(current).toBeLessThanOrEqual(await client.getBlockNumber());
    expect(result.CountdownBlock).toBe(target.toString());
    expect(BigInt(result.RemainingBlock!)).toBe(target - current);
    // The same estimate from the node's own headers at the answer's tip.
    const sample = current < BigInt(SAMPLE) ? current : BigInt(SAMPLE);
    const [tip, low] = await Promise.all([client.getHeaderByNumber({ blockNumber: current }), client.getHeaderByNumber({ blockNumber: current - sample })]);
    const tenths = ((target - current) * (tip!.timestamp - low!.timestamp) * 10n + sample / 2n) / sample;
    expect(result.EstimateTimeInSec).toBe(`${tenths / 10n}.${tenths % 10n}`);
    expect(result.EstimateTimeInSec).toMatch(/^\d+\.\d$/);
  });

  test('a block already mined is Etherscan’s NOTOK; a missing blockno or zone says so', async () => {
    expect(await get('module=block&action=getblockcountdown&blockno=1')).toEqual({
      status: 200,
      json: { status: '0', message: 'NOTOK', result: 'Error! Block number already pass' },
    });
    const missing = await get('module=block&action=getblockcountdown');
    expect(missing).toMatchObject({ status: 400, json: { status: '0', message: 'NOTOK', result: 'Error! Missing parameter blockno' } });
    const noZone = await get('module=block&action=getblockcountdown&blockno=99999999', '/api');
    expect(noZone.status).toBe(400);
    expect(noZone.json.result).toMatch(/needs a zone/);
    const withChain = await get('module=block&action=getblockcountdown&blockno=99999999&chain=cyprus1', '/api');
    expect(withChain.json.status).toBe('1');
  });
});

describe('stats.tokensupply', () => {
  test("the token's totalSupply() at the zone's latest block, in its smallest unit", async () => {
    const { status, json } = await get(`module=stats&action=tokensupply&contractaddress=${token}`, '/api');
    expect(status).toBe(200);
    const out = await client.call({ request: { to: token, data: encodeFunctionData({ abi: DevTokenAbi, functionName: 'totalSupply' }) } });
    const supply = decodeFunctionResult({ abi: DevTokenAbi, functionName: 'totalSupply', data: out }) as bigint;
    expect(json).toEqual({ status: '1', message: 'OK', result: supply.toString() });
    expect(supply).toBeGreaterThan(0n);
  });

  test('an address without totalSupply() and a malformed one are refused, saying why', async () => {
    const eoa = await get(`module=stats&action=tokensupply&contractaddress=${alice.address}`, '/api');
    expect(eoa.status).toBe(502);
    expect(eoa.json.result).toMatch(/totalSupply with 0 bytes, not 32/);
    const bad = await get('module=stats&action=tokensupply&contractaddress=0x12', '/api');
    expect(bad).toMatchObject({ status: 400, json: { status: '0', message: 'NOTOK', result: expect.stringContaining('Invalid parameter contractaddress') } });
  });
});

describe('token.tokenholderlist', () => {
  test("each holder's quantity is its balanceOf at the block the index reached, largest first", async () => {
    const { status, json } = await get(`module=token&action=tokenholderlist&contractaddress=${token}`, '/api');
    expect(status).toBe(200);
    expect(json.status).toBe('1');
    const holders = json.result as Array<{ TokenHolderAddress: string; TokenHolderQuantity: string }>;
    expect(holders.map((h) => Object.keys(h))).toEqual(holders.map(() => ['TokenHolderAddress', 'TokenHolderQuantity']));
    expect(holders.map((h) => h.TokenHolderAddress)).toEqual([bob.address, carol.address, alice.address].map((a) => a.toLowerCase()));
    for (const h of holders) expect(BigInt(h.TokenHolderQuantity)).toBe(await balanceOf(h.TokenHolderAddress as Address, indexedTo));
    expect(holders.map((h) => h.TokenHolderQuantity).slice(1)).toEqual(['5000', '777']);
  });

  test('paged by page and offset; past the last holder, none; past 10,000, refused', async () => {
    const page = async (p: number) => ((await get(`module=token&action=tokenholderlist&contractaddress=${token}&page=${p}&offset=1`, '/api')).json);
    expect(((await page(2)).result as Array<{ TokenHolderAddress: string }>).map((h) => h.TokenHolderAddress)).toEqual([carol.address.toLowerCase()]);
    expect(((await page(3)).result as Array<{ TokenHolderAddress: string }>).map((h) => h.TokenHolderAddress)).toEqual([alice.address.toLowerCase()]);
    expect(await page(4)).toEqual({ status: '0', message: 'No token holders found', result: [] });
    const deep = await get(`module=token&action=tokenholderlist&contractaddress=${token}&page=11&offset=1000`, '/api');
    expect(deep.status).toBe(400);
    expect(deep.json.result).toMatch(/Result window is too large/);
  });
});
