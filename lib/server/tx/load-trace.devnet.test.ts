/**
 * loadTxTrace against real devnets over HTTP: cyprus1 on a devnet that traces, paxos1 on one that
 * does not (a go-quai node without the tracer package). A transaction alone in its block is traced,
 * checked (root call, gasUsed, post state against getProof) and its internal transfers found; one
 * followed by another in its block is not checked against the block's state, and says why; the
 * node that does not trace is asked once and the tabs' reason given.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keccak256, type Address } from 'viem';
import { devAccountsOf } from '@/devnet/accounts';
import { forwardData, TRACE_CONTRACTS } from '@/devnet/contracts';
import type { Devnet } from '@/devnet/index';
import { startDevnetOnFreePorts } from '@/devnet/test-support/free-ports';
import { createSender, type Sender } from '@/devnet/test-support/sender';
import { createChainClient } from '@/lib/rpc/client';

let traced: Devnet;
let bare: Devnet;
let sender: Sender;
let bareSender: Sender;
let forwarder: Address;
let load: typeof import('./load-trace');

beforeAll(async () => {
  [traced, bare] = await Promise.all([
    startDevnetOnFreePorts({ topology: '1x1', blockTimeMs: 250 }),
    startDevnetOnFreePorts({ topology: '2x1', blockTimeMs: 250, serveTrace: false }),
  ]);
  // Configuration is read once: point the explorer at both before its modules load.
  process.env.STRATA_CHAINS = 'prime,cyprus,cyprus1,paxos1';
  for (const chain of ['prime', 'cyprus', 'cyprus1'] as const) process.env[`STRATA_RPC_${chain.toUpperCase()}`] = traced.urlOf(chain);
  process.env.STRATA_RPC_PAXOS1 = bare.urlOf('paxos1');
  const client = createChainClient({ chain: 'cyprus1', url: traced.urlOf('cyprus1'), timeoutMs: 10_000 });
  sender = await createSender(traced, 'cyprus1', client, devAccountsOf('cyprus1')[0]!);
  forwarder = (await sender.deploy(TRACE_CONTRACTS.forwarder)).address.toLowerCase() as Address;
  const bareClient = createChainClient({ chain: 'paxos1', url: bare.urlOf('paxos1'), timeoutMs: 10_000 });
  bareSender = await createSender(bare, 'paxos1', bareClient, devAccountsOf('paxos1')[0]!);
  load = await import('./load-trace');
}, 90_000);

afterAll(async () => {
  await Promise.all([traced?.stop(), bare?.stop()]);
});

describe('loadTxTrace', () => {
  it('traces a transaction alone in its block, checks it against the transaction, receipt and proofs, and finds its internal transfer', async () => {
    const to = devAccountsOf('cyprus1')[1]!.address.toLowerCase() as Address;
    const { tx } = await sender.mined(await sender.send(forwarder, forwardData(to), 4_321n));
    const result = await load.loadTxTrace(tx.hash);
    expect(result.kind).toBe('ok');
    if (result.kind !== 'ok') return;
    expect(result.chain).toBe('cyprus1');
    expect(result.call.calls[0]).toMatchObject({ type: 'CALL', from: forwarder, to, value: 4_321n });
    expect(result.checks.report.failed).toEqual([]);
    expect(result.checks.postState).toMatchObject({ checked: true });
    expect(result.checks.report.checks.map((c) => c.field)).toEqual(expect.arrayContaining(['trace from', 'trace gasUsed', `post state ${to} balance`]));
    expect(result.internalTransfers).toEqual([
      expect.objectContaining({ traceId: '0', type: 'CALL', from: forwarder, to, value: 4_321n, error: null, txHash: tx.hash }),
    ]);
    expect(result.diff.post.get(to)?.balance).toBeDefined();
  });

  it('does not check the post state of a transaction another one follows in its block, and says why', async () => {
    const first = await sender.send(forwarder, forwardData(forwarder), 0n);
    const second = await sender.send(devAccountsOf('cyprus1')[1]!.address, '0x', 1n);
    const [a, b] = [await sender.mined(first), await sender.mined(second)];
    // The devnet puts both in one block when they reach the pool together; skip the claim otherwise.
    if (a.receipt.blockNumber !== b.receipt.blockNumber) return;
    const result = await load.loadTxTrace(a.tx.hash);
    expect(result.kind).toBe('ok');
    if (result.kind !== 'ok') return;
    expect(result.checks.postState).toEqual({ checked: false, reason: expect.stringMatching(/only the last transaction of a block/) });
    expect(result.checks.report.failed).toEqual([]);
  });

  it('a node that does not trace: the reason, and the chain is not asked again', async () => {
    const { tx } = await bareSender.mined(await bareSender.send(devAccountsOf('paxos1')[1]!.address, '0x', 5n));
    const result = await load.loadTxTrace(tx.hash);
    expect(result).toMatchObject({ kind: 'unsupported', chain: 'paxos1', reason: expect.stringMatching(/does not serve debug_traceTransaction/) });
    const { getChain } = await import('@/lib/protocol/chains');
    expect(load.traceUnsupported(getChain('paxos1'))).toMatch(/tracer package/);
    expect(load.traceUnsupported(getChain('cyprus1'))).toBeNull();
  });

  it('an unknown hash: unavailable, with the reason', async () => {
    expect(await load.loadTxTrace(keccak256('0x0123'))).toEqual({ kind: 'unavailable', reason: 'no configured zone knows this transaction' });
  });
});
