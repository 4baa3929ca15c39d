/**
 * The decoders against logs and calldata that really happened: a 1x1 devnet (in process, ports in
 * 10000–10499), contracts deployed and called over HTTP by a dev account, receipts read back with
 * the project's client. Every standard event is emitted by a real contract (devnet/contracts/),
 * and the malformed logs by RawLogger, so they sit in a real receipt too.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeFunctionData, getAddress, padHex, toEventSelector, type Address, type Hex } from 'viem';
import { type Devnet } from '@/devnet/index';
import { startDevnetOnFreePorts } from '@/devnet/test-support/free-ports';
import { devAccountsOf, type DevAccount } from '@/devnet/accounts';
import {
  DevMultiAbi, DevNftAbi, DevProxyAbi, DevTokenAbi, DevWrappedAbi, RawLoggerAbi, devMultiDeployData, devNftDeployData,
  devProxyDeployData, devTokenDeployData, devWrappedDeployData, rawLoggerDeployData,
} from '@/devnet/contracts';
import { createSender, type Sender } from '@/devnet/test-support/sender';
import { createChainClient, type ChainClient } from '@/lib/rpc/client';
import type { Log } from '@/lib/rpc/domain';
import { decodeCall } from './calls';
import { decodeLog, type StandardEvent } from './events';
import { tokenTransfersOf } from './token-transfers';

const ZONE = 'cyprus1';
let devnet: Devnet;
let client: ChainClient;
let alice: DevAccount;
let bob: DevAccount;
let alices: Sender;
let bobs: Sender;

async function deploy(name: string, data: Hex): Promise<Address> {
  const { address, receipt } = await alices.deploy(data);
  deployLogs.set(name, receipt.logs);
  return address;
}

/** Calls a contract (as alice, or bob), checks it succeeded, and returns its transaction and decoded logs. */
async function run(to: Address, data: Hex, value = 0n, from?: DevAccount) {
  const { tx, receipt } = await (from === bob ? bobs : alices).run(to, data, value);
  return { tx, receipt, events: receipt.logs.map(decodeLog) };
}

function only(events: ReturnType<typeof decodeLog>[]): StandardEvent {
  expect(events).toHaveLength(1);
  const [first] = events;
  if (!first?.decoded) throw new Error(`not decoded: ${first ? first.reason : 'no log'}`);
  return first.event;
}

let token: Address;
let nft: Address;
let multi: Address;
let wrapped: Address;
let proxy: Address;
let logger: Address;
const deployLogs = new Map<string, readonly Log[]>();

beforeAll(async () => {
  devnet = await startDevnetOnFreePorts({ topology: '1x1', blockTimeMs: 400 });
  client = createChainClient({ chain: ZONE, url: devnet.urlOf(ZONE), timeoutMs: 10_000 });
  [alice, bob] = devAccountsOf(ZONE) as [DevAccount, DevAccount];
  alices = await createSender(devnet, ZONE, client, alice);
  bobs = await createSender(devnet, ZONE, client, bob);
  token = await deploy('token', devTokenDeployData(1_000_000n * 10n ** 18n));
  nft = await deploy('nft', devNftDeployData());
  multi = await deploy('multi', devMultiDeployData());
  wrapped = await deploy('wrapped', devWrappedDeployData());
  logger = await deploy('logger', rawLoggerDeployData());
  proxy = await deploy('proxy', devProxyDeployData(token, alice.address));
}, 120_000);

afterAll(async () => {
  await devnet?.stop();
});

describe('ERC-20 (DevToken)', () => {
  it('the constructor minted the supply: Transfer from the zero address', () => {
    expect(only(deployLogs.get('token')!.map(decodeLog))).toMatchObject({
      key: 'erc20-transfer', args: { from: '0x0000000000000000000000000000000000000000', to: alice.address, value: 1_000_000n * 10n ** 18n },
    });
  });

  it('transfer: the call and a Transfer told apart from ERC-721 by its three topics', async () => {
    const { tx, receipt, events } = await run(token, encodeFunctionData({ abi: DevTokenAbi, functionName: 'transfer', args: [bob.address, 1234n * 10n ** 18n] }));
    const event = only(events);
    expect(event.key).toBe('erc20-transfer');
    expect(event.args).toEqual({ from: alice.address, to: bob.address, value: 1234n * 10n ** 18n });
    expect(event.signature).toBe('Transfer(address,address,uint256)');
    expect(event.standard).toBe('ERC-20');

    const call = decodeCall(tx.input);
    expect(call).toMatchObject({ kind: 'call', functionName: 'transfer', signature: 'transfer(address,uint256)', source: 'table' });
    if (call.kind !== 'call') return;
    expect(call.args).toEqual([
      { name: 'to', type: 'address', value: bob.address },
      { name: 'value', type: 'uint256', value: (1234n * 10n ** 18n).toString() },
    ]);
    expect(tokenTransfersOf(receipt.logs)).toEqual([
      { standard: 'ERC-20', token: getAddress(token), from: alice.address, to: bob.address, amount: 1234n * 10n ** 18n, tokenId: null, logPosition: 0 },
    ]);
  });

  it('approve: an ERC-20 Approval (amount in data)', async () => {
    const { tx, events } = await run(token, encodeFunctionData({ abi: DevTokenAbi, functionName: 'approve', args: [bob.address, 5n] }));
    expect(only(events)).toMatchObject({ key: 'erc20-approval', args: { owner: alice.address, spender: bob.address, value: 5n } });
    expect(decodeCall(tx.input)).toMatchObject({ kind: 'call', signature: 'approve(address,uint256)' });
  });

  it('transferFrom by the approved spender', async () => {
    const { tx, events } = await run(token, encodeFunctionData({ abi: DevTokenAbi, functionName: 'transferFrom', args: [alice.address, bob.address, 5n] }), 0n, bob);
    expect(only(events)).toMatchObject({ key: 'erc20-transfer', args: { from: alice.address, to: bob.address, value: 5n } });
    expect(decodeCall(tx.input)).toMatchObject({ kind: 'call', signature: 'transferFrom(address,address,uint256)' });
  });
});

describe('ERC-721 (DevNft)', () => {
  it('the constructor emitted OwnershipTransferred from the zero address', () => {
    expect(only(deployLogs.get('nft')!.map(decodeLog))).toMatchObject({
      key: 'ownership-transferred', standard: 'Ownable', args: { previousOwner: '0x0000000000000000000000000000000000000000', newOwner: alice.address },
    });
  });

  it('mint, approve, setApprovalForAll, safeTransferFrom: Transfer with four topics, Approval with three indexed, ApprovalForAll', async () => {
    const minted = await run(nft, encodeFunctionData({ abi: DevNftAbi, functionName: 'mint', args: [alice.address, 7n] }));
    expect(only(minted.events)).toMatchObject({
      key: 'erc721-transfer', standard: 'ERC-721', args: { from: '0x0000000000000000000000000000000000000000', to: alice.address, tokenId: 7n },
    });
    expect(minted.receipt.logs[0]?.topics).toHaveLength(4);
    expect(decodeCall(minted.tx.input)).toMatchObject({ kind: 'call', signature: 'mint(address,uint256)' });

    const approved = await run(nft, encodeFunctionData({ abi: DevNftAbi, functionName: 'approve', args: [bob.address, 7n] }));
    expect(only(approved.events)).toMatchObject({ key: 'erc721-approval', args: { owner: alice.address, approved: bob.address, tokenId: 7n } });

    const all = await run(nft, encodeFunctionData({ abi: DevNftAbi, functionName: 'setApprovalForAll', args: [bob.address, true] }));
    expect(only(all.events)).toMatchObject({ key: 'approval-for-all', args: { owner: alice.address, operator: bob.address, approved: true } });
    expect(decodeCall(all.tx.input)).toMatchObject({ kind: 'call', signature: 'setApprovalForAll(address,bool)' });

    const moved = await run(nft, encodeFunctionData({ abi: DevNftAbi, functionName: 'safeTransferFrom', args: [alice.address, bob.address, 7n, '0xbeef'] }));
    expect(only(moved.events)).toMatchObject({ key: 'erc721-transfer', args: { from: alice.address, to: bob.address, tokenId: 7n } });
    const call = decodeCall(moved.tx.input);
    expect(call).toMatchObject({ kind: 'call', signature: 'safeTransferFrom(address,address,uint256,bytes)' });
    if (call.kind === 'call') expect(call.args[3]).toEqual({ name: 'data', type: 'bytes', value: '0xbeef' });
    expect(tokenTransfersOf(moved.receipt.logs)).toMatchObject([{ standard: 'ERC-721', amount: 1n, tokenId: 7n }]);
  });

  it('transferOwnership: OwnershipTransferred', async () => {
    const { tx, events } = await run(nft, encodeFunctionData({ abi: DevNftAbi, functionName: 'transferOwnership', args: [bob.address] }));
    expect(only(events)).toMatchObject({ key: 'ownership-transferred', args: { previousOwner: alice.address, newOwner: bob.address } });
    expect(decodeCall(tx.input)).toMatchObject({ kind: 'call', signature: 'transferOwnership(address)' });
  });
});

describe('ERC-1155 (DevMulti)', () => {
  it('mint, safeTransferFrom, safeBatchTransferFrom, setURI: TransferSingle, TransferBatch, URI', async () => {
    const minted = await run(multi, encodeFunctionData({ abi: DevMultiAbi, functionName: 'mint', args: [alice.address, 1n, 100n, '0x'] }));
    expect(only(minted.events)).toMatchObject({ key: 'erc1155-transfer-single', args: { operator: alice.address, to: alice.address, id: 1n, value: 100n } });
    expect(decodeCall(minted.tx.input)).toMatchObject({ kind: 'call', signature: 'mint(address,uint256,uint256,bytes)' });
    await run(multi, encodeFunctionData({ abi: DevMultiAbi, functionName: 'mint', args: [alice.address, 2n, 50n, '0x'] }));

    const single = await run(multi, encodeFunctionData({ abi: DevMultiAbi, functionName: 'safeTransferFrom', args: [alice.address, bob.address, 1n, 10n, '0x'] }));
    expect(only(single.events)).toMatchObject({ key: 'erc1155-transfer-single', args: { from: alice.address, to: bob.address, id: 1n, value: 10n } });
    expect(decodeCall(single.tx.input)).toMatchObject({ kind: 'call', signature: 'safeTransferFrom(address,address,uint256,uint256,bytes)' });

    const batch = await run(multi, encodeFunctionData({ abi: DevMultiAbi, functionName: 'safeBatchTransferFrom', args: [alice.address, bob.address, [1n, 2n], [3n, 4n], '0x'] }));
    expect(only(batch.events)).toMatchObject({ key: 'erc1155-transfer-batch', args: { ids: [1n, 2n], values: [3n, 4n] } });
    const call = decodeCall(batch.tx.input);
    expect(call).toMatchObject({ kind: 'call', signature: 'safeBatchTransferFrom(address,address,uint256[],uint256[],bytes)' });
    if (call.kind === 'call') expect(call.args[2]).toEqual({ name: 'ids', type: 'uint256[]', value: '["1","2"]' });
    expect(tokenTransfersOf(batch.receipt.logs).map((t) => [t.tokenId, t.amount])).toEqual([[1n, 3n], [2n, 4n]]);

    const uri = await run(multi, encodeFunctionData({ abi: DevMultiAbi, functionName: 'setURI', args: [1n, 'ipfs://strata/1'] }));
    expect(only(uri.events)).toMatchObject({ key: 'erc1155-uri', args: { value: 'ipfs://strata/1', id: 1n } });
    // setURI is not a standard function: the table does not know it and says so with its 4 bytes.
    expect(decodeCall(uri.tx.input)).toEqual({ kind: 'unknown', selector: uri.tx.input.slice(0, 10) });
  });

  it('setApprovalForAll on an ERC-1155: the same ApprovalForAll', async () => {
    const { events } = await run(multi, encodeFunctionData({ abi: DevMultiAbi, functionName: 'setApprovalForAll', args: [bob.address, false] }));
    expect(only(events)).toMatchObject({ key: 'approval-for-all', args: { approved: false } });
  });
});

describe('WETH-style wrapper (DevWrapped)', () => {
  it('deposit and withdraw: Deposit and Withdrawal', async () => {
    const deposit = await run(wrapped, encodeFunctionData({ abi: DevWrappedAbi, functionName: 'deposit' }), 10n ** 18n);
    expect(only(deposit.events)).toMatchObject({ key: 'weth-deposit', standard: 'WETH', args: { dst: alice.address, wad: 10n ** 18n } });
    expect(decodeCall(deposit.tx.input)).toEqual({ kind: 'call', selector: deposit.tx.input, functionName: 'deposit', signature: 'deposit()', args: [], source: 'table' });
    const withdrawal = await run(wrapped, encodeFunctionData({ abi: DevWrappedAbi, functionName: 'withdraw', args: [4n] }));
    expect(only(withdrawal.events)).toMatchObject({ key: 'weth-withdrawal', args: { src: alice.address, wad: 4n } });
    expect(decodeCall(withdrawal.tx.input)).toMatchObject({ kind: 'call', signature: 'withdraw(uint256)' });
    expect(tokenTransfersOf(withdrawal.receipt.logs)).toEqual([]);
  });
});

describe('EIP-1967 proxy (DevProxy)', () => {
  it('the deployment emitted Upgraded and AdminChanged; upgradeTo emits Upgraded again', async () => {
    const constructed = deployLogs.get('proxy')!.map(decodeLog);
    expect(constructed.map((d) => (d.decoded ? d.event.key : d.reason))).toEqual(['eip1967-upgraded', 'eip1967-admin-changed']);
    expect(constructed[0]).toMatchObject({ event: { args: { implementation: getAddress(token) } } });
    const upgraded = await run(proxy, encodeFunctionData({ abi: DevProxyAbi, functionName: 'upgradeTo', args: [nft] }));
    expect(only(upgraded.events)).toMatchObject({ key: 'eip1967-upgraded', standard: 'EIP-1967', args: { implementation: getAddress(nft) } });
    expect(decodeCall(upgraded.tx.input)).toMatchObject({ kind: 'call', signature: 'upgradeTo(address)' });
    const admin = await run(proxy, encodeFunctionData({ abi: DevProxyAbi, functionName: 'changeAdmin', args: [bob.address] }));
    expect(only(admin.events)).toMatchObject({ key: 'eip1967-admin-changed', args: { previousAdmin: alice.address, newAdmin: bob.address } });
  });
});

describe('malformed logs from a real receipt (RawLogger)', () => {
  const transferTopic = toEventSelector('Transfer(address,address,uint256)');
  const word = (a: Address): Hex => padHex(a, { size: 32 });

  async function emitted(topics: Hex[], data: Hex): Promise<Log> {
    const { receipt } = await run(logger, encodeFunctionData({ abi: RawLoggerAbi, functionName: 'emitRaw', args: [topics, data] }));
    const [log] = receipt.logs;
    if (!log) throw new Error('RawLogger emitted nothing');
    return log;
  }

  it('a Transfer topic with two topics only: raw, saying how many each standard has', async () => {
    const log = await emitted([transferTopic, word(alice.address)], padHex('0x05', { size: 32 }));
    const decoded = decodeLog(log);
    expect(decoded.decoded).toBe(false);
    if (!decoded.decoded) expect(decoded.reason).toMatch(/Transfer, but the log has 2 topics \(ERC-20 has 3, ERC-721 has 4\)/);
    expect(tokenTransfersOf([log])).toEqual([]);
  });

  it('an ERC-20 Transfer shape with short data: raw, never a throw', async () => {
    const log = await emitted([transferTopic, word(alice.address), word(bob.address)], '0x0102');
    const decoded = decodeLog(log);
    expect(decoded.decoded).toBe(false);
    if (!decoded.decoded) expect(decoded.reason).toMatch(/^Transfer\(address,address,uint256\): the data does not decode/);
  });

  it('an ERC-1155 batch with data cut short: raw', async () => {
    const topic = toEventSelector('TransferBatch(address,address,address,uint256[],uint256[])');
    const log = await emitted([topic, word(alice.address), word(alice.address), word(bob.address)], padHex('0x40', { size: 32 }));
    expect(decodeLog(log).decoded).toBe(false);
  });

  it('no topics, and an unknown topic: raw with the reason', async () => {
    const anonymous = decodeLog(await emitted([], '0x1234'));
    expect(anonymous).toEqual({ decoded: false, reason: expect.stringMatching(/^No topics/) });
    const unknown = decodeLog(await emitted([padHex('0x01', { size: 32 })], '0x'));
    expect(unknown).toEqual({ decoded: false, reason: expect.stringMatching(/^Not a standard event/) });
  });

  it('calldata: an unknown selector shows its 4 bytes; a known one with cut arguments is malformed', () => {
    expect(decodeCall('0xdeadbeef00')).toEqual({ kind: 'unknown', selector: '0xdeadbeef' });
    const transfer = encodeFunctionData({ abi: DevTokenAbi, functionName: 'transfer', args: [bob.address, 1n] });
    expect(decodeCall(transfer.slice(0, 20) as Hex)).toMatchObject({ kind: 'malformed', selector: '0xa9059cbb', signature: 'transfer(address,uint256)' });
    expect(decodeCall('0x')).toEqual({ kind: 'empty' });
    expect(decodeCall('0x1234')).toEqual({ kind: 'short', data: '0x1234' });
  });
});
