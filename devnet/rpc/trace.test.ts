/**
 * debug_traceTransaction / debug_traceBlockBy{Number,Hash} against a real devnet over HTTP, read
 * with the explorer's own client (lib/rpc) and judged with its own checks (lib/checks/trace-*):
 * a transfer, a contract paying a contract, a revert with a reason, a CREATE and a selfdestruct
 * from contracts, an ETX send; each prestate diff equal to what getProof shows at its block (each
 * transaction is alone, hence last, in its block), and its pre state to getProof at the block
 * before. The devnet's lastPcTracer and geth's struct logger agree on where each frame's code
 * was, frame for frame; debug_traceCall traces a message on the pending state and keeps nothing.
 * A devnet started without tracing answers "method not found".
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeEventLog, encodeFunctionData, getAddress, getContractAddress, keccak256, toHex, type Address, type Hex } from 'viem';
import { zoneOf } from '@/lib/protocol/chains';
import { checkPostState, proofRequests } from '@/lib/checks/trace-state';
import { checkTraceRoot } from '@/lib/checks/trace-call';
import { createChainClient, type ChainClient } from '@/lib/rpc/client';
import type { AccountProof, Receipt, Transaction } from '@/lib/rpc/domain';
import { internalTransfersOf } from '@/lib/trace/internal-transfers';
import { stateChangesOf } from '@/lib/trace/state-changes';
import type { StateDiff } from '@/lib/rpc/trace-types';
import { fitsCallTree, framePcsFromStructLog } from '@/lib/trace/frame-pcs';
import type { FramePcs } from '@/lib/rpc/trace-types';
import { devAccountsOf } from '../accounts';
import { DevFactoryAbi, DevForwarderAbi, RevertLabAbi, RevertRelayAbi, REVERT_CONTRACTS, ReverterAbi, TRACE_CONTRACTS, VaultAbi } from '../contracts';
import type { Devnet } from '../index';
import { startDevnetOnFreePorts } from '../test-support/free-ports';
import { createSender, type Sender } from '../test-support/sender';
import { plantData, plantGas, snareDeployData } from '../test-support/gas-snare';

const ZONE = 'cyprus1';
const VaultBytecodeOf = (): Hex => TRACE_CONTRACTS.vault;
let devnet: Devnet;
let bare: Devnet;
let client: ChainClient;
let sender: Sender;
let forwarder: Address;
let forwarder2: Address;
let factory: Address;
let reverter: Address;
const recipient = devAccountsOf(ZONE)[1]!.address.toLowerCase() as Address;
const lower = (a: Address): Address => a.toLowerCase() as Address;
const inZone = (a: Address) => zoneOf(a).name === ZONE;

beforeAll(async () => {
  [devnet, bare] = await Promise.all([
    startDevnetOnFreePorts({ topology: '1x1', blockTimeMs: 200 }),
    startDevnetOnFreePorts({ topology: '1x1', mining: false, serveTrace: false }),
  ]);
  client = createChainClient({ chain: ZONE, url: devnet.urlOf(ZONE), timeoutMs: 20_000 });
  sender = await createSender(devnet, ZONE, client, devAccountsOf(ZONE)[0]!);
  forwarder = lower((await sender.deploy(TRACE_CONTRACTS.forwarder)).address);
  forwarder2 = lower((await sender.deploy(TRACE_CONTRACTS.forwarder)).address);
  factory = lower((await sender.deploy(TRACE_CONTRACTS.factory)).address);
  reverter = lower((await sender.deploy(TRACE_CONTRACTS.reverter)).address);
}, 120_000);

afterAll(async () => {
  await Promise.all([devnet?.stop(), bare?.stop()]);
});

/** Sends and waits; returns the transaction, receipt, both traces and the checks' verdicts. */
async function traced(to: Address | null, data: Hex, value = 0n) {
  const { tx, receipt } = await sender.mined(await sender.send(to, data, value));
  return traceOf(tx, receipt);
}

async function traceOf(tx: Transaction, receipt: Receipt) {
  const [call, diff] = await Promise.all([
    client.traceTransaction({ hash: tx.hash, tracer: 'callTracer' }),
    client.traceTransaction({ hash: tx.hash, tracer: 'prestateTracer', tracerConfig: { diffMode: true } }),
  ]);
  const root = checkTraceRoot(call, tx, receipt);
  expect(root.filter((c) => !c.ok)).toEqual([]);
  await expectDiffMatchesProofs(diff, receipt.blockNumber);
  return { tx, receipt, call, diff };
}

/** The diff's post state against getProof at its block (alone in it), its pre state against the block before. */
async function expectDiffMatchesProofs(diff: StateDiff, blockNumber: bigint): Promise<void> {
  const block = await client.getBlockByNumber({ blockNumber });
  expect(block?.transactions).toHaveLength(1);
  const requests = proofRequests(diff, inZone);
  const proofsAt = async (at: bigint) =>
    new Map<string, AccountProof>(
      await Promise.all(requests.map(async (r) => [r.address, await client.getProof({ address: r.address, storageKeys: r.slots, blockTag: at })] as const)),
    );
  const checks = checkPostState(block!.stateRoot, diff, await proofsAt(blockNumber), inZone);
  expect(checks.filter((c) => !c.ok)).toEqual([]);
  const before = await proofsAt(blockNumber - 1n);
  for (const change of stateChangesOf(diff).filter((c) => inZone(c.address))) {
    const proof = before.get(change.address)!;
    if (change.balance) expect(proof.balance).toBe(change.balance.before);
    if (change.nonce) expect(proof.nonce).toBe(change.nonce.before);
    for (const slot of change.storage) {
      expect(proof.storageProof.find((e) => BigInt(e.key) === BigInt(slot.slot))?.value).toBe(BigInt(slot.before));
    }
  }
}

describe('debug_traceTransaction', () => {
  it('a transfer: one CALL frame, the sender, the recipient and the miner in the diff', async () => {
    const { tx, receipt, call, diff } = await traced(recipient, '0x', 12_345n);
    expect(call).toMatchObject({ type: 'CALL', from: tx.from, to: recipient, value: 12_345n, gas: tx.gas, gasUsed: 21_000n, input: '0x', calls: [], error: null });
    expect(receipt.gasUsed).toBe(21_000n);
    const changed = stateChangesOf(diff);
    expect(changed.find((c) => c.address === recipient)?.balance).toEqual({
      before: changed.find((c) => c.address === recipient)!.balance!.before,
      after: changed.find((c) => c.address === recipient)!.balance!.before + 12_345n,
    });
    expect(changed.find((c) => c.address === tx.from)?.nonce).toEqual({ before: tx.nonce, after: tx.nonce + 1n });
  });

  it('a contract paying a contract: nested CALL frames with value, two internal transfers', async () => {
    const data = encodeFunctionData({ abi: DevForwarderAbi, functionName: 'forwardVia', args: [forwarder2, recipient] });
    const { tx, call } = await traced(forwarder, data, 5_000n);
    expect(call.to).toBe(forwarder);
    expect(call.calls).toHaveLength(1);
    const inner = call.calls[0]!;
    expect(inner).toMatchObject({ type: 'CALL', from: forwarder, to: forwarder2, value: 5_000n, error: null });
    expect(inner.calls[0]).toMatchObject({ type: 'CALL', from: forwarder2, to: recipient, value: 5_000n, input: '0x' });
    const transfers = internalTransfersOf(call, { chain: ZONE, txHash: tx.hash, blockNumber: tx.blockNumber!, txIndex: 0 });
    expect(transfers.map((t) => [t.traceId, t.from, t.to, t.value])).toEqual([
      ['0', forwarder, forwarder2, 5_000n],
      ['0_0', forwarder2, recipient, 5_000n],
    ]);
  });

  it('withLog and onlyTopCall follow geth', async () => {
    const data = encodeFunctionData({ abi: DevForwarderAbi, functionName: 'split', args: [forwarder2, recipient] });
    const { tx } = await sender.mined(await sender.send(forwarder, data, 1_000n));
    const withLog = await client.traceTransaction({ hash: tx.hash, tracer: 'callTracer', tracerConfig: { withLog: true } });
    expect(withLog.calls.map((c) => c.type)).toEqual(['CALL', 'CALL']);
    const nested = withLog.calls[1]!;
    expect(nested.logs).toHaveLength(1);
    const event = decodeEventLog({ abi: DevForwarderAbi, data: nested.logs[0]!.data, topics: nested.logs[0]!.topics as [Hex, ...Hex[]] });
    expect(event.eventName).toBe('Forwarded');
    expect(event.args).toEqual({ to: getAddress(recipient), value: 500n });
    const top = await client.traceTransaction({ hash: tx.hash, tracer: 'callTracer', tracerConfig: { onlyTopCall: true } });
    expect(top.calls).toEqual([]);
    expect(top.logs).toEqual([]);
  });

  it('a revert with a reason: the error and the decoded reason on the root, the receipt reverted', async () => {
    const data = encodeFunctionData({ abi: ReverterAbi, functionName: 'fail', args: ['not today'] });
    const { call, receipt } = await traced(reverter, data, 0n);
    expect(receipt.status).toBe('reverted');
    expect(call.error).toBe('execution reverted');
    expect(call.revertReason).toBe('not today');
    expect(call.output?.startsWith('0x08c379a0')).toBe(true);
  });

  it('a revert inside a call that succeeds: the inner frame carries it, its value is marked as not moved', async () => {
    const data = encodeFunctionData({ abi: ReverterAbi, functionName: 'tryFail', args: [reverter, 'inner'] });
    const { tx, call, receipt } = await traced(reverter, data, 300n);
    expect(receipt.status).toBe('success');
    expect(call.error).toBeNull();
    expect(call.calls[0]).toMatchObject({ type: 'CALL', error: 'execution reverted', revertReason: 'inner', value: 300n });
    const [transfer] = internalTransfersOf(call, { chain: ZONE, txHash: tx.hash, blockNumber: tx.blockNumber!, txIndex: 0 });
    expect(transfer?.error).toBe('execution reverted');
  });

  it('a panic: the reason named as geth names it', async () => {
    const data = encodeFunctionData({ abi: ReverterAbi, functionName: 'divide', args: [1n, 0n] });
    const { call } = await traced(reverter, data);
    expect(call.revertReason).toBe('division or modulo by zero');
  });

  it('a CREATE from a contract with value, then the vault selfdestructs to an account', async () => {
    // The factory's next CREATE address must be in the zone for the zone's node to prove it: spend its nonces (one per create()) until it is.
    const factoryNonce = await client.getTransactionCount({ address: factory, blockTag: 'latest' });
    let burn: Hex | undefined;
    for (let n = factoryNonce; !inZone(getContractAddress({ from: factory, nonce: n })); n++) {
      burn = await sender.send(factory, encodeFunctionData({ abi: DevFactoryAbi, functionName: 'create' }));
    }
    if (burn) await sender.mined(burn);
    const { tx, receipt, call, diff } = await traced(factory, encodeFunctionData({ abi: DevFactoryAbi, functionName: 'create' }), 777n);
    const log = receipt.logs[0]!;
    const created = decodeEventLog({ abi: DevFactoryAbi, data: log.data, topics: log.topics as [Hex, ...Hex[]] });
    const vault = lower(created.args.vault);
    expect(call.calls[0]).toMatchObject({ type: 'CREATE', from: factory, to: vault, value: 777n });
    expect(call.calls[0]!.output?.length).toBeGreaterThan(2);
    const changes = stateChangesOf(diff).find((c) => c.address === vault);
    expect(changes).toMatchObject({ lifecycle: 'created', balance: { before: 0n, after: 777n }, nonce: { before: 0n, after: 1n } });
    const [transfer] = internalTransfersOf(call, { chain: ZONE, txHash: tx.hash, blockNumber: tx.blockNumber!, txIndex: 0 });
    expect(transfer).toMatchObject({ type: 'CREATE', to: vault, contractAddress: vault, value: 777n, error: null });

    const swept = await traced(vault, encodeFunctionData({ abi: VaultAbi, functionName: 'sweep', args: [recipient] }));
    expect(swept.call.calls[0]).toMatchObject({ type: 'SELFDESTRUCT', from: vault, to: recipient, value: 777n, gas: 0n, gasUsed: 0n });
    expect(stateChangesOf(swept.diff).find((c) => c.address === vault)?.lifecycle).toBe('deleted');
    expect(await client.getCode({ address: vault })).toBe('0x');
  });

  it('CREATE2 is named CREATE2', async () => {
    let i = 0;
    const saltOf = (n: number) => keccak256(toHex(`strata ${n}`));
    while (!inZone(getContractAddress({ opcode: 'CREATE2', from: factory, salt: saltOf(i), bytecode: VaultBytecodeOf() }))) i++;
    const salt = saltOf(i);
    const { call } = await traced(factory, encodeFunctionData({ abi: DevFactoryAbi, functionName: 'create2', args: [salt] }), 1n);
    expect(call.calls[0]?.type).toBe('CREATE2');
  });

  it('a transaction that emits an ETX: one CALL to the other zone’s address, no EVM frames', async () => {
    const elsewhere = lower(devAccountsOf('paxos1')[0]!.address);
    const { tx, receipt } = await sender.mined(await sender.sendEtx(elsewhere, 4_242n));
    expect(receipt.etxs).toHaveLength(1);
    const { call } = await traceOf(tx, receipt);
    expect(call).toMatchObject({ type: 'CALL', from: tx.from, to: elsewhere, value: 4_242n, gasUsed: receipt.gasUsed, calls: [] });
  });

  it('a pending or unknown hash is an error, not a trace', async () => {
    await expect(client.traceTransaction({ hash: keccak256('0x01'), tracer: 'callTracer' })).rejects.toThrow(/transaction not found/);
  });

  it('geth’s JSON: STATICCALL-less frames keep `value`, prestate nonces are JSON numbers', async () => {
    const data = encodeFunctionData({ abi: DevForwarderAbi, functionName: 'forward', args: [recipient] });
    const { tx } = await sender.mined(await sender.send(forwarder, data, 9n));
    const raw = async (params: unknown[]) => {
      const res = await fetch(devnet.urlOf(ZONE), { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'debug_traceTransaction', params }) });
      return ((await res.json()) as { result: Record<string, unknown> }).result;
    };
    const call = await raw([tx.hash, { tracer: 'callTracer' }]);
    expect(Object.keys(call)).toEqual(['type', 'from', 'gas', 'gasUsed', 'to', 'input', 'calls', 'value']);
    const pre = await raw([tx.hash, { tracer: 'prestateTracer' }]);
    const from = pre[tx.from] as { nonce: unknown; balance: unknown };
    expect(typeof from.nonce).toBe('number');
    expect(from.balance).toMatch(/^0x[0-9a-f]+$/);
  });
});

describe('debug_traceBlockBy{Number,Hash}', () => {
  it('traces every transaction of a block, in order, by number and by hash alike', async () => {
    const hashes = [await sender.send(recipient, '0x', 1n), await sender.send(forwarder, encodeFunctionData({ abi: DevForwarderAbi, functionName: 'forward', args: [recipient] }), 2n)];
    const mined = await Promise.all(hashes.map((h) => sender.mined(h)));
    const blockNumber = mined[1]!.receipt.blockNumber;
    const block = await client.getBlockByNumber({ blockNumber });
    const byNumber = await client.traceBlockByNumber({ blockNumber, tracer: 'callTracer' });
    const byHash = await client.traceBlockByHash({ blockHash: block!.hash, tracer: 'callTracer' });
    expect(byNumber.map((t) => t.txHash)).toEqual(block!.transactions);
    expect(byHash).toEqual(byNumber);
    for (const { tx, receipt } of mined.filter((m) => m.receipt.blockNumber === blockNumber)) {
      const trace = byNumber.find((t) => t.txHash === tx.hash)!.result;
      expect(checkTraceRoot(trace, tx, receipt).filter((c) => !c.ok)).toEqual([]);
    }
  });
});

describe('a devnet without tracing', () => {
  it('answers "method not found", like a go-quai node without the tracer package', async () => {
    const bareClient = createChainClient({ chain: ZONE, url: bare.urlOf(ZONE), timeoutMs: 10_000 });
    const hash = keccak256('0x02');
    await expect(bareClient.traceTransaction({ hash, tracer: 'callTracer' })).rejects.toMatchObject({ name: 'MethodNotFoundError' });
    await expect(bareClient.traceBlockByNumber({ blockNumber: 0n, tracer: 'callTracer' })).rejects.toMatchObject({ name: 'MethodNotFoundError' });
  });
});

describe('where each frame’s code was: the lastPcTracer and geth’s struct logger', () => {
  let lab: Address;
  let relay: Address;

  beforeAll(async () => {
    lab = lower((await sender.deploy(REVERT_CONTRACTS.lab)).address);
    relay = lower((await sender.deploy(REVERT_CONTRACTS.relay)).address);
  }, 60_000);

  /** The pcs of every frame, with the openers, as a flat list to compare. */
  const flat = (pcs: FramePcs, path = 'root'): string[] => [
    `${path} ${pcs.openedAt ?? '-'} ${pcs.pcs.slice(-8).join(',')}`,
    ...pcs.calls.flatMap((c, i) => flat(c, path === 'root' ? `${i}` : `${path}_${i}`)),
  ];

  it('a revert two calls deep: both tracers give the call tree’s shape and the same last pcs and openers', async () => {
    const data = encodeFunctionData({ abi: RevertRelayAbi, functionName: 'relayVia', args: [relay, lab, 42n] });
    const { tx, receipt } = await sender.mined(await sender.send(relay, data));
    expect(receipt.status).toBe('reverted');
    const call = await client.traceTransaction({ hash: tx.hash, tracer: 'callTracer' });
    const pcs = await client.traceTransaction({ hash: tx.hash, tracer: 'lastPcTracer' });
    expect(fitsCallTree(pcs, call)).toBe(true);
    expect(pcs.calls[0]?.calls[0]).toMatchObject({ type: 'CALL', to: lab });
    expect(pcs.calls[0]!.calls[0]!.pcs.length).toBeGreaterThan(10);
    expect(pcs.pcs.length).toBeLessThanOrEqual(64);
    const log = await client.traceTransaction({ hash: tx.hash, tracer: 'structLogger', logConfig: { disableStack: true, disableStorage: true } });
    expect(log.failed).toBe(true);
    expect(log.steps.at(-1)).toMatchObject({ op: 'REVERT', depth: 1, error: 'execution reverted' });
    const fromLog = framePcsFromStructLog(log, call);
    expect(fromLog).not.toBeNull();
    expect(flat(fromLog!)).toEqual(flat(pcs));
  });

  it('geth’s struct logger JSON: numbers for pc, gas and depth, returnValue without 0x, stack as quantities, storage on SSTORE', async () => {
    const { tx } = await sender.mined(await sender.send(lab, encodeFunctionData({ abi: RevertLabAbi, functionName: 'requireBelow', args: [3n] })));
    const res = await fetch(devnet.urlOf(ZONE), {
      method: 'POST', headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'debug_traceTransaction', params: [tx.hash, { enableMemory: true }] }),
    });
    const { result } = (await res.json()) as { result: { gas: number; failed: boolean; returnValue: string; structLogs: Record<string, unknown>[] } };
    expect(result).toMatchObject({ failed: false, returnValue: '' });
    expect(typeof result.gas).toBe('number');
    const first = result.structLogs[0]!;
    expect(first).toMatchObject({ pc: 0, op: 'PUSH1', depth: 1 });
    expect(typeof first.gas).toBe('number');
    expect(first.stack).toEqual([]);
    const sstore = result.structLogs.find((l) => l.op === 'SSTORE')!;
    expect(sstore.storage).toEqual({ ['0'.repeat(64)]: `${'0'.repeat(63)}3` });
    expect((sstore.memory as string[])[0]).toMatch(/^[0-9a-f]{64}$/);
  });

  it('geth’s timeout: a trace still running at its deadline is stopped with “execution timeout”, not kept; the traces after it run whole on a clean state', async () => {
    const snare = lower((await sender.deploy(snareDeployData())).address);
    const { tx, receipt } = await sender.mined(await sender.send(snare, plantData(recipient, 3_000), 0n, plantGas(3_000)));
    expect(receipt.logs).toHaveLength(3_000);
    await expect(client.traceTransaction({ hash: tx.hash, tracer: 'callTracer', timeout: '1ms' })).rejects.toThrow(/^execution timeout/);
    await expect(client.traceBlockByHash({ blockHash: receipt.blockHash, tracer: 'callTracer', timeout: '1ms' })).rejects.toThrow(/^execution timeout/);
    await expect(client.traceCall({ request: { to: snare, data: '0x', gas: 1_000_000n }, tracer: 'callTracer', timeout: '1ms' })).rejects.toThrow(/^execution timeout/);
    // Not kept, and nothing left behind: with time enough, the same block and message trace whole.
    const whole = await client.traceTransaction({ hash: tx.hash, tracer: 'callTracer', timeout: '1m' });
    expect(whole).toMatchObject({ to: snare, error: null, gasUsed: receipt.gasUsed });
    expect(checkTraceRoot(whole, tx, receipt).filter((c) => !c.ok)).toEqual([]);
    expect(await client.traceCall({ request: { to: snare, data: '0x', gas: 100_000n }, tracer: 'callTracer' })).toMatchObject({ error: 'out of gas' });
    await traced(forwarder, encodeFunctionData({ abi: DevForwarderAbi, functionName: 'forward', args: [recipient] }), 5n);
    await expect(client.traceTransaction({ hash: tx.hash, tracer: 'callTracer', timeout: 'soon' })).rejects.toThrow(/timeout: expected a duration/);
  });

  it('a devnet without it answers as a go-quai node would: the tracer is not served', async () => {
    const { tx } = await sender.mined(await sender.send(lab, encodeFunctionData({ abi: RevertLabAbi, functionName: 'requireBelow', args: [4n] })));
    devnet.setPcTracer(false);
    try {
      await expect(client.traceTransaction({ hash: tx.hash, tracer: 'lastPcTracer' })).rejects.toThrow(/not served/);
      expect((await client.traceTransaction({ hash: tx.hash, tracer: 'structLogger', logConfig: { limit: 3 } })).steps).toHaveLength(3);
    } finally {
      devnet.setPcTracer(true);
    }
  });
});

describe('debug_traceCall', () => {
  it('a message that would revert, on the pending state: the reverted tree, the reason, the lines’ pcs; nothing sent', async () => {
    const from = sender.account.address;
    const nonce = await client.getTransactionCount({ address: from, blockTag: 'pending' });
    const request = { from, to: reverter, data: encodeFunctionData({ abi: ReverterAbi, functionName: 'fail', args: ['not now'] }), gas: 100_000n };
    const call = await client.traceCall({ request, tracer: 'callTracer' });
    expect(call).toMatchObject({ type: 'CALL', from: lower(from), to: reverter, error: 'execution reverted', revertReason: 'not now' });
    expect(call.gasUsed).toBeGreaterThan(21_000n);
    const pcs = await client.traceCall({ request, tracer: 'lastPcTracer' });
    expect(pcs.pcs.length).toBeGreaterThan(0);
    expect(await client.getTransactionCount({ address: from, blockTag: 'pending' })).toBe(nonce);
  });

  it('a message that succeeds: its state changes as prestateTracer’s diff, with the sender’s nonce moved as a transaction moves it', async () => {
    const from = sender.account.address;
    const request = { from, to: forwarder, data: encodeFunctionData({ abi: DevForwarderAbi, functionName: 'forward', args: [recipient] }), value: 777n, gas: 200_000n };
    const diff = await client.traceCall({ request, tracer: 'prestateTracer', tracerConfig: { diffMode: true } });
    const changes = stateChangesOf(diff);
    const to = changes.find((c) => c.address === recipient)!;
    expect(to.balance!.after - to.balance!.before).toBe(777n);
    expect(changes.find((c) => c.address === lower(from))?.nonce).toMatchObject({ after: expect.any(BigInt) });
    const before = await client.getBalance({ address: recipient, blockTag: 'latest' });
    expect(before).toBe(to.balance!.before);
  });

  it('a message the sender cannot pay for is refused, as a transaction would be', async () => {
    // An account of this zone (its first byte) that holds nothing.
    const poor = `${recipient.slice(0, 4)}${'ab'.repeat(19)}` as Address;
    const request = { from: poor, to: recipient, value: 1n, gas: 21_000n, gasPrice: 10n ** 9n };
    await expect(client.traceCall({ request, tracer: 'callTracer' })).rejects.toThrow(/insufficient funds/);
  });
});
