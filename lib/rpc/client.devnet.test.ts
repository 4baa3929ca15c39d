/**
 * Every client method against the real devnet (devnet/index.ts): real PoW blocks, real
 * transactions, real proofs. Proves the parsers accept what our node actually sends and that
 * the client's parameters are understood. Topology 1x2 (prime, cyprus, cyprus1, cyprus2) so a
 * type 2 transaction can cross zones.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Address, Hex } from 'viem';
import { type Devnet } from '@/devnet/index';
import { startDevnetOnFreePorts } from '@/devnet/test-support/free-ports';
import { signTransaction } from '@/lib/protocol/transaction';
import { decodeBlockRlp } from '@/lib/protocol/header';
import { verifyAccountProof } from '@/lib/protocol/proof';
import { verifySeal } from '@/lib/protocol/pow';
import { toHeaderFields } from './header-fields';
import { createChainClient, type ChainClient } from './client';
import { JsonRpcError, MethodNotFoundError } from './errors';
import type { Hash, Receipt } from './domain';

let devnet: Devnet;
let zone: ChainClient;
let region: ChainClient;
let prime: ChainClient;
let sender: { address: Address; privateKey: Hex };
let recipient: Address;
let crossZoneRecipient: Address;
let sentHash: Hash;
let sentRaw: Hex;
let etxHash: Hash;
let receipt: Receipt;

async function waitFor<T>(what: string, fn: () => Promise<T | null | undefined>, timeoutMs = 60_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    const value = await fn();
    if (value !== null && value !== undefined) return value;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`timed out waiting for ${what}`);
}

beforeAll(async () => {
  // A high uncle rate so that the uncle methods meet real uncles within a few blocks.
  devnet = await startDevnetOnFreePorts({ topology: '1x2', blockTimeMs: 700, uncleRate: 0.5 });
  zone = createChainClient({ chain: 'cyprus1', url: devnet.urlOf('cyprus1'), timeoutMs: 10_000 });
  region = createChainClient({ chain: 'cyprus', url: devnet.urlOf('cyprus'), timeoutMs: 10_000 });
  prime = createChainClient({ chain: 'prime', url: devnet.urlOf('prime'), timeoutMs: 10_000 });
  const [first, second] = devnet.accounts.filter((a) => a.zone === 'cyprus1');
  const other = devnet.accounts.find((a) => a.zone === 'cyprus2');
  if (!first || !second || !other) throw new Error('dev accounts missing');
  sender = first;
  recipient = second.address;
  crossZoneRecipient = other.address;

  await devnet.waitForBlocks('cyprus1', 2);
  const chainId = await zone.getChainId();
  const nonce = await zone.getTransactionCount({ address: sender.address, blockTag: 'pending' });
  const tip = await zone.getMaxPriorityFeePerGas();
  const latest = await zone.getBlockByNumber({ blockNumber: 'latest' });
  const feeCap = (latest?.baseFeePerGas ?? 1_000_000_000n) * 2n + tip;
  sentRaw = await signTransaction(
    { type: 0, chainId, nonce, gasTipCap: tip, gasFeeCap: feeCap, gas: 21_000n, to: recipient, value: 12345n, data: '0x', accessList: [] },
    sender.privateKey,
  );
  sentHash = await zone.sendRawTransaction({ serializedTransaction: sentRaw });
  const etxRaw = await signTransaction(
    {
      type: 2, chainId, nonce: nonce + 1n, gasTipCap: tip, gasFeeCap: feeCap, gas: 100_000n, to: crossZoneRecipient, value: 777n,
      data: '0x', accessList: [], etxGasLimit: 21_000n, etxGasPrice: feeCap, etxGasTip: tip, etxData: '0x', etxAccessList: [],
    },
    sender.privateKey,
  );
  etxHash = await zone.sendRawTransaction({ serializedTransaction: etxRaw });
  receipt = await waitFor('receipt', () => zone.getTransactionReceipt({ hash: sentHash }));
  await waitFor('etx receipt', () => zone.getTransactionReceipt({ hash: etxHash }));
}, 120_000);

afterAll(async () => {
  await devnet?.stop();
});

describe('client against the devnet', () => {
  it('chain information', async () => {
    expect(await zone.getChainId()).toBe(1337n);
    expect(await zone.getNodeLocation()).toEqual([0, 0]);
    expect(await zone.getSyncing()).toBe(false);
    expect(await zone.getBlockNumber()).toBeGreaterThan(0n);
    const gasPrice = await zone.getGasPrice();
    expect(gasPrice).toBeGreaterThanOrEqual(1_000_000_000n);
    expect(await zone.getMaxPriorityFeePerGas()).toBeGreaterThanOrEqual(0n);
    const fees = await zone.getFeeHistory({ blockCount: 3, newestBlock: 'latest', rewardPercentiles: [25, 75] });
    expect(fees.gasUsedRatio.length).toBeGreaterThan(0);
    expect(fees.baseFeePerGas.length).toBe(fees.gasUsedRatio.length + 1);
    expect(fees.reward?.[0]).toHaveLength(2);
  });

  it('the sent transaction: by hash, by block and index, raw forms, receipt', async () => {
    expect(sentHash).toMatch(/^0x[0-9a-f]{64}$/);
    expect(receipt.status).toBe('success');
    expect(receipt.gasUsed).toBe(21_000n);
    const tx = await zone.getTransactionByHash({ hash: sentHash });
    expect(tx?.type).toBe(0);
    expect(tx?.from).toBe(sender.address.toLowerCase());
    expect(tx?.to).toBe(recipient.toLowerCase());
    expect(tx?.value).toBe(12345n);
    expect(tx?.blockHash).toBe(receipt.blockHash);
    const index = receipt.transactionIndex;
    const byNumber = await zone.getTransactionByBlockNumberAndIndex({ blockNumber: receipt.blockNumber, index });
    const byHash = await zone.getTransactionByBlockHashAndIndex({ blockHash: receipt.blockHash, index });
    expect(byNumber?.hash).toBe(sentHash);
    expect(byHash?.hash).toBe(sentHash);
    expect(await zone.getRawTransactionByHash({ hash: sentHash })).toBe(sentRaw.toLowerCase());
    expect(await zone.getRawTransactionByBlockNumberAndIndex({ blockNumber: receipt.blockNumber, index })).toBe(sentRaw.toLowerCase());
    expect(await zone.getRawTransactionByBlockHashAndIndex({ blockHash: receipt.blockHash, index })).toBe(sentRaw.toLowerCase());
    expect(await zone.getTransactionByHash({ hash: `0x${'ee'.repeat(32)}` })).toBeNull();
  });

  it('the type 2 transaction emitted an ETX', async () => {
    const tx = await zone.getTransactionByHash({ hash: etxHash });
    expect(tx?.type).toBe(2);
    const r = await zone.getTransactionReceipt({ hash: etxHash });
    expect(r?.etxs.length).toBeGreaterThan(0);
    expect(r?.etxs[0]?.type).toBe(1);
  });

  it('blocks and headers: by number, by hash, full, counts, RLP', async () => {
    const block = await zone.getBlockByNumber({ blockNumber: receipt.blockNumber, full: true });
    expect(block?.hash).toBe(receipt.blockHash);
    expect(block?.transactions.some((t) => t.hash === sentHash)).toBe(true);
    expect(block?.order).toBeGreaterThanOrEqual(0);
    const byHash = await zone.getBlockByHash({ blockHash: receipt.blockHash });
    expect(byHash?.transactions).toContain(sentHash);
    expect(byHash?.number[2]).toBe(receipt.blockNumber);
    const header = await zone.getHeaderByHash({ blockHash: receipt.blockHash });
    expect(header?.stateRoot).toBe(block?.stateRoot);
    const headerByNumber = await zone.getHeaderByNumber({ blockNumber: receipt.blockNumber });
    expect(headerByNumber?.hash).toBe(receipt.blockHash);
    expect(await zone.getHeaderHashByNumber({ blockNumber: receipt.blockNumber })).toBe(receipt.blockHash);
    const count = BigInt(block?.transactions.length ?? -1);
    expect(await zone.getBlockTransactionCountByNumber({ blockNumber: receipt.blockNumber })).toBe(count);
    expect(await zone.getBlockTransactionCountByHash({ blockHash: receipt.blockHash })).toBe(count);
    expect(await zone.getBlockByNumber({ blockNumber: 10n ** 12n })).toBeNull();
    const rlp = await zone.getBlockRlp({ height: receipt.blockNumber });
    expect(decodeBlockRlp(rlp).header.stateRoot).toBe(block?.stateRoot);
    expect(await zone.printBlock({ height: receipt.blockNumber })).toContain(receipt.blockHash.slice(2, 10));
  });

  it('pending and earliest blocks', async () => {
    const pending = await zone.getBlockByNumber({ blockNumber: 'pending' });
    // The node's pending block has no hash, nonce or miner yet: the parser must accept that.
    expect(pending).not.toBeNull();
    expect([pending?.hash, pending?.nonce, pending?.miner]).toEqual([null, null, null]);
    const genesis = await zone.getBlockByNumber({ blockNumber: 'earliest' });
    expect(genesis?.number[2]).toBe(0n);
  });

  it('uncles: counts by number and hash, and an uncle when one exists', async () => {
    const height = await zone.getBlockNumber();
    const latest = await zone.getBlockByNumber({ blockNumber: height });
    const byNumber = await zone.getUncleCountByBlockNumber({ blockNumber: height });
    expect(byNumber).toBe(BigInt(latest?.uncles.length ?? -1));
    expect(await zone.getUncleCountByBlockHash({ blockHash: latest?.hash ?? '0x' })).toBe(byNumber);
    expect(await zone.getUncleByBlockNumberAndIndex({ blockNumber: height, index: 99 })).toBeNull();
    // Scan back from the tip for a block with an uncle; at uncle rate 0.5 one appears within a
    // few blocks, so wait for new blocks rather than fail on an unlucky streak.
    let scannedTo = 0n;
    const withUncle = await waitFor('a block with an uncle', async () => {
      const tip = await zone.getBlockNumber();
      for (let n = tip; n > scannedTo; n--) {
        const b = await zone.getBlockByNumber({ blockNumber: n });
        if (b && b.uncles.length > 0) return b;
      }
      scannedTo = tip;
      return null;
    }, 60_000);
    // Parsed headers, uncles included, recompute to the node's hash through toHeaderFields.
    expect(verifySeal(toHeaderFields(withUncle)).status).toBe('verified');
    for (const u of withUncle.uncles) expect(verifySeal(toHeaderFields(u)).status).toBe('verified');
    expect(await zone.getUncleCountByBlockHash({ blockHash: withUncle.hash })).toBe(BigInt(withUncle.uncles.length));
    const uncle = await zone.getUncleByBlockHashAndIndex({ blockHash: withUncle.hash, index: 0 });
    expect(uncle?.hash).toBe(withUncle.uncles[0]?.hash);
    const same = await zone.getUncleByBlockNumberAndIndex({ blockNumber: withUncle.number[2], index: 0 });
    expect(same?.hash).toBe(withUncle.uncles[0]?.hash);
  }, 90_000);

  it('state: balance, nonce, code, storage, proof, call, estimateGas', async () => {
    const balance = await zone.getBalance({ address: recipient });
    expect(balance).toBeGreaterThanOrEqual(12345n);
    const before = await zone.getBalance({ address: recipient, blockTag: receipt.blockNumber - 1n });
    const after = await zone.getBalance({ address: recipient, blockTag: receipt.blockNumber });
    expect(after - before).toBe(12345n);
    expect(await zone.getTransactionCount({ address: sender.address })).toBeGreaterThanOrEqual(2n);
    expect(await zone.getCode({ address: recipient })).toBe('0x');
    expect(await zone.getStorageAt({ address: recipient, position: '0x00' })).toBe(`0x${'00'.repeat(32)}`);
    const block = await zone.getBlockByNumber({ blockNumber: 'latest' });
    if (!block) throw new Error('no latest block');
    const proof = await zone.getProof({ address: sender.address, storageKeys: [], blockTag: block.number[2] });
    expect(proof.address).toBe(sender.address.toLowerCase());
    const verdict = await verifyAccountProof(block.stateRoot, proof);
    expect(verdict.ok).toBe(true);
    expect(await zone.call({ request: { from: sender.address, to: recipient, value: 1n } })).toBe('0x');
    expect(await zone.estimateGas({ request: { from: sender.address, to: recipient, value: 1n } })).toBe(21_000n);
  });

  it('txpool, net and debug namespaces', async () => {
    const status = await zone.getTxPoolStatus();
    expect(status.pending).toBeGreaterThanOrEqual(0n);
    const content = await zone.getTxPoolContent();
    expect(content.pending instanceof Map).toBe(true);
    // A transaction behind a nonce gap stays queued: contentFrom must show it under the sender.
    const gapNonce = (await zone.getTransactionCount({ address: sender.address, blockTag: 'pending' })) + 3n;
    const chainId = await zone.getChainId();
    const gapRaw = await signTransaction(
      { type: 0, chainId, nonce: gapNonce, gasTipCap: 1n, gasFeeCap: 10_000_000_000n, gas: 21_000n, to: recipient, value: 1n, data: '0x', accessList: [] },
      sender.privateKey,
    );
    const gapHash = await zone.sendRawTransaction({ serializedTransaction: gapRaw });
    const mine = await zone.getTxPoolContentFrom({ address: sender.address });
    const queued = mine.queued.get(sender.address.toLowerCase() as Address);
    expect(queued?.get(gapNonce)?.hash).toBe(gapHash);
    expect((await zone.getTxPoolContent()).queued.get(sender.address.toLowerCase() as Address)?.get(gapNonce)?.hash).toBe(gapHash);
    expect((await zone.getTxPoolInspect()).pending instanceof Map).toBe(true);
    expect(await zone.getNetVersion()).toMatch(/^[0-9]+$/);
    expect(typeof (await zone.getNetListening())).toBe('boolean');
    expect(await zone.getNetPeerCount()).toBeGreaterThanOrEqual(0n);
    const property = await zone.getChaindbProperty({ property: 'leveldb.stats' }).catch((e: unknown) => e);
    expect(typeof property === 'string' || property instanceof JsonRpcError).toBe(true);
  });

  it('region and prime blocks parse (order, subManifest); zone-only methods answer a JsonRpcError there', async () => {
    const regionBlock = await region.getBlockByNumber({ blockNumber: 'latest' });
    expect(regionBlock?.transactions).toEqual([]);
    expect(regionBlock?.order).toBeLessThanOrEqual(1);
    const primeBlock = await prime.getBlockByNumber({ blockNumber: 'latest' });
    expect(primeBlock?.order).toBe(0);
    expect(await region.getNodeLocation()).toEqual([0]);
    const error = await region.getBalance({ address: sender.address }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(JsonRpcError);
    expect(error).not.toBeInstanceOf(MethodNotFoundError);
  });
});
