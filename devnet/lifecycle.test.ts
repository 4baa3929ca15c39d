/**
 * A transaction's life on the devnet, over HTTP like the explorer sees it:
 * signed with viem's secp256k1 through the project's codec, accepted by sendRawTransaction, seen in
 * the txpool, mined, read back by every transaction getter (and the raw ones), with a successful
 * receipt; the sender's balance and nonce move by exactly the right amounts; getProof verifies
 * against the new block's stateRoot with the project's verifier; a contract deployed here answers
 * `call` with the value it stored. And a type 2 transaction's ETX is credited in the other zone.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeFunctionResult, encodeFunctionData, getContractAddress, hexToBigInt, type Address, type Hex } from 'viem';
import { verifyAccountProof, verifyStorageProof, type AccountProof } from '@/lib/protocol/proof';
import { decodeTransaction, recoverSender, signTransaction, transactionHash, type SignableTransaction } from '@/lib/protocol/transaction';
import { devAccountsOf } from './accounts';
import { StoreAbi, nextInZoneCreateNonce, storeDeployData } from './contracts';
import { type Devnet } from './index';
import { startDevnetOnFreePorts } from './test-support/free-ports';

const GWEI = 1_000_000_000n;
const ZONE = 'cyprus1';
const [alice] = devAccountsOf(ZONE);
if (!alice) throw new Error('no dev account in cyprus1');
// A fresh address in cyprus1 (first byte 0x00..0x1d), never funded at genesis.
const RECIPIENT: Address = '0x0000000000000000000000000000000000a11ce5';

let devnet: Devnet;
let url: string;
let rpcId = 0;

async function rpc<T = unknown>(method: string, params: unknown[] = [], at = url): Promise<T> {
  const res = await fetch(at, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: ++rpcId, method, params }),
  });
  const body = (await res.json()) as { result?: T; error?: { code: number; message: string } };
  if (body.error) throw new Error(`${method}: ${body.error.code} ${body.error.message}`);
  return body.result as T;
}

interface RpcReceipt {
  status: Hex; gasUsed: Hex; effectiveGasPrice: Hex; blockHash: Hex; blockNumber: Hex; transactionIndex: Hex;
  contractAddress: Address | null; from: Address; to: Address | null;
}
interface RpcTx { hash: Hex; nonce: Hex; from: Address; to: Address | null; value: Hex; blockHash: Hex | null; blockNumber: Hex | null; transactionIndex: Hex | null; type: Hex }
interface RpcBlock { hash: Hex; stateRoot: Hex; baseFeePerGas: Hex; number: Hex[]; transactions: (Hex | RpcTx)[] }
interface RpcProof {
  address: Address; accountProof: Hex[]; balance: Hex; codeHash: Hex; nonce: Hex; storageHash: Hex;
  storageProof: { key: Hex; value: Hex; proof: Hex[] }[];
}

const ns = (m: string) => `quai_${m}`;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function waitForReceipt(hash: Hex, timeoutMs = 60_000, at = url): Promise<RpcReceipt> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const receipt = await rpc<RpcReceipt | null>(ns('getTransactionReceipt'), [hash], at);
    if (receipt) return receipt;
    if (Date.now() > deadline) throw new Error(`no receipt for ${hash} within ${timeoutMs} ms`);
    await sleep(100);
  }
}

function toDomainProof(p: RpcProof): AccountProof {
  return {
    address: p.address, accountProof: p.accountProof, balance: BigInt(p.balance), codeHash: p.codeHash,
    nonce: BigInt(p.nonce), storageHash: p.storageHash,
    storageProof: p.storageProof.map((s) => ({ key: s.key, value: BigInt(s.value), proof: s.proof })),
  };
}

function transfer(nonce: bigint, value: bigint, chainId: bigint): SignableTransaction {
  return { type: 0, chainId, nonce, gasTipCap: 2n * GWEI, gasFeeCap: 50n * GWEI, gas: 21_000n, to: RECIPIENT, value, data: '0x', accessList: [] };
}

beforeAll(async () => {
  // Small topology, on ports no other suite holds (they run devnets in parallel).
  devnet = await startDevnetOnFreePorts({ topology: '1x2', blockTimeMs: 700, uncleRate: 0, traffic: false });
  url = devnet.urlOf(ZONE);
});

afterAll(async () => {
  await devnet?.stop();
});

describe('devnet lifecycle over HTTP', () => {
  it('takes a signed type 0 transaction from the pool to a proven state change', async () => {
    const chainId = BigInt(await rpc<Hex>(ns('chainId')));
    expect(chainId).toBe(1337n);
    await devnet.waitForBlocks(ZONE, 1);

    // Baseline: a fixed block, so that mining in between cannot blur the arithmetic.
    const startHeight = await rpc<Hex>(ns('blockNumber'));
    const balanceBefore = hexToBigInt(await rpc<Hex>(ns('getBalance'), [alice.address, startHeight]));
    const nonce = hexToBigInt(await rpc<Hex>(ns('getTransactionCount'), [alice.address, startHeight]));
    expect(hexToBigInt(await rpc<Hex>(ns('getTransactionCount'), [alice.address, 'pending']))).toBe(nonce);

    // The transaction under test goes in at nonce+1 first: it must wait in `queued` (deterministically
    // visible in the pool, the miner cannot take it), then nonce fills the gap and both are mined.
    const valueT = 424_242_424_242n;
    const valueF = 1_000n;
    const rawT = await signTransaction(transfer(nonce + 1n, valueT, chainId), alice.privateKey);
    const hashT = await rpc<Hex>(ns('sendRawTransaction'), [rawT]);
    expect(hashT).toBe(transactionHash(rawT));
    // The codec's own view: the raw bytes recover to alice (viem secp256k1 signature).
    expect(await recoverSender(decodeTransaction(rawT))).toBe(alice.address);

    const content = await rpc<{ pending: Record<string, Record<string, RpcTx>>; queued: Record<string, Record<string, RpcTx>> }>('txpool_content');
    const queuedOfAlice = Object.entries(content.queued).find(([a]) => a.toLowerCase() === alice.address.toLowerCase())?.[1];
    expect(queuedOfAlice?.[String(nonce + 1n)]?.hash).toBe(hashT);
    const pooled = await rpc<RpcTx>(ns('getTransactionByHash'), [hashT]);
    expect(pooled.hash).toBe(hashT);
    expect(pooled.blockHash).toBeNull();

    const rawF = await signTransaction(transfer(nonce, valueF, chainId), alice.privateKey);
    const hashF = await rpc<Hex>(ns('sendRawTransaction'), [rawF]);

    const receiptT = await waitForReceipt(hashT);
    const receiptF = await waitForReceipt(hashF);
    expect(receiptT.status).toBe('0x1');
    expect(receiptF.status).toBe('0x1');
    expect(hexToBigInt(receiptT.gasUsed)).toBe(21_000n);
    expect(receiptT.from.toLowerCase()).toBe(alice.address.toLowerCase());
    expect(receiptT.to?.toLowerCase()).toBe(RECIPIENT.toLowerCase());

    // Every getter returns the same mined transaction.
    const byHash = await rpc<RpcTx>(ns('getTransactionByHash'), [hashT]);
    expect(byHash.blockHash).toBe(receiptT.blockHash);
    expect(byHash.blockNumber).toBe(receiptT.blockNumber);
    expect(byHash.transactionIndex).toBe(receiptT.transactionIndex);
    expect(hexToBigInt(byHash.nonce)).toBe(nonce + 1n);
    expect(hexToBigInt(byHash.value)).toBe(valueT);
    expect(byHash.type).toBe('0x0');
    const byNumber = await rpc<RpcTx>(ns('getTransactionByBlockNumberAndIndex'), [receiptT.blockNumber, receiptT.transactionIndex]);
    const byBlockHash = await rpc<RpcTx>(ns('getTransactionByBlockHashAndIndex'), [receiptT.blockHash, receiptT.transactionIndex]);
    expect(byNumber).toEqual(byHash);
    expect(byBlockHash).toEqual(byHash);
    expect(await rpc<Hex>(ns('getRawTransactionByHash'), [hashT])).toBe(rawT);
    expect(await rpc<Hex>(ns('getRawTransactionByBlockNumberAndIndex'), [receiptT.blockNumber, receiptT.transactionIndex])).toBe(rawT);
    expect(await rpc<Hex>(ns('getRawTransactionByBlockHashAndIndex'), [receiptT.blockHash, receiptT.transactionIndex])).toBe(rawT);
    const block = await rpc<RpcBlock>(ns('getBlockByHash'), [receiptT.blockHash, false]);
    expect(block.transactions).toContain(hashT);
    // The price paid is the EIP-1559 effective price of that block: min(feeCap, baseFee + tip).
    const baseFee = hexToBigInt(block.baseFeePerGas);
    const expectedPrice = baseFee + 2n * GWEI < 50n * GWEI ? baseFee + 2n * GWEI : 50n * GWEI;
    expect(hexToBigInt(receiptT.effectiveGasPrice)).toBe(expectedPrice);

    // Exact accounting at the block holding the later of the two.
    const last = hexToBigInt(receiptT.blockNumber) > hexToBigInt(receiptF.blockNumber) ? receiptT : receiptF;
    const fee = (r: RpcReceipt) => hexToBigInt(r.gasUsed) * hexToBigInt(r.effectiveGasPrice);
    const balanceAfter = hexToBigInt(await rpc<Hex>(ns('getBalance'), [alice.address, last.blockNumber]));
    expect(balanceBefore - balanceAfter).toBe(valueT + valueF + fee(receiptT) + fee(receiptF));
    expect(hexToBigInt(await rpc<Hex>(ns('getTransactionCount'), [alice.address, last.blockNumber]))).toBe(nonce + 2n);
    expect(hexToBigInt(await rpc<Hex>(ns('getBalance'), [RECIPIENT, last.blockNumber]))).toBe(valueT + valueF);

    // The pool let go of both.
    const after = await rpc<{ pending: Record<string, unknown>; queued: Record<string, unknown> }>('txpool_content');
    const stillThere = JSON.stringify(after).toLowerCase();
    expect(stillThere.includes(hashT.toLowerCase())).toBe(false);
    expect(stillThere.includes(hashF.toLowerCase())).toBe(false);

    // The sender's proof verifies against that block's stateRoot, and proves the new balance.
    const lastBlock = await rpc<RpcBlock>(ns('getBlockByHash'), [last.blockHash, false]);
    const proof = toDomainProof(await rpc<RpcProof>(ns('getProof'), [alice.address, [], last.blockNumber]));
    expect(verifyAccountProof(lastBlock.stateRoot, proof)).toMatchObject({ ok: true, existence: 'present' });
    expect(proof.balance).toBe(balanceAfter);
    expect(proof.nonce).toBe(nonce + 2n);
    expect(verifyAccountProof(lastBlock.stateRoot, { ...proof, balance: balanceBefore }).ok).toBe(false);
  }, 120_000);

  it('deploys a contract that answers call with the value it stored', async () => {
    const chainId = 1337n;
    const start = hexToBigInt(await rpc<Hex>(ns('getTransactionCount'), [alice.address, 'pending']));
    // Spend nonces on 1-wei transfers until alice's CREATE address falls in cyprus1.
    const { nonce, address } = nextInZoneCreateNonce(alice.address, start, ZONE);
    for (let n = start; n < nonce; n++) {
      await rpc(ns('sendRawTransaction'), [await signTransaction(transfer(n, 1n, chainId), alice.privateKey)]);
    }
    const stored = 31_337n;
    const deploy: SignableTransaction = {
      type: 0, chainId, nonce, gasTipCap: 2n * GWEI, gasFeeCap: 50n * GWEI, gas: 300_000n, to: null, value: 0n,
      data: storeDeployData(stored), accessList: [],
    };
    const estimate = hexToBigInt(await rpc<Hex>(ns('estimateGas'), [{ from: alice.address, data: deploy.data }]));
    expect(estimate).toBeGreaterThan(53_000n); // more than the bare creation intrinsic gas
    expect(estimate).toBeLessThanOrEqual(deploy.gas);
    const hash = await rpc<Hex>(ns('sendRawTransaction'), [await signTransaction(deploy, alice.privateKey)]);
    const receipt = await waitForReceipt(hash);
    expect(receipt.status).toBe('0x1');
    expect(receipt.contractAddress?.toLowerCase()).toBe(address.toLowerCase());
    expect(address).toBe(getContractAddress({ from: alice.address, nonce }));

    const data = encodeFunctionData({ abi: StoreAbi, functionName: 'value' });
    const result = await rpc<Hex>(ns('call'), [{ to: address, data }, receipt.blockNumber]);
    expect(decodeFunctionResult({ abi: StoreAbi, functionName: 'value', data: result })).toBe(stored);
    expect(hexToBigInt(await rpc<Hex>(ns('getStorageAt'), [address, '0x0', receipt.blockNumber]))).toBe(stored);
    expect((await rpc<Hex>(ns('getCode'), [address, receipt.blockNumber])).length).toBeGreaterThan(2);
    // Storage proof of slot 0 against the block's state root.
    const block = await rpc<RpcBlock>(ns('getBlockByHash'), [receipt.blockHash, false]);
    const proof = toDomainProof(await rpc<RpcProof>(ns('getProof'), [address, [`0x${'00'.repeat(32)}`], receipt.blockNumber]));
    expect(verifyAccountProof(block.stateRoot, proof)).toMatchObject({ ok: true });
    expect(proof.storageProof[0]?.value).toBe(stored);
    expect(verifyStorageProof(proof.storageHash, proof.storageProof[0]!)).toMatchObject({ ok: true });
  }, 120_000);

  it('turns a type 2 transaction into an ETX credited in the destination zone', async () => {
    const [carol] = devAccountsOf('cyprus2');
    if (!carol) throw new Error('no dev account in cyprus2');
    const otherUrl = devnet.urlOf('cyprus2');
    const value = 5n * 10n ** 17n;
    const carolBefore = hexToBigInt(await rpc<Hex>(ns('getBalance'), [carol.address, 'latest'], otherUrl));
    const nonce = hexToBigInt(await rpc<Hex>(ns('getTransactionCount'), [alice.address, 'pending']));
    const raw = await signTransaction({
      type: 2, chainId: 1337n, nonce, gasTipCap: 2n * GWEI, gasFeeCap: 50n * GWEI, gas: 30_000n, to: carol.address, value,
      data: '0x', accessList: [], etxGasLimit: 21_000n, etxGasPrice: 50n * GWEI, etxGasTip: 2n * GWEI, etxData: '0x', etxAccessList: [],
    }, alice.privateKey);
    // A type 0 to another zone is refused with the hint to use type 2.
    const wrong = await signTransaction({ ...transfer(nonce, value, 1337n), to: carol.address }, alice.privateKey);
    await expect(rpc(ns('sendRawTransaction'), [wrong])).rejects.toThrow(/-32000 .*not in this zone; use a type 2 transaction/);
    const hash = await rpc<Hex>(ns('sendRawTransaction'), [raw]);
    const receipt = await waitForReceipt(hash);
    expect(receipt.status).toBe('0x1');
    const block = await rpc<RpcBlock & { extTransactions: (Hex | { hash: Hex })[] }>(ns('getBlockByHash'), [receipt.blockHash, false]);
    expect(block.extTransactions.length).toBeGreaterThan(0);
    // Credited in cyprus2 once a region block dominating both zones has been mined.
    const deadline = Date.now() + 90_000;
    let carolAfter = carolBefore;
    while (carolAfter === carolBefore && Date.now() < deadline) {
      await sleep(250);
      carolAfter = hexToBigInt(await rpc<Hex>(ns('getBalance'), [carol.address, 'latest'], otherUrl));
    }
    expect(carolAfter - carolBefore).toBe(value);
  }, 120_000);
});
