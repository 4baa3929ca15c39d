/**
 * quais 0.2.1's own EtherscanProvider (the Quai SDK's Etherscan client), pointed at the explorer's
 * cyprus1 base with an EtherscanPlugin, reads the devnet through module=proxy and
 * account&action=balance, and a quais.Wallet connected to it sends a transfer that is mined:
 * every answer compared with what the node itself says.
 */
import * as quais from 'quais';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { devAccountsOf } from '@/devnet/accounts';
import type { Devnet } from '@/devnet/index';
import { startDevnetOnFreePorts } from '@/devnet/test-support/free-ports';
import { createSender } from '@/devnet/test-support/sender';
import { StoreBytecode } from '@/devnet/contracts/artifacts';
import { concatHex, encodeAbiParameters, type Address } from 'viem';
import { createChainClient, type ChainClient } from '@/lib/rpc/client';
import { etherscanContextOf } from '@/lib/server/etherscan/context';
import { serveEtherscan, type ServedEtherscan } from './testing/serve-etherscan';

let devnet: Devnet;
let client: ChainClient;
let served: ServedEtherscan;
let provider: quais.EtherscanProvider;
/** Store(41): `value()` is 0x3fa4f245, `set(uint256)` 0x60fe47b1; the value sits in slot 0. */
let store: Address;

beforeAll(async () => {
  devnet = await startDevnetOnFreePorts({ topology: '1x1', blockTimeMs: 300 });
  client = createChainClient({ chain: 'cyprus1', url: devnet.urlOf('cyprus1'), timeoutMs: 10_000 });
  const sender = await createSender(devnet, 'cyprus1', client, devAccountsOf('cyprus1')[1]!);
  store = (await sender.deploy(concatHex([StoreBytecode, encodeAbiParameters([{ type: 'uint256' }], [41n])]))).address;
  served = await serveEtherscan(
    etherscanContextOf({
      clients: new Map([['cyprus1', client]]),
      index: async () => ({ ready: false, reason: 'no index in this test' }),
      verify: async () => ({ reason: 'no verification in this test' }),
      chainId: async () => devnet.chainId,
      broadcastEnabled: true,
      expectedChainId: devnet.chainId,
    }),
  );
  const network = new quais.Network('strata-devnet', devnet.chainId);
  network.attachPlugin(new quais.EtherscanPlugin(`${served.origin}/chain/cyprus1`));
  provider = new quais.EtherscanProvider(network);
}, 120_000);

afterAll(async () => {
  provider?.destroy();
  await served?.close();
  await devnet?.stop();
});

test('a transfer sent by a quais.Wallet through the EtherscanProvider is mined, and every read matches the node', async () => {
  const [from, to] = devAccountsOf('cyprus1');
  const wallet = new quais.Wallet(from!.privateKey, provider);
  const before = await provider.getBalance(to!.address);
  expect(before).toBe(await client.getBalance({ address: to!.address }));

  const sent = await wallet.sendTransaction({ to: to!.address, value: 12_345n });
  const receipt = await sent.wait();
  expect(receipt?.status).toBe(1);
  expect(await provider.getBalance(to!.address)).toBe(before + 12_345n);

  // The transaction and its receipt, as the node has them.
  const tx = await provider.getTransaction(sent.hash);
  const nodeTx = await client.getTransactionByHash({ hash: sent.hash as `0x${string}` });
  expect(tx?.hash).toBe(nodeTx?.hash);
  expect(tx?.from.toLowerCase()).toBe(from!.address.toLowerCase());
  expect(tx?.value).toBe(12_345n);
  const nodeReceipt = await client.getTransactionReceipt({ hash: sent.hash as `0x${string}` });
  expect(receipt?.blockHash).toBe(nodeReceipt?.blockHash);
  expect(BigInt(receipt!.blockNumber)).toBe(nodeReceipt?.blockNumber);
  expect(receipt?.gasUsed).toBe(nodeReceipt?.gasUsed);

  // Block number and a block.
  const number = await provider.getBlockNumber();
  expect(BigInt(number)).toBeLessThanOrEqual(await client.getBlockNumber());
  const block = await provider.getBlock(receipt!.blockNumber);
  const nodeBlock = await client.getBlockByNumber({ blockNumber: BigInt(receipt!.blockNumber) });
  expect(block?.hash).toBe(nodeBlock?.hash);
  expect(block?.transactions).toContain(sent.hash);

  // Nonce and gas price.
  expect(BigInt(await provider.getTransactionCount(from!.address))).toBe(await client.getTransactionCount({ address: from!.address }));
  expect(await provider.getFeeData().then((f) => f.gasPrice)).toBe(await client.getGasPrice());
}, 120_000);

test('code, storage, a call and a gas estimate through the EtherscanProvider are the node\'s', async () => {
  expect(await provider.getCode(store)).toBe(await client.getCode({ address: store }));
  const slot = await provider.getStorage(store, 0);
  expect(BigInt(slot)).toBe(41n);
  expect(slot).toBe(await client.getStorageAt({ address: store, position: '0x0' }));
  const call = await provider.call({ to: store, data: '0x3fa4f245' });
  expect(call).toBe(await client.call({ request: { to: store, data: '0x3fa4f245' } }));
  expect(BigInt(call)).toBe(41n);
  const from = devAccountsOf('cyprus1')[0]!.address;
  const setData = concatHex(['0x60fe47b1', encodeAbiParameters([{ type: 'uint256' }], [7n])]);
  expect(await provider.estimateGas({ from, to: store, data: setData })).toBe(await client.estimateGas({ request: { from, to: store, data: setData } }));
}, 60_000);
