/**
 * The dry run and the failure of a mined transaction, against real devnets over HTTP: cyprus1 on
 * a devnet that traces (debug_traceCall, the lastPcTracer and geth's struct logger), paxos1 on one
 * that does not (a go-quai node without the tracer package). `POST /api/v1/simulate`'s handler is
 * called as Next calls it. The lab's and relay's ABIs are attached by the operator's labels (this
 * test has no index, so nothing is verified): a custom error is named from the attached ABI.
 *
 * - simulate: a revert with its reason and frame, a custom error with its arguments, a signed
 *   transaction that succeeds (state changes, logs, gas) and one whose nonce is ahead, each leaving
 *   the sender's nonce as it was; a revert caught inside a success; bad input answered 400 saying
 *   what; on the node without tracing, `call` and `estimateGas`, said so.
 * - loadTxFailure: a mined failure traced; the same on the node without tracing, replayed.
 * - loadFramePcs: the struct logger's frames equal the lastPcTracer's where the node has no pc tracer.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeFunctionData, type Address, type Hex } from 'viem';
import { privateKeyToAddress } from 'viem/accounts';
import { zoneOf } from '@/lib/protocol/chains';
import { devAccountsOf } from '@/devnet/accounts';
import { REVERT_CONTRACTS, RevertLabAbi, RevertRelayAbi } from '@/devnet/contracts';
import type { Devnet } from '@/devnet/index';
import { startDevnetOnFreePorts } from '@/devnet/test-support/free-ports';
import { createSender, type Sender } from '@/devnet/test-support/sender';
import { signTransaction } from '@/lib/protocol/transaction';
import { createChainClient, type ChainClient } from '@/lib/rpc/client';
import type { FramePcs } from '@/lib/rpc/trace-types';
import type { SimulationAnswer, SimulationResponse } from '@/lib/wallet/simulate-types';

const GWEI = 1_000_000_000n;
let traced: Devnet;
let bare: Devnet;
let client: ChainClient;
let bareClient: ChainClient;
let sender: Sender;
let bareSender: Sender;
let lab: Address;
let relay: Address;
let bareLab: Address;
let route: typeof import('@/app/api/v1/simulate/route');

const lower = (a: string) => a.toLowerCase() as Address;
const labCall = (fn: 'requireBelow' | 'withdraw', x: bigint): Hex => encodeFunctionData({ abi: RevertLabAbi, functionName: fn, args: [x] });

beforeAll(async () => {
  [traced, bare] = await Promise.all([
    startDevnetOnFreePorts({ topology: '1x1', blockTimeMs: 250 }),
    startDevnetOnFreePorts({ topology: '2x1', blockTimeMs: 250, serveTrace: false }),
  ]);
  client = createChainClient({ chain: 'cyprus1', url: traced.urlOf('cyprus1'), timeoutMs: 20_000 });
  bareClient = createChainClient({ chain: 'paxos1', url: bare.urlOf('paxos1'), timeoutMs: 20_000 });
  sender = await createSender(traced, 'cyprus1', client, devAccountsOf('cyprus1')[0]!);
  bareSender = await createSender(bare, 'paxos1', bareClient, devAccountsOf('paxos1')[0]!);
  lab = lower((await sender.deploy(REVERT_CONTRACTS.lab)).address);
  relay = lower((await sender.deploy(REVERT_CONTRACTS.relay)).address);
  bareLab = lower((await bareSender.deploy(REVERT_CONTRACTS.lab)).address);
  // The operator attaches the lab's and relay's ABIs (no index here: nothing is verified).
  const labels = join(mkdtempSync(join(tmpdir(), 'strata-simulate-')), 'labels.json');
  writeFileSync(labels, JSON.stringify({ version: 1, labels: [
    { address: lab, label: 'RevertLab', abi: JSON.stringify(RevertLabAbi) },
    { address: relay, label: 'RevertRelay', abi: JSON.stringify(RevertRelayAbi) },
  ] }));
  // Configuration is read once: point the explorer at both devnets before its modules load.
  process.env.STRATA_CHAINS = 'prime,cyprus,cyprus1,paxos1';
  for (const chain of ['prime', 'cyprus', 'cyprus1'] as const) process.env[`STRATA_RPC_${chain.toUpperCase()}`] = traced.urlOf(chain);
  process.env.STRATA_RPC_PAXOS1 = bare.urlOf('paxos1');
  process.env.STRATA_INDEX = 'off';
  process.env.STRATA_LABELS = labels;
  route = await import('@/app/api/v1/simulate/route');
}, 120_000);

afterAll(async () => {
  await Promise.all([traced?.stop(), bare?.stop()]);
});

async function simulate(body: unknown): Promise<{ status: number; json: SimulationAnswer }> {
  const response = await route.POST(new Request('http://strata.test/api/v1/simulate', {
    method: 'POST', headers: { 'content-type': 'application/json' }, body: typeof body === 'string' ? body : JSON.stringify(body),
  }));
  return { status: response.status, json: (await response.json()) as SimulationAnswer };
}

async function simulated(body: unknown): Promise<SimulationResponse> {
  const { status, json } = await simulate(body);
  expect(status, JSON.stringify(json)).toBe(200);
  return json as SimulationResponse;
}

/** Signs a call from the traced devnet's sender at `nonce` without sending it. */
async function signed(to: Address, data: Hex, nonce: bigint): Promise<Hex> {
  return signTransaction(
    { type: 0, chainId: traced.chainId, nonce, gasTipCap: GWEI, gasFeeCap: 20n * GWEI, gas: 300_000n, to, value: 0n, data, accessList: [] },
    sender.account.privateKey,
  );
}

const nonceOf = (c: ChainClient, address: Address) => c.getTransactionCount({ address, blockTag: 'pending' });

describe('POST /api/v1/simulate on a node that traces', () => {
  it('a require that fails: reverted, its reason, the frame and function it started in, and why its line is unknown; nothing sent', async () => {
    const from = sender.account.address;
    const before = await nonceOf(client, from);
    const answer = await simulated({ from, to: lab, data: labCall('requireBelow', 42n) });
    expect(answer).toMatchObject({
      chain: 'cyprus1', method: 'debug_traceCall', block: 'pending', status: 'reverted', revertReason: 'RevertLab: x must be below 10', error: 'execution reverted',
      failure: { kind: 'reason', source: 'Error(string)', frame: 'root', address: lab, function: 'requireBelow', line: null },
      gasUsedIs: 'used', calls: { type: 'CALL', to: lab, function: 'requireBelow(uint256)', error: 'execution reverted' },
    });
    expect(answer.failure?.lineUnknown).toMatch(/verified/);
    expect(BigInt(answer.gasUsed!)).toBeGreaterThan(21_000n);
    expect(await nonceOf(client, from)).toBe(before);
  });

  it('a custom error: named with its arguments from the ABI attached to the contract, saying so', async () => {
    const answer = await simulated({ chain: 'cyprus1', from: sender.account.address, to: lab, data: labCall('withdraw', 5n), gas: 200_000 });
    expect(answer.failure).toMatchObject({ kind: 'custom', function: 'withdraw' });
    expect(answer.failure?.text).toMatch(/^Shortfall\(who=0x[0-9a-fA-F]{40}, have=0, want=5\)$/);
    expect(answer.failure?.source).toMatch(/attached/);
  });

  it('a signed transaction that succeeds: its state changes and gas, and the sender’s nonce untouched', async () => {
    const from = sender.account.address;
    const nonce = await nonceOf(client, from);
    const answer = await simulated({ raw: await signed(lab, labCall('requireBelow', 7n), nonce) });
    expect(answer).toMatchObject({ status: 'success', revertReason: null, error: null, failure: null, transaction: { from: lower(from), to: lab, nonce: nonce.toString() } });
    expect(answer.notes).toEqual([]);
    const slot = answer.stateChanges!.find((c) => c.address === lab)!.storage[0]!;
    expect(BigInt(slot.after)).toBe(7n);
    expect(answer.stateChanges!.find((c) => c.address === lower(from))!.nonce).toEqual({ before: nonce.toString(), after: (nonce + 1n).toString() });
    expect(await nonceOf(client, from)).toBe(nonce);
    expect(await client.getStorageAt({ address: lab, position: '0x0' })).not.toBe(`0x${'0'.repeat(63)}7`);
  });

  it('a revert caught inside a success: listed with its reason and frame, and the event that says so decoded', async () => {
    const answer = await simulated({ from: sender.account.address, to: relay, data: encodeFunctionData({ abi: RevertRelayAbi, functionName: 'attempt', args: [lab, 42n] }) });
    expect(answer.status).toBe('success');
    expect(answer.innerReverts).toEqual([expect.objectContaining({ kind: 'reason', text: 'RevertLab: x must be below 10', frame: '0', address: lab, function: 'requireBelow' })]);
    expect(answer.logs?.[0]?.event).toMatchObject({ name: 'Caught', args: [{ name: 'ok', value: 'false' }, { name: 'data' }] });
    expect(answer.calls?.calls[0]).toMatchObject({ to: lab, error: 'execution reverted' });
  });

  it('a signed transaction whose nonce is ahead: simulated, and the note says it would wait', async () => {
    const nonce = (await nonceOf(client, sender.account.address)) + 2n;
    const answer = await simulated({ raw: await signed(lab, labCall('requireBelow', 11n), nonce) });
    expect(answer.status).toBe('reverted');
    expect(answer.notes[0]).toMatch(/not the sender's next .*wait in the pool/);
  });

  it('bad input: 400 saying what', async () => {
    const from = sender.account.address;
    const cases: [unknown, RegExp][] = [
      ['[1]', /JSON object/],
      ['not json', /JSON/],
      [{ raw: '0x1234' }, /raw: Not a Quai transaction/],
      [{ raw: '0xzz' }, /raw: A raw transaction is hex/],
      [{ raw: await signed(lab, '0x', 0n), from }, /send it alone/],
      [{ from: '0x12', to: lab }, /from must be a 20-byte/],
      [{ from, to: 'nope' }, /to must be/],
      [{ from, to: lab, data: '0x123' }, /data must be 0x hex of whole bytes/],
      [{ from, to: lab, value: '-1' }, /value must be a whole number/],
      [{ from, to: lab, gas: 5 }, /gas must be between/],
      [{ from, to: lab, chain: 'paxos1' }, /lives in Cyprus 1, not paxos1/],
      [{ from, to: lab, chain: 'cyprus' }, /chain must be a zone/],
      [{ from, to: lab, extra: 1 }, /unknown field "extra"/],
      [{ to: lab }, /from is required/],
      [{ from }, /contract creation .* needs its init code/],
      [{ from: devAccountsOf('hydra1')[0]!.address, to: lab }, /hydra1 is not served/],
    ];
    for (const [body, message] of cases) {
      const { status, json } = await simulate(body);
      expect([status, 'error' in json ? json.error : json], JSON.stringify(body).slice(0, 80)).toEqual([400, expect.stringMatching(message)]);
    }
  });

  it('a transaction the node would not run (no funds for its gas): 422, in the node’s words', async () => {
    // A key of an empty account in cyprus1 (the zone is the address's first byte).
    let key = 1n;
    const keyHex = (k: bigint) => `0x${k.toString(16).padStart(64, '0')}` as Hex;
    while (zoneOf(privateKeyToAddress(keyHex(key))).name !== 'cyprus1') key++;
    const raw = await signTransaction(
      { type: 0, chainId: traced.chainId, nonce: 0n, gasTipCap: GWEI, gasFeeCap: 20n * GWEI, gas: 100_000n, to: lab, value: 0n, data: labCall('requireBelow', 1n), accessList: [] },
      keyHex(key),
    );
    const { status, json } = await simulate({ raw });
    expect([status, 'error' in json && json.error]).toEqual([422, expect.stringMatching(/insufficient funds/)]);
  });
});

describe('POST /api/v1/simulate on a node without tracing', () => {
  it('answers from call and estimateGas, says so, and knows nothing of the inside', async () => {
    const from = bareSender.account.address;
    const failed = await simulated({ from, to: bareLab, data: labCall('requireBelow', 42n) });
    expect(failed).toMatchObject({
      chain: 'paxos1', method: 'call', status: 'reverted', revertReason: 'RevertLab: x must be below 10', failure: { kind: 'reason', frame: null },
      calls: null, internalTransfers: null, stateChanges: null, logs: null, gasUsed: null,
    });
    expect(failed.notes.join(' ')).toMatch(/does not serve debug_traceCall/);
    const ok = await simulated({ from, to: bareLab, data: labCall('requireBelow', 2n) });
    expect(ok).toMatchObject({ status: 'success', gasUsedIs: 'estimated' });
    expect(BigInt(ok.gasUsed!)).toBeGreaterThan(21_000n);
  });
});

describe('loadTxFailure', () => {
  it('a mined failure, traced: the reason and the frame it started in, two calls down', async () => {
    const { loadTxFailure } = await import('@/lib/server/tx/load-failure');
    const { loadTraceView } = await import('@/lib/server/tx/load-trace-view');
    const { lookupTxByHash } = await import('@/lib/server/tx/load-tx');
    const data = encodeFunctionData({ abi: RevertRelayAbi, functionName: 'relayVia', args: [relay, lab, 42n] });
    const { tx } = await sender.mined(await sender.send(relay, data));
    const found = await lookupTxByHash(tx.hash);
    if (!found.found) throw new Error('not found');
    const failure = await loadTxFailure(found.data, await loadTraceView(found.data.tx, 'overview'));
    expect(failure).toMatchObject({ kind: 'traced', inner: [], transient: null, reverted: { pathText: '0_0', address: lab, functionName: 'requireBelow', why: { kind: 'reason', text: 'RevertLab: x must be below 10' } } });
    if (failure?.kind !== 'traced') return;
    expect(failure.reverted?.callers.map((c) => c.pathText)).toEqual(['root', '0']);
    expect(failure.pcs).toEqual({ source: null, reason: 'no frame on the way runs code verified here' });
  });

  it('a mined failure on a node without tracing: replayed with call on the block before, the custom error named from the shipped signatures', async () => {
    const { loadTxFailure } = await import('@/lib/server/tx/load-failure');
    const { loadTraceView } = await import('@/lib/server/tx/load-trace-view');
    const { lookupTxByHash } = await import('@/lib/server/tx/load-tx');
    const { tx } = await bareSender.mined(await bareSender.send(bareLab, labCall('withdraw', 9n)));
    const found = await lookupTxByHash(tx.hash);
    if (!found.found) throw new Error('not found');
    const failure = await loadTxFailure(found.data, await loadTraceView(found.data.tx, 'overview'));
    expect(failure).toMatchObject({ kind: 'replayed', blockNumber: tx.blockNumber! - 1n, why: { kind: 'custom', name: 'Shortfall', signature: 'Shortfall(address,uint256,uint256)' } });
  });
});

describe('loadFramePcs', () => {
  it('a node without the lastPcTracer: the struct logger gives the same frames and pcs', async () => {
    const { loadFramePcs } = await import('@/lib/server/tx/load-frame-pcs');
    const { getChain } = await import('@/lib/protocol/chains');
    const { tx, receipt } = await sender.mined(await sender.send(relay, encodeFunctionData({ abi: RevertRelayAbi, functionName: 'relay', args: [lab, 42n] })));
    const call = await client.traceTransaction({ hash: tx.hash, tracer: 'callTracer' });
    const cyprus1 = getChain('cyprus1');
    const fromTracer = await loadFramePcs(cyprus1, { hash: tx.hash }, call, receipt.gasUsed);
    traced.setPcTracer(false);
    try {
      const fromLog = await loadFramePcs(cyprus1, { hash: tx.hash }, call, receipt.gasUsed);
      expect(fromTracer.kind === 'ok' && fromTracer.source).toBe('lastPcTracer');
      expect(fromLog.kind === 'ok' && fromLog.source).toBe('structLogger');
      const tail = (p: FramePcs): unknown => ({ openedAt: p.openedAt, last: p.pcs.slice(-64), calls: p.calls.map(tail) });
      if (fromTracer.kind === 'ok' && fromLog.kind === 'ok') expect(tail(fromLog.pcs)).toEqual(tail(fromTracer.pcs));
    } finally {
      traced.setPcTracer(true);
    }
  });
});
