/**
 * The Etherscan API against one devnet, over real HTTP (lib/etherscan/testing/serve-etherscan.ts):
 *
 * - quais 0.2.1's own EtherscanProvider (the Quai SDK's Etherscan client), pointed at the cyprus1
 *   base with an EtherscanPlugin, reads blocks, transactions, receipts, balances, code, storage,
 *   calls and gas estimates through module=proxy and account&action=balance, and a quais.Wallet
 *   connected to it sends a transfer that is mined;
 * - every other action's answer is compared with what the node itself says (the index-backed ones
 *   after an index writer on PGlite has indexed the blocks);
 * - the per-zone base, and bad input: 400 NOTOK naming the parameter, never a 500.
 */
import * as quais from 'quais';
import { concatHex, encodeAbiParameters, encodeFunctionData, formatGwei, pad, type Address, type Hash, type Hex } from 'viem';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { devAccountsOf } from '@/devnet/accounts';
import { DevMultiAbi, DevMultiBytecode, DevNftAbi, DevNftBytecode, DevProxyBytecode, DevTokenAbi, DevTokenBytecode, StoreBytecode } from '@/devnet/contracts/artifacts';
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
import { answerEtherscan } from './dispatch';
import { serveEtherscan, type ServedEtherscan } from './testing/serve-etherscan';

const TRANSFER_TOPIC = '0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef';
const word = (n: bigint) => encodeAbiParameters([{ type: 'uint256' }], [n]);

let devnet: Devnet;
let client: ChainClient;
let db: Db;
let served: ServedEtherscan;
let provider: quais.EtherscanProvider;
let sender: Sender;
/** Store(41): `value()` is 0x3fa4f245, `set(uint256)` 0x60fe47b1; the value sits in slot 0. */
let store: Address;
let token: Address;
let nft: Address;
let multi: Address;
let proxy: Address;
let tokenSend: Hash;
let reverted: Hash;
let nftMint: Hash;
let multiMint: Hash;
let indexedTo: bigint;
const [alice, bob] = devAccountsOf('cyprus1') as [ReturnType<typeof devAccountsOf>[number], ReturnType<typeof devAccountsOf>[number]];

beforeAll(async () => {
  devnet = await startDevnetOnFreePorts({ topology: '1x1', blockTimeMs: 300 });
  client = createChainClient({ chain: 'cyprus1', url: devnet.urlOf('cyprus1'), timeoutMs: 10_000 });
  sender = await createSender(devnet, 'cyprus1', client, bob);
  store = (await sender.deploy(concatHex([StoreBytecode, word(41n)]))).address;
  token = (await sender.deploy(concatHex([DevTokenBytecode, word(1_000_000n)]))).address;
  nft = (await sender.deploy(DevNftBytecode)).address;
  multi = (await sender.deploy(DevMultiBytecode)).address;
  proxy = (await sender.deploy(concatHex([DevProxyBytecode, encodeAbiParameters([{ type: 'address' }, { type: 'address' }], [store, bob.address])]))).address;
  tokenSend = (await sender.run(token, encodeFunctionData({ abi: DevTokenAbi, functionName: 'transfer', args: [alice.address, 777n] }))).tx.hash;
  nftMint = (await sender.run(nft, encodeFunctionData({ abi: DevNftAbi, functionName: 'mint', args: [alice.address, 5n] }))).tx.hash;
  multiMint = (await sender.run(multi, encodeFunctionData({ abi: DevMultiAbi, functionName: 'mint', args: [alice.address, 9n, 3n, '0x'] }))).tx.hash;
  // More than the sender holds: mined, and reverted.
  reverted = await sender.send(token, encodeFunctionData({ abi: DevTokenAbi, functionName: 'transfer', args: [alice.address, 10n ** 30n] }));
  indexedTo = (await sender.mined(reverted)).receipt.blockNumber;

  db = await openPglite(tempIndexDir());
  await migrate(db, MIGRATIONS, DERIVATIONS);
  const sources = zoneSources(devnetConfig(devnet)).filter((s) => s.chain === 'cyprus1');
  await startIndexWriter({ db, sources, from: 0n, concurrency: 8, until: indexedTo, progressMs: 0 }).done;

  const compilers = loadCompilerConfig({ STRATA_SOLC_DOWNLOAD: 'off' });
  served = await serveEtherscan(
    etherscanContextOf({
      clients: new Map([['cyprus1', client]]),
      index: async () => ({ ready: true, db, perVersion: (_key, read) => read() }),
      verify: async () => ({ db, node: () => nodeOfClient(client), compilers, worker: 'test' }),
      chainId: async () => devnet.chainId,
      broadcastEnabled: true,
      expectedChainId: devnet.chainId,
    }),
  );
  const network = new quais.Network('strata-devnet', devnet.chainId);
  network.attachPlugin(new quais.EtherscanPlugin(`${served.origin}/chain/cyprus1`));
  provider = new quais.EtherscanProvider(network);
}, 240_000);

afterAll(async () => {
  provider?.destroy();
  await served?.close();
  await db?.close();
  await devnet?.stop();
});

/** GET `<base>?query` (base: /api or /chain/<zone>/api): HTTP status and JSON. */
async function get(query: string, base = '/chain/cyprus1/api'): Promise<{ status: number; json: Record<string, unknown> & { result?: unknown } }> {
  const res = await fetch(`${served.origin}${base}?${query}`);
  return { status: res.status, json: (await res.json()) as Record<string, unknown> };
}
/** The node's own JSON for a method, as the proxy module must pass it on. */
const nodeRaw = (method: string, params: unknown[]) => client.transport.request(`quai_${method}`, params);

describe("quais 0.2.1's EtherscanProvider at /chain/cyprus1", () => {
  test('a transfer sent by a quais.Wallet through it is mined, and every read matches the node', async () => {
    const wallet = new quais.Wallet(alice.privateKey, provider);
    const before = await provider.getBalance(bob.address);
    expect(before).toBe(await client.getBalance({ address: bob.address }));

    const sent = await wallet.sendTransaction({ to: bob.address, value: 12_345n });
    const receipt = await sent.wait();
    expect(receipt?.status).toBe(1);
    expect(await provider.getBalance(bob.address)).toBe((await client.getBalance({ address: bob.address })));

    const tx = await provider.getTransaction(sent.hash);
    const nodeTx = await client.getTransactionByHash({ hash: sent.hash as Hash });
    expect(tx?.hash).toBe(nodeTx?.hash);
    expect(tx?.from.toLowerCase()).toBe(alice.address.toLowerCase());
    expect(tx?.value).toBe(12_345n);
    const nodeReceipt = await client.getTransactionReceipt({ hash: sent.hash as Hash });
    expect(receipt?.blockHash).toBe(nodeReceipt?.blockHash);
    expect(BigInt(receipt!.blockNumber)).toBe(nodeReceipt?.blockNumber);
    expect(receipt?.gasUsed).toBe(nodeReceipt?.gasUsed);

    expect(BigInt(await provider.getBlockNumber())).toBeLessThanOrEqual(await client.getBlockNumber());
    const block = await provider.getBlock(receipt!.blockNumber);
    const nodeBlock = await client.getBlockByNumber({ blockNumber: BigInt(receipt!.blockNumber) });
    expect(block?.hash).toBe(nodeBlock?.hash);
    expect(block?.transactions).toContain(sent.hash);

    expect(BigInt(await provider.getTransactionCount(alice.address))).toBe(await client.getTransactionCount({ address: alice.address }));
    expect((await provider.getFeeData()).gasPrice).toBe(await client.getGasPrice());
  }, 120_000);

  test('code, storage, a call and a gas estimate are the node\'s', async () => {
    expect(await provider.getCode(store)).toBe(await client.getCode({ address: store }));
    const slot = await provider.getStorage(store, 0);
    expect(BigInt(slot)).toBe(41n);
    expect(slot).toBe(await client.getStorageAt({ address: store, position: '0x0' }));
    const call = await provider.call({ to: store, data: '0x3fa4f245' });
    expect(call).toBe(await client.call({ request: { to: store, data: '0x3fa4f245' } }));
    const setData = concatHex(['0x60fe47b1', word(7n)]);
    expect(await provider.estimateGas({ from: alice.address, to: store, data: setData })).toBe(
      await client.estimateGas({ request: { from: alice.address, to: store, data: setData } }),
    );
  }, 60_000);
});

describe('the other proxy actions pass on the node\'s answer', () => {
  test('eth_getBlockByHash, eth_getBlockTransactionCountByNumber, eth_getTransactionByBlockNumberAndIndex', async () => {
    const receipt = (await client.getTransactionReceipt({ hash: tokenSend }))!;
    const n = `0x${receipt.blockNumber.toString(16)}`;
    const byHash = await get(`module=proxy&action=eth_getBlockByHash&hash=${receipt.blockHash}&boolean=true`);
    expect(byHash.json).toEqual({ jsonrpc: '2.0', id: 1, result: await nodeRaw('getBlockByHash', [receipt.blockHash, true]) });
    const count = await get(`module=proxy&action=eth_getBlockTransactionCountByNumber&tag=${n}`);
    expect(count.json.result).toBe(await nodeRaw('getBlockTransactionCountByNumber', [n]));
    const at = await get(`module=proxy&action=eth_getTransactionByBlockNumberAndIndex&tag=${n}&index=0x${receipt.transactionIndex.toString(16)}`);
    expect(at.json.result).toEqual(await nodeRaw('getTransactionByBlockNumberAndIndex', [n, `0x${receipt.transactionIndex.toString(16)}`]));
    expect((at.json.result as { hash: string }).hash).toBe(tokenSend);
  });

  test('a reverting eth_call answers JSON-RPC\'s error object with the revert data, as the node gave it', async () => {
    const data = encodeFunctionData({ abi: DevTokenAbi, functionName: 'transfer', args: [bob.address, 10n ** 30n] });
    const { status, json } = await get(`module=proxy&action=eth_call&to=${token}&from=${alice.address}&data=${data}`);
    expect(status).toBe(200);
    const error = (json as { error: { code: number; message: string; data?: Hex } }).error;
    expect(error.message).toMatch(/revert/i);
    await expect(client.call({ request: { to: token, from: alice.address, data } })).rejects.toMatchObject({ rpcMessage: error.message });
  });

  test('eth_sendRawTransaction obeys STRATA_BROADCAST, and refuses bytes that are no transaction', async () => {
    const off = etherscanContextOf({
      clients: new Map([['cyprus1', client]]), index: async () => ({ ready: false, reason: 'none' }), verify: async () => ({ reason: 'none' }),
      chainId: async () => devnet.chainId, broadcastEnabled: false, expectedChainId: devnet.chainId,
    });
    const answer = await answerEtherscan(new Request(`${served.origin}/api?module=proxy&action=eth_sendRawTransaction&hex=0x00c0`), off);
    expect(answer).toMatchObject({ status: 403, body: { status: '0', message: 'NOTOK' } });
    const garbage = await get('module=proxy&action=eth_sendRawTransaction&hex=0x1234');
    expect(garbage.status).toBe(400);
    expect(garbage.json).toMatchObject({ status: '0', message: 'NOTOK', result: expect.stringContaining('hex') });
  });
});

describe('account, transaction, block, logs, gastracker and contract actions agree with the node', () => {
  test('balancemulti: each balance is the node\'s; 21 addresses are refused', async () => {
    const { json } = await get(`module=account&action=balancemulti&address=${alice.address},${bob.address}&tag=latest`, '/api');
    const result = json.result as { account: string; balance: string }[];
    expect(result.map((r) => r.account)).toEqual([alice.address.toLowerCase(), bob.address.toLowerCase()]);
    for (const r of result) expect(BigInt(r.balance)).toBe(await client.getBalance({ address: r.account as Address }));
    const many = await get(`module=account&action=balancemulti&address=${Array(21).fill(alice.address).join(',')}`, '/api');
    expect(many.status).toBe(400);
    expect(many.json.result).toBe('Error! Invalid parameter address: names at most 20 addresses (got 21)');
  });

  test('tokenbalance is the token\'s balanceOf at the tag', async () => {
    const tag = `0x${indexedTo.toString(16)}`;
    const { json } = await get(`module=account&action=tokenbalance&contractaddress=${token}&address=${alice.address}&tag=${tag}`, '/api');
    const out = await client.call({ request: { to: token, data: concatHex(['0x70a08231', pad(alice.address)]) }, blockTag: indexedTo });
    expect(json).toEqual({ status: '1', message: 'OK', result: BigInt(out).toString() });
    expect(json.result).toBe('777');
  });

  test('tokennfttx and token1155tx list the mints the receipts logged', async () => {
    const nftTx = await get(`module=account&action=tokennfttx&address=${alice.address}`, '/api');
    expect(nftTx.json.result).toEqual([expect.objectContaining({ hash: nftMint, contractAddress: nft.toLowerCase(), tokenID: '5', tokenType: 'ERC-721' })]);
    const multiTx = await get(`module=account&action=token1155tx&address=${alice.address}`, '/api');
    expect(multiTx.json.result).toEqual([expect.objectContaining({ hash: multiMint, contractAddress: multi.toLowerCase(), tokenID: '9', value: '3', tokenType: 'ERC-1155' })]);
    for (const [hash, address] of [[nftMint, nft], [multiMint, multi]] as const) {
      const logs = (await client.getTransactionReceipt({ hash }))!.logs;
      expect(logs.some((l) => l.address.toLowerCase() === address.toLowerCase())).toBe(true);
    }
  });

  test('getminedblocks lists exactly the indexed blocks whose miner the node names', async () => {
    const first = (await client.getBlockByNumber({ blockNumber: 1n }))!;
    const miner = first.miner;
    const { json } = await get(`module=account&action=getminedblocks&address=${miner}&offset=1000`, '/api');
    const listed = (json.result as { blockNumber: string; timeStamp: string; blockReward: string }[]).map((r) => BigInt(r.blockNumber));
    const expected: bigint[] = [];
    for (let n = indexedTo; n >= 0n; n--) if ((await client.getBlockByNumber({ blockNumber: n }))!.miner.toLowerCase() === miner.toLowerCase()) expected.push(n);
    expect(listed).toEqual(expected);
    const uncles = await get(`module=account&action=getminedblocks&address=${miner}&blocktype=uncles`, '/api');
    expect(uncles.json.status).toMatch(/^[01]$/);
  });

  test('getLogs: the token\'s logs are its receipts\' logs; topic conditions with and/or', async () => {
    const { json } = await get(`module=logs&action=getLogs&address=${token}&fromBlock=0&toBlock=latest`, '/api');
    const result = json.result as { transactionHash: Hash; logIndex: Hex; data: Hex; topics: Hash[]; blockNumber: Hex; timeStamp: Hex }[];
    const fromNode = [];
    for (const hash of [...new Set(result.map((r) => r.transactionHash))]) fromNode.push(...(await client.getTransactionReceipt({ hash }))!.logs);
    expect(result.map((r) => [r.transactionHash, Number(r.logIndex), r.data, r.topics])).toEqual(
      fromNode.map((l) => [l.transactionHash, l.logIndex, l.data, l.topics]),
    );
    const send = result.find((r) => r.transactionHash === tokenSend)!;
    const block = (await client.getBlockByNumber({ blockNumber: BigInt(send.blockNumber) }))!;
    expect(BigInt(send.timeStamp)).toBe(block.timestamp);
    // Transfer logs to alice (topic0 and topic2) — only the transfer; to alice or from the zero address (or) — the mint too.
    const toAlice = pad(alice.address).toLowerCase();
    const and = await get(`module=logs&action=getLogs&address=${token}&topic0=${TRANSFER_TOPIC}&topic2=${toAlice}&topic0_2_opr=and`, '/api');
    expect((and.json.result as { transactionHash: Hash }[]).map((r) => r.transactionHash)).toEqual([tokenSend]);
    const or = await get(`module=logs&action=getLogs&address=${token}&topic1=${pad('0x00')}&topic2=${toAlice}&topic1_2_opr=or`, '/api');
    expect((or.json.result as unknown[]).length).toBe(2);
    const noZone = await get(`module=logs&action=getLogs&topic0=${TRANSFER_TOPIC}`, '/api');
    expect(noZone.status).toBe(400);
    expect(noZone.json.result).toMatch(/chain=<zone>/);
  });

  test('getstatus and gettxreceiptstatus follow the receipts, on the zone base or found by hash alone', async () => {
    for (const [hash, status] of [[tokenSend, '1'], [reverted, '0']] as const) {
      expect((await client.getTransactionReceipt({ hash }))!.status).toBe(status === '1' ? 'success' : 'reverted');
      for (const base of ['/chain/cyprus1/api', '/api']) {
        expect((await get(`module=transaction&action=gettxreceiptstatus&txhash=${hash}`, base)).json.result, base).toEqual({ status });
        expect((await get(`module=transaction&action=getstatus&txhash=${hash}`, base)).json.result, base).toEqual({
          isError: status === '1' ? '0' : '1', errDescription: status === '1' ? '' : 'execution reverted',
        });
      }
    }
    const unknown = `0x${'ee'.repeat(32)}`;
    expect((await get(`module=transaction&action=gettxreceiptstatus&txhash=${unknown}`, '/api')).json.result).toEqual({ status: '' });
    const unserved = await get(`module=transaction&action=getstatus&txhash=${tokenSend}&chain=hydra3`, '/api');
    expect(unserved.status).toBe(400);
    expect(unserved.json.result).toMatch(/hydra3 is not served/);
  });

  test('getblocknobytime: the last block at or before a time, and the first at or after it', async () => {
    const times: bigint[] = [];
    const timesTo = async (tip: bigint) => {
      const heights = Array.from({ length: Number(tip) + 1 - times.length }, (_, i) => BigInt(times.length + i));
      const headers = await Promise.all(heights.map((blockNumber) => client.getHeaderByNumber({ blockNumber })));
      times.push(...headers.map((h) => h!.timestamp));
    };
    const lastAtOrBefore = (t: bigint, tip: bigint) => times.slice(0, Number(tip) + 1).findLastIndex((x) => x <= t);
    await timesTo(indexedTo);
    const t = times[Number(indexedTo / 2n)]!;
    // The devnet mines several blocks a second, so blocks mined while the endpoint bisects may share
    // the second t: its answer is the last such block below some tip it saw between these two.
    const tipBefore = await client.getBlockNumber();
    const before = await get(`module=block&action=getblocknobytime&timestamp=${t}&closest=before`);
    const tipAfter = await client.getBlockNumber();
    await timesTo(tipAfter);
    const answered = BigInt(before.json.result as string);
    expect(answered).toBeGreaterThanOrEqual(BigInt(lastAtOrBefore(t, tipBefore)));
    expect(answered).toBeLessThanOrEqual(BigInt(lastAtOrBefore(t, tipAfter)));
    expect(times[Number(answered)]! <= t).toBe(true);
    const after = await get(`module=block&action=getblocknobytime&timestamp=${t}&closest=after`);
    expect(BigInt(after.json.result as string)).toBe(BigInt(times.findIndex((x) => x >= t)));
    expect((await get(`module=block&action=getblocknobytime&timestamp=${times[0]! - 1n}&closest=before`)).json).toMatchObject({ status: '0' });
  });

  test('gasoracle is the fee history\'s figures at its LastBlock; gasestimate answers seconds', async () => {
    const { json } = await get('module=gastracker&action=gasoracle');
    const r = json.result as Record<string, string>;
    const history = await client.getFeeHistory({ blockCount: 20, newestBlock: BigInt(r.LastBlock!), rewardPercentiles: [25, 50, 75] });
    expect(r.suggestBaseFee).toBe(formatGwei(history.baseFeePerGas.at(-1)!));
    expect(r.gasUsedRatio).toBe(history.gasUsedRatio.join(','));
    expect(Number(r.SafeGasPrice)).toBeLessThanOrEqual(Number(r.ProposeGasPrice));
    expect(Number(r.ProposeGasPrice)).toBeLessThanOrEqual(Number(r.FastGasPrice));
    const fast = await get(`module=gastracker&action=gasestimate&gasprice=${10n ** 15n}`);
    expect(fast.json).toMatchObject({ status: '1', result: expect.stringMatching(/^\d+$/) });
    expect((await get('module=gastracker&action=gasestimate&gasprice=1')).json).toMatchObject({ status: '0', message: 'NOTOK' });
  });

  test('getsourcecode names an EIP-1967 proxy and its implementation, from the proven slot', async () => {
    const { json } = await get(`module=contract&action=getsourcecode&address=${proxy}`, '/api');
    expect((json.result as Record<string, string>[])[0]).toMatchObject({ Proxy: '1', Implementation: store.toLowerCase() });
    const plain = await get(`module=contract&action=getsourcecode&address=${store}`, '/api');
    expect((plain.json.result as Record<string, string>[])[0]).toMatchObject({ Proxy: '0', Implementation: '' });
  });
});

describe('the per-zone base and bad input', () => {
  test('/api?…&chain=<zone> answers as /chain/<zone>/api; a block action without a zone says how to name one', async () => {
    const n = `0x${indexedTo.toString(16)}`;
    const q = `module=proxy&action=eth_getBlockByNumber&tag=${n}&boolean=false`;
    expect((await get(`${q}&chain=cyprus1`, '/api')).json).toEqual((await get(q)).json);
    const none = await get(q, '/api');
    expect(none.status).toBe(400);
    expect(none.json).toEqual({ status: '0', message: 'NOTOK', result: expect.stringContaining('call /chain/<zone>/api or add &chain=<zone>') });
    // An address names its own zone.
    expect((await get(`module=account&action=balance&address=${alice.address}`, '/api')).json.status).toBe('1');
  });

  test.each([
    ['module=proxy&action=eth_getTransactionByHash&txhash=0x12', 'txhash'],
    ['module=proxy&action=eth_getBlockByNumber', 'tag'],
    ['module=account&action=balance&address=nope', 'address'],
    ['module=logs&action=getLogs&address=0x0000000000000000000000000000000000000000&topic0_1_opr=xor', 'topic0_1_opr'],
    ['module=account&action=getminedblocks&address=0x0000000000000000000000000000000000000000&offset=5000', 'offset'],
    ['module=nope&action=x', 'Module'],
    ['module=proxy&action=eth_nope', 'Action'],
    ['module=proxy&action=eth_blockNumber&chain=prime', 'zone'],
    ['module=account&action=balance&address=0x4000000000000000000000000000000000000000', 'belongs to'],
  ])('%s: 400 NOTOK naming %s', async (query, named) => {
    const { status, json } = await get(query);
    expect(status).toBe(400);
    expect(json).toMatchObject({ status: '0', message: 'NOTOK', result: expect.stringContaining(named) });
  });
});
