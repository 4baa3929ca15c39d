/**
 * Tracing by re-execution, as geth does it: a block's transactions run again on its parent's
 * state, in the order the block ran them (its ETX credits first, then its own transactions: see
 * ZoneExecution.executeBlock), with a TxTracer attached to the ones asked for. Nothing is kept:
 * the whole run sits inside one state checkpoint that is reverted at the end.
 *
 * For the prestate tracer a traced transaction runs twice: once with the recorder inside a
 * checkpoint (the call tree, what it touched, and the state after), reverted to read the touched
 * accounts as they were before, then again unrecorded so the transactions after it see its
 * effects. For the call tracer it runs once, recorded.
 */
import { bytesToHex, hexToBytes, setLengthLeft } from '@ethereumjs/util';
import type { EVM } from '@ethereumjs/evm';
import type { MerkleStateManager } from '@ethereumjs/statemanager';
import type { Address, Hex } from 'viem';
import type { AccountSnapshot, BlockContext, TraceRequest, TxRecord, TxTrace } from './api';
import { intrinsicGasOf } from './decode';
import { ethAddress } from './evm-env';
import { applyInboundEtx, applyTransaction } from './state-transition';
import { TxTracer, type Frame } from './tracer';

async function snapshot(sm: MerkleStateManager, tracer: TxTracer): Promise<Map<Address, AccountSnapshot>> {
  const out = new Map<Address, AccountSnapshot>();
  for (const address of tracer.accounts) {
    const a = ethAddress(address);
    const account = await sm.getAccount(a);
    const storage = new Map<Hex, Hex>();
    for (const slot of tracer.slots.get(address) ?? []) {
      const value = account ? await sm.getStorage(a, hexToBytes(slot)) : new Uint8Array();
      storage.set(slot, bytesToHex(setLengthLeft(value, 32)) as Hex);
    }
    out.set(address, {
      exists: account !== undefined,
      balance: account?.balance ?? 0n,
      nonce: account?.nonce ?? 0n,
      code: (account ? bytesToHex(await sm.getCode(a)) : '0x') as Hex,
      storage,
    });
  }
  return out;
}

/** The frame of a transaction that ran no EVM: a plain transfer to no code, an ETX send, a credit to an account. */
function flatFrame(tx: TxRecord, from: Address, gasUsed: bigint): Frame {
  return {
    type: 'CALL', from, to: tx.to, value: tx.value, gas: tx.gas, gasUsed, input: tx.data, output: '0x',
    error: null, revertReason: null, calls: [], logs: [],
  };
}

type Run = (evm: EVM) => Promise<{ gasUsed: bigint; error?: string; returnValue?: Hex }>;

/** Runs the transaction once with the recorder attached and keeps its effects: the call tree only. */
async function tracedOnce(evm: EVM, tx: TxRecord, from: Address, run: Run, withLog: boolean): Promise<TxTrace> {
  const tracer = new TxTracer({ withLog });
  let result;
  tracer.attach(evm);
  try {
    result = await run(evm);
  } finally {
    tracer.detach(evm);
  }
  const frame = tracer.result() ?? flatFrame(tx, from, result.gasUsed);
  frame.gas = tx.gas;
  frame.gasUsed = result.gasUsed;
  return { hash: tx.hash, frame, pre: new Map(), post: new Map() };
}

async function traced(sm: MerkleStateManager, evm: EVM, tx: TxRecord, from: Address, touched: readonly Address[], run: Run, withLog: boolean): Promise<TxTrace> {
  const tracer = new TxTracer({ withLog });
  for (const a of touched) tracer.touch(a);
  await sm.checkpoint();
  let result;
  let post;
  try {
    tracer.attach(evm);
    try {
      result = await run(evm);
    } finally {
      tracer.detach(evm);
    }
    post = await snapshot(sm, tracer);
  } finally {
    // Back to the state before the transaction, whatever happened: the environment is reused.
    await sm.revert();
  }
  const pre = await snapshot(sm, tracer);
  const frame = tracer.result() ?? flatFrame(tx, from, result.gasUsed);
  // The root's gas is the transaction's, its gasUsed the receipt's (intrinsic gas and refund included), as geth reports.
  frame.gas = tx.gas;
  frame.gasUsed = result.gasUsed;
  return { hash: tx.hash, frame, pre, post };
}

/**
 * Re-executes `transactions` (a sealed zone block's list: its own, then its ETX credits) on the
 * parent state `sm` is positioned at, tracing those asked for. `sm` is left as it was.
 */
export async function traceTransactions(
  sm: MerkleStateManager,
  evm: EVM,
  ctx: BlockContext,
  transactions: readonly TxRecord[],
  request: TraceRequest,
): Promise<TxTrace[]> {
  const out: TxTrace[] = [];
  const wanted = (tx: TxRecord) => request.only === undefined || request.only.toLowerCase() === tx.hash.toLowerCase();
  const withLog = request.withLog === true;
  await sm.checkpoint();
  try {
    // The block credited its inbound ETXs before running its own transactions.
    for (const tx of transactions.filter((t) => t.type === 1)) {
      const etx = { to: tx.to as Address, value: tx.value, data: tx.data, gas: tx.gas, sender: tx.sender ?? tx.from, gasFeeCap: tx.gasFeeCap };
      const run: Run = async (e) => ({ gasUsed: 0n, ...(await applyInboundEtx(sm, e, ctx, etx)) });
      if (wanted(tx)) {
        const trace = request.prestate ? await traced(sm, evm, tx, etx.sender, [etx.to], run, withLog) : await tracedOnce(evm, tx, etx.sender, run, withLog);
        // A credit is recorded with 0 gas used (the devnet's simplification, docs/devnet.md): so is its root frame.
        trace.frame.gasUsed = 0n;
        out.push(trace);
      }
      // The call tracer's run already applied the credit; the prestate tracer's was reverted.
      if (!wanted(tx) || request.prestate) await run(evm);
      if (request.only !== undefined && out.length > 0) return out;
    }
    let used = 0n;
    for (const tx of transactions.filter((t) => t.type !== 1)) {
      const crossZone = tx.type === 2;
      const run: Run = (e) => applyTransaction(sm, e, ctx, ctx.gasLimit - used, { tx, intrinsicGas: intrinsicGasOf(tx), crossZone });
      if (wanted(tx) && !request.prestate) {
        const trace = await tracedOnce(evm, tx, tx.from, run, withLog);
        out.push(trace);
        used += trace.frame.gasUsed;
        if (request.only !== undefined) return out;
        continue;
      }
      if (wanted(tx)) {
        const touched = crossZone ? [tx.from, ctx.miner] : [tx.from, ...(tx.to ? [tx.to] : []), ctx.miner];
        out.push(await traced(sm, evm, tx, tx.from, touched, run, withLog));
      }
      used += (await run(evm)).gasUsed;
      if (request.only !== undefined && out.length > 0) return out;
    }
    return out;
  } finally {
    evm.journal.cleanJournal();
    await sm.revert();
  }
}

