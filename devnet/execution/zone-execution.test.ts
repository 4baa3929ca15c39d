import { beforeEach, describe, expect, it } from 'vitest';
import {
  decodeEventLog, decodeFunctionResult, encodeErrorResult, encodeFunctionData, getContractAddress, hexToBigInt,
  type Address, type Hex,
} from 'viem';
import { getChain } from '@/lib/protocol/chains';
import { decodeTransaction, signTransaction, type SignableTransaction } from '@/lib/protocol/transaction';
import { devAccountsOf, genesisAllocFor } from '../accounts';
import { DevTokenAbi, StoreAbi, nextInZoneCreateNonce, devTokenDeployData, storeDeployData, storeSetData, tokenBalanceSlot, tokenTransferData } from '../contracts';
import { ExecutionError, type BlockContext, type ExecutedBlock } from './api';
import { BLOCK_GAS_LIMIT } from './fees';
import { ZoneExecution } from './zone-execution';

const GWEI = 1_000_000_000n;
const CHAIN_ID = 1337n;
const [alice, bob] = devAccountsOf('cyprus1');
const [paul] = devAccountsOf('paxos1');
if (!alice || !bob || !paul) throw new Error('dev accounts missing');
// A fresh in-zone address (cyprus1 owns first bytes 0x00..0x1d) with no genesis balance.
/** The contract's hex is lower-case (api.ts), pool keys included. */
const ALICE = alice.address.toLowerCase() as Address;
const CAROL: Address = '0x0000000000000000000000000000000000c0ffee';
const MINER: Address = '0x1100000000000000000000000000000000000011';

function ctx(number: bigint, baseFee = GWEI): BlockContext {
  return { number, timestamp: 1_700_000_000n + number, miner: MINER, baseFee, gasLimit: BLOCK_GAS_LIMIT, difficulty: 1000n };
}

function tx0(over: Partial<Extract<SignableTransaction, { type: 0 }>>): Extract<SignableTransaction, { type: 0 }> {
  return {
    type: 0, chainId: CHAIN_ID, nonce: 0n, gasTipCap: 2n * GWEI, gasFeeCap: 10n * GWEI, gas: 21_000n,
    to: CAROL, value: 0n, data: '0x', accessList: [], ...over,
  };
}

/** Spend alice's nonces on 1-wei transfers until her next CREATE address is in cyprus1; returns that nonce and address. */
async function burnToInZoneNonce(zx: ZoneExecution, from: bigint): Promise<{ nonce: bigint; address: Address }> {
  const target = nextInZoneCreateNonce(alice!.address, from, 'cyprus1');
  for (let n = from; n < target.nonce; n++) await send(zx, tx0({ nonce: n, value: 1n }));
  return target;
}

async function send(zx: ZoneExecution, tx: SignableTransaction, key: Hex = alice!.privateKey): Promise<Hex> {
  return zx.addRawTransaction(await signTransaction(tx, key));
}

describe('ZoneExecution', () => {
  let zx: ZoneExecution;
  let head: Hex;
  let height: bigint;

  async function mine(baseFee = GWEI, etxs: Parameters<ZoneExecution['executeBlock']>[2] = []): Promise<ExecutedBlock> {
    height++;
    const block = await zx.executeBlock(head, ctx(height, baseFee), etxs);
    await zx.onBlockCommitted(block, block.stateRoot);
    head = block.stateRoot;
    return block;
  }

  beforeEach(async () => {
    zx = await ZoneExecution.create({ chainId: CHAIN_ID, zone: getChain('cyprus1'), genesisAlloc: genesisAllocFor('cyprus1') });
    head = zx.genesisStateRoot;
    height = 0n;
  });

  it('executes a transfer: value moves, gas paid at base fee + tip, tip to the miner, base fee burned', async () => {
    const before = await zx.getBalance(head, alice.address);
    const value = 123_456_789n;
    const hash = await send(zx, tx0({ value }));
    const block = await mine(3n * GWEI);
    expect(block.transactions.map((t) => t.hash)).toEqual([hash]);
    const [receipt] = block.receipts;
    expect(receipt?.status).toBe(1);
    // A plain transfer costs exactly the 21000 intrinsic gas.
    expect(receipt?.gasUsed).toBe(21_000n);
    expect(receipt?.cumulativeGasUsed).toBe(21_000n);
    // effective price = min(feeCap 10, base 3 + tip 2) = 5 gwei
    expect(receipt?.effectiveGasPrice).toBe(5n * GWEI);
    expect(await zx.getBalance(head, alice.address)).toBe(before - value - 21_000n * 5n * GWEI);
    expect(await zx.getBalance(head, CAROL)).toBe(value);
    expect(await zx.getBalance(head, MINER)).toBe(21_000n * 2n * GWEI);
    expect(await zx.getNonce(head, alice.address)).toBe(1n);
    expect(block.gasUsed).toBe(21_000n);
    // The genesis state is still readable and unchanged (nothing is pruned).
    expect(block.stateRoot).not.toBe(zx.genesisStateRoot);
    expect(await zx.getBalance(zx.genesisStateRoot, alice.address)).toBe(before);
    expect(await zx.getBalance(zx.genesisStateRoot, CAROL)).toBe(0n);
    // Mined transactions leave the pool.
    expect(zx.poolTransaction(hash)).toBeUndefined();
    expect(zx.poolContent().pending.size).toBe(0);
  });

  it('caps the price at the fee cap and leaves out fee caps under the base fee', async () => {
    await send(zx, tx0({ gasTipCap: 5n * GWEI, gasFeeCap: 6n * GWEI, value: 1n }));
    const low = await send(zx, tx0({ gasTipCap: 1n * GWEI, gasFeeCap: 2n * GWEI, value: 1n }), bob.privateKey);
    const block = await mine(4n * GWEI);
    expect(block.receipts).toHaveLength(1);
    expect(block.receipts[0]?.effectiveGasPrice).toBe(6n * GWEI);
    expect(await zx.getBalance(head, MINER)).toBe(21_000n * 2n * GWEI); // tip = 6 - 4
    expect(zx.poolTransaction(low)).toBeDefined();
    const next = await mine(GWEI);
    expect(next.transactions.map((t) => t.hash)).toEqual([low]);
  });

  it('deploys a contract at keccak(rlp([sender, nonce])), stores, calls, logs and proves storage', async () => {
    const { nonce } = await burnToInZoneNonce(zx, 0n);
    const deploy = await send(zx, tx0({ nonce, to: null, gas: 300_000n, data: storeDeployData(42n) }));
    const block = await mine();
    const receipt = block.receipts.find((r) => r.transactionHash === deploy);
    expect(receipt?.status).toBe(1);
    const expected = getContractAddress({ from: alice.address, nonce });
    expect(receipt?.contractAddress).toBe(expected.toLowerCase());
    expect((await zx.getCode(head, expected)).length).toBeGreaterThan(2);
    expect(hexToBigInt(await zx.getStorageAt(head, expected, '0x0'))).toBe(42n);
    const read = await zx.call(head, ctx(height), { to: expected, data: encodeFunctionData({ abi: StoreAbi, functionName: 'value' }) });
    expect(decodeFunctionResult({ abi: StoreAbi, functionName: 'value', data: read })).toBe(42n);

    await send(zx, tx0({ nonce: nonce + 1n, to: expected, gas: 100_000n, data: storeSetData(7n) }));
    const setBlock = await mine();
    const log = setBlock.receipts[0]?.logs[0];
    expect(log?.address.toLowerCase()).toBe(expected.toLowerCase());
    const event = decodeEventLog({ abi: StoreAbi, data: log!.data, topics: log!.topics as [Hex, ...Hex[]] });
    expect(event.eventName).toBe('Stored');
    expect(event.args).toEqual({ by: alice.address, value: 7n });
    expect(setBlock.receipts[0]?.logsBloom).not.toBe(`0x${'00'.repeat(256)}`);
    expect(hexToBigInt(await zx.getStorageAt(head, expected, '0x0'))).toBe(7n);
    // ...and the previous block's state still says 42.
    expect(hexToBigInt(await zx.getStorageAt(block.stateRoot, expected, '0x0'))).toBe(42n);
  });

  it('records a revert: status 0, gas charged, nonce used, no state change, and call reports the reason', async () => {
    const { nonce, address: token } = await burnToInZoneNonce(zx, 0n);
    await send(zx, tx0({ nonce, to: null, gas: 1_000_000n, data: devTokenDeployData(1000n) }));
    expect(token).toBe(getContractAddress({ from: alice.address, nonce }));
    await mine();
    // bob holds no tokens: transfer reverts with "DevToken: balance too low".
    const bobBefore = await zx.getBalance(head, bob.address);
    await send(zx, tx0({ to: token, gas: 100_000n, data: tokenTransferData(CAROL, 5n) }), bob.privateKey);
    const block = await mine();
    const r = block.receipts[0]!;
    expect(r.status).toBe(0);
    expect(r.logs).toEqual([]);
    expect(r.gasUsed).toBeGreaterThan(21_000n);
    expect(r.gasUsed).toBeLessThan(100_000n); // REVERT returns the unused gas
    expect(await zx.getBalance(head, bob.address)).toBe(bobBefore - r.gasUsed * r.effectiveGasPrice);
    expect(await zx.getNonce(head, bob.address)).toBe(1n);
    expect(hexToBigInt(await zx.getStorageAt(head, token, tokenBalanceSlot(CAROL)))).toBe(0n);
    const reason = encodeErrorResult({
      abi: [{ type: 'error', name: 'Error', inputs: [{ name: 'message', type: 'string' }] }],
      errorName: 'Error', args: ['DevToken: balance too low'],
    });
    const err = await zx.call(head, ctx(height), { from: bob.address, to: token, data: tokenTransferData(CAROL, 5n) }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ExecutionError);
    expect((err as ExecutionError).message).toBe('execution reverted: DevToken: balance too low');
    expect((err as ExecutionError).data).toBe(reason);
    // The deployer's balance slot holds the supply, read straight from storage.
    expect(hexToBigInt(await zx.getStorageAt(head, token, tokenBalanceSlot(alice.address)))).toBe(1000n);
    const supply = await zx.call(head, ctx(height), { to: token, data: encodeFunctionData({ abi: DevTokenAbi, functionName: 'totalSupply' }) });
    expect(hexToBigInt(supply)).toBe(1000n);
  });

  it('estimateGas finds the lowest gas that succeeds', async () => {
    expect(await zx.estimateGas(head, ctx(1n), { from: alice.address, to: CAROL, value: 1n })).toBe(21_000n);
    const { nonce, address: store } = await burnToInZoneNonce(zx, 0n);
    await send(zx, tx0({ nonce, to: null, gas: 300_000n, data: storeDeployData(1n) }));
    await mine();
    const request = { from: alice.address, to: store, data: storeSetData(99n) };
    const estimate = await zx.estimateGas(head, ctx(height), request);
    // Exactly enough: a call with the estimate succeeds, one gas less fails.
    await expect(zx.call(head, ctx(height), { ...request, gas: estimate })).resolves.toBe('0x');
    await expect(zx.call(head, ctx(height), { ...request, gas: estimate - 1n })).rejects.toThrow(/out of gas/);
    // Value the caller does not have is refused, as geth does.
    await expect(zx.estimateGas(head, ctx(height), { from: '0x0000000000000000000000000000000000000bad', to: alice.address, value: 1n })).rejects.toThrow(/insufficient funds/);
  });

  it('pools with pending/queued, promotes on a closed gap, and replaces by fee', async () => {
    const h0 = await send(zx, tx0({ nonce: 0n, value: 1n }));
    const h2 = await send(zx, tx0({ nonce: 2n, value: 1n }));
    let content = zx.poolContent();
    expect([...(content.pending.get(ALICE)?.keys() ?? [])]).toEqual([0n]);
    expect([...(content.queued.get(ALICE)?.keys() ?? [])]).toEqual([2n]);
    expect(await zx.pendingNonce(head, alice.address)).toBe(1n);
    await expect(send(zx, tx0({ nonce: 0n, value: 2n, gasTipCap: 2n * GWEI + 1n }))).rejects.toThrow(/replacement transaction underpriced/);
    const h0b = await send(zx, tx0({ nonce: 0n, value: 2n, gasTipCap: 3n * GWEI, gasFeeCap: 11n * GWEI }));
    expect(zx.poolTransaction(h0)).toBeUndefined();
    const first = await mine();
    expect(first.transactions.map((t) => t.hash)).toEqual([h0b]);
    expect(zx.poolTransaction(h2)).toBeDefined(); // still queued: nonce 1 missing
    expect(zx.poolContent().pending.size).toBe(0);
    const h1 = await send(zx, tx0({ nonce: 1n, value: 1n }));
    content = zx.poolContent();
    expect([...(content.pending.get(ALICE)?.keys() ?? [])].sort()).toEqual([1n, 2n]);
    expect(await zx.pendingNonce(head, alice.address)).toBe(3n);
    const second = await mine();
    expect(second.transactions.map((t) => t.hash)).toEqual([h1, h2]);
    await expect(send(zx, tx0({ nonce: 1n, value: 5n }))).rejects.toThrow(/nonce too low/);
  });

  it('refuses what a node refuses before pooling', async () => {
    await expect(send(zx, tx0({ chainId: 9000n }))).rejects.toThrow(/invalid chain id/);
    await expect(send(zx, tx0({ to: paul.address }))).rejects.toThrow(/is not in this zone; use a type 2 transaction/);
    await expect(send(zx, tx0({}), paul.privateKey)).rejects.toThrow(/not in cyprus1/);
    await expect(send(zx, tx0({ gas: 20_999n }))).rejects.toThrow(/intrinsic gas too low/);
    await expect(send(zx, tx0({ gasFeeCap: GWEI - 1n, gasTipCap: 0n }))).rejects.toThrow(/underpriced/);
    await expect(send(zx, tx0({ value: 10n ** 30n }))).rejects.toThrow(/insufficient funds for gas \* price \+ value/);
    const raw = await signTransaction(tx0({ value: 1n }), alice.privateKey);
    await zx.addRawTransaction(raw);
    await expect(zx.addRawTransaction(raw)).rejects.toThrow(/already known/);
    await expect(zx.addRawTransaction('0xf86c')).rejects.toThrow(/invalid transaction/);
    // A creation whose address would land outside the zone is refused.
    const outside = nextInZoneCreateNonce(bob.address, 0n, 'hydra1');
    await expect(send(zx, tx0({ nonce: outside.nonce, to: null, gas: 100_000n, data: storeDeployData(1n) }), bob.privateKey))
      .rejects.toThrow(/is not in cyprus1/);
  });

  it('emits a type 1 ETX for a type 2 transaction to another zone and credits it there', async () => {
    const value = 10n ** 18n;
    const before = await zx.getBalance(head, alice.address);
    const hash = await send(zx, {
      type: 2, chainId: CHAIN_ID, nonce: 0n, gasTipCap: GWEI, gasFeeCap: 5n * GWEI, gas: 50_000n,
      to: paul.address, value, data: '0x', accessList: [],
      etxGasLimit: 21_000n, etxGasPrice: 2n * GWEI, etxGasTip: GWEI, etxData: '0x', etxAccessList: [],
    });
    const block = await mine();
    expect(block.transactions.map((t) => t.hash)).toEqual([hash]);
    expect(block.extTransactions).toHaveLength(1);
    const etx = block.extTransactions[0]!;
    expect(block.receipts[0]?.etxs).toEqual([etx]);
    expect(etx.originTxHash).toBe(hash);
    // The ETX's raw form decodes (by the project's codec) to the fields it claims.
    const decoded = decodeTransaction(etx.raw);
    expect(decoded).toMatchObject({ type: 1, to: paul.address.toLowerCase(), value, gas: 21_000n, gasFeeCap: 2n * GWEI, gasTipCap: GWEI });
    expect(decoded.type === 1 && decoded.sender.toLowerCase()).toBe(alice.address.toLowerCase());
    expect(block.extTransactionsRoot).not.toBe(block.transactionsRoot);
    // Origin: value and gas gone; the recipient is nowhere in this zone's state.
    const r = block.receipts[0]!;
    expect(await zx.getBalance(head, alice.address)).toBe(before - value - r.gasUsed * r.effectiveGasPrice);
    expect(await zx.getBalance(head, paul.address)).toBe(0n);

    const paxos = await ZoneExecution.create({ chainId: CHAIN_ID, zone: getChain('paxos1'), genesisAlloc: genesisAllocFor('paxos1') });
    const paulBefore = await paxos.getBalance(paxos.genesisStateRoot, paul.address);
    const credited = await paxos.executeBlock(paxos.genesisStateRoot, ctx(1n), [etx]);
    expect(credited.creditedEtxs).toEqual([etx]);
    expect(await paxos.getBalance(credited.stateRoot, paul.address)).toBe(paulBefore + value);
    // An ETX for another zone is a core bug, not something to credit.
    await expect(zx.executeBlock(head, ctx(height + 1n), [etx])).rejects.toThrow(/does not belong/);
  });

  it('keeps within the block gas limit and leaves the pool alone until the block is committed', async () => {
    const hashes: Hex[] = [];
    for (let n = 0n; n < 3n; n++) hashes.push(await send(zx, tx0({ nonce: n, value: 1n })));
    const small = { ...ctx(1n), gasLimit: 50_000n }; // room for two 21000-gas transfers, not three
    const a = await zx.executeBlock(head, small, []);
    const b = await zx.executeBlock(head, small, []);
    expect(a.transactions.map((t) => t.hash)).toEqual(hashes.slice(0, 2));
    expect(a.gasUsed).toBe(42_000n);
    // Deterministic: the same parent and context give the same block; the pool still has all three.
    expect(b.stateRoot).toBe(a.stateRoot);
    expect(b.receiptsRoot).toBe(a.receiptsRoot);
    for (const h of hashes) expect(zx.poolTransaction(h)).toBeDefined();
    await zx.onBlockCommitted(a, a.stateRoot);
    expect(zx.poolTransaction(hashes[0]!)).toBeUndefined();
    expect(zx.poolTransaction(hashes[2]!)).toBeDefined();
  });

  it('runs an inbound ETX to a contract with its data and gas, and still credits the value when that call fails', async () => {
    const { nonce, address: store } = await burnToInZoneNonce(zx, 0n);
    await send(zx, tx0({ nonce, to: null, gas: 300_000n, data: storeDeployData(1n) }));
    await mine();
    const etx = (data: Hex, gas: bigint, value: bigint, n: bigint) => ({
      hash: `0x${n.toString(16).padStart(64, '0')}` as Hex, raw: '0x01' as Hex, chainId: CHAIN_ID, nonce: n, gasTipCap: 0n, gasFeeCap: GWEI,
      gas, to: store, value, data, sender: paul.address.toLowerCase() as Address, originTxHash: `0x${'11'.repeat(32)}` as Hex,
    });
    const ok = await zx.executeBlock(head, ctx(height + 1n), [etx(storeSetData(5n), 100_000n, 0n, 1n)]);
    expect(hexToBigInt(await zx.getStorageAt(ok.stateRoot, store, '0x0'))).toBe(5n);
    // Store.set is not payable and 100 gas is far too little: the call fails, the value still arrives.
    const failed = await zx.executeBlock(head, ctx(height + 1n), [etx(storeSetData(6n), 100n, 777n, 2n)]);
    expect(hexToBigInt(await zx.getStorageAt(failed.stateRoot, store, '0x0'))).toBe(1n);
    expect(await zx.getBalance(failed.stateRoot, store)).toBe(777n);
    // The foreign sender leaves no trace in this zone's state.
    expect(await zx.getBalance(ok.stateRoot, paul.address)).toBe(0n);
    expect((await zx.getProof(ok.stateRoot, paul.address, [])).nonce).toBe(0n);
  });
});
