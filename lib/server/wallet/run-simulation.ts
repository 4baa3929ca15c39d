/**
 * A dry run: the transaction run on its zone's pending state and sent nowhere. Where the node
 * traces, `debug_traceCall` with the call tracer (with logs), then the prestate tracer (diff
 * mode), read as a mined transaction's page reads its trace: the failure and its lines
 * (@/lib/server/tx/load-failure.ts), the calls decoded, the value moved below the root, the state changes,
 * the logs. A node without tracing answers `call` and `estimateGas`: the outcome, the reason and
 * the gas it needs, and nothing of what happened inside (said in `notes`).
 *
 * The code run is the caller's choice, so the run is bounded: gas above the block's gas limit is
 * refused (no block could hold it), and the node is asked to run it with at most the explorer's
 * gas cap (STRATA_CALL_GAS_CAP), said in `gasCap` and, when the cap stopped it, in `notes`. Every
 * run goes through the zone's lane of callers' node work (lib/rpc/work-lane.ts; a full lane is a
 * 503 with Retry-After), one after the other: a dry run that answers leaves nothing running at the
 * node, and one the node does not answer in time stops asking.
 */
import type { Address, Hex } from 'viem';
import { getChain, type Chain } from '@/lib/protocol/chains';
import { decodeLogWithAbi } from '@/lib/decode/abi-events';
import { decodeCall } from '@/lib/decode/calls';
import { decodeLog } from '@/lib/decode/events';
import type { CallRequest, Hash } from '@/lib/rpc/domain';
import { getConfig } from '@/lib/ops/config';
import { clientOf, workClientOf } from '@/lib/server/node/clients';
import { describeFailure, isNodeBusy, isNodeDown, isRefused, isUnserved } from '@/lib/server/node/node-errors';
import type { SimulationRequest } from '@/lib/wallet/parse-request';
import type { SimulatedCall, SimulatedChange, SimulatedFailure, SimulatedLine, SimulatedLog, SimulatedTransfer, SimulationResponse } from '@/lib/wallet/simulate-types';
import { bareEvmError } from '@/lib/trace/evm-errors';
import { whyFailed, whySource, whyText, type FailureWhy } from '@/lib/trace/failure';
import type { LineRef } from '@/lib/trace/frame-lines';
import { framesOf } from '@/lib/trace/frame-tree';
import { internalTransfersOf } from '@/lib/trace/internal-transfers';
import { stateChangesOf } from '@/lib/trace/state-changes';
import type { CallFrame, CallLog, StateDiff } from '@/lib/rpc/trace-types';
import { urls } from '@/lib/routes/urls';
import { failuresOfTrace, type FailureSite } from '@/lib/server/tx/load-failure';
import { traceAbiBook, type TraceAbis } from '@/lib/server/tx/trace-abis';

export type SimulationResult =
  | { readonly kind: 'ok'; readonly response: SimulationResponse }
  /** The node would not run it at all (funds, intrinsic gas): said as the node said it. */
  | { readonly kind: 'refused'; readonly message: string }
  /** More gas than the zone's block gas limit: no transaction could have it (a 400). */
  | { readonly kind: 'too-much-gas'; readonly message: string }
  /** The zone's lane of callers' node work is full (a 503 with Retry-After). */
  | { readonly kind: 'busy'; readonly message: string; readonly retryAfterSeconds: number }
  | { readonly kind: 'node-down'; readonly message: string }
  /** The node answered something that is not a trace (a 502, naming chain and field). */
  | { readonly kind: 'unreadable'; readonly message: string };

const NO_HASH = `0x${'0'.repeat(64)}` as Hash;

const lineOf = (line: LineRef): SimulatedLine | null =>
  line.kind === 'line' ? { path: line.path, line: line.line, text: line.text, url: urls.sourceLine(line.address, line.fileIndex, line.line) } : null;

function failureJson(site: FailureSite): SimulatedFailure {
  return {
    kind: site.why.kind,
    text: whyText(site.why),
    source: whySource(site.why),
    frame: site.pathText,
    address: site.address,
    contract: site.contractName,
    function: site.functionName,
    line: lineOf(site.line),
    lineUnknown: site.line.kind === 'unknown' ? site.line.reason : null,
    calledFrom: site.callers.map((c) => lineOf(c.line)),
  };
}

function whyJson(why: FailureWhy): SimulatedFailure {
  return { kind: why.kind, text: whyText(why), source: whySource(why), frame: null, address: null, contract: null, function: null, line: null, lineUnknown: 'the node does not trace', calledFrom: [] };
}

function callJson(frame: CallFrame, abis: TraceAbis): SimulatedCall {
  const decoded = frame.type === 'CREATE' || frame.type === 'CREATE2' ? null : decodeCall(frame.input, frame.to ? abis.abiOf(frame.to) : undefined);
  return {
    type: frame.type, from: frame.from, to: frame.to, value: frame.value?.toString() ?? null, gas: frame.gas.toString(), gasUsed: frame.gasUsed.toString(),
    input: frame.input, output: frame.output, error: frame.error, function: decoded?.kind === 'call' ? decoded.signature : null,
    calls: frame.calls.map((c) => callJson(c, abis)),
  };
}

/** The logs in the order they were emitted: a frame's logs before the calls that follow them (geth's `position`). */
function logsInOrder(frame: CallFrame, out: CallLog[] = []): CallLog[] {
  if (frame.error) return out;
  let next = 0;
  const logs = frame.logs;
  for (let i = 0; i <= frame.calls.length; i++) {
    while (next < logs.length && (logs[next]!.position ?? Number.MAX_SAFE_INTEGER) <= i) out.push(logs[next++]!);
    const child = frame.calls[i];
    if (child) logsInOrder(child, out);
  }
  out.push(...logs.slice(next));
  return out;
}

function logJson(log: CallLog, abis: TraceAbis): SimulatedLog {
  const input = { address: log.address, topics: log.topics, data: log.data };
  const standard = decodeLog(input);
  const base = { address: log.address, topics: [...log.topics], data: log.data };
  if (standard.decoded) return { ...base, event: { name: standard.event.name, signature: standard.event.signature, args: standard.event.display.map(({ name, type, value }) => ({ name, type, value })) } };
  const abi = abis.abiOf(log.address);
  const own = abi ? decodeLogWithAbi(abi, input) : null;
  return { ...base, event: own?.kind === 'event' ? { name: own.name, signature: own.signature, args: own.args.map(({ name, type, value }) => ({ name, type, value })) } : null };
}

function changesJson(diff: StateDiff): SimulatedChange[] {
  return stateChangesOf(diff).map((c) => ({
    address: c.address,
    lifecycle: c.lifecycle,
    balance: c.balance && { before: c.balance.before.toString(), after: c.balance.after.toString() },
    nonce: c.nonce && { before: c.nonce.before.toString(), after: c.nonce.after.toString() },
    codeChanged: c.code !== null,
    storage: c.storage.map((s) => ({ slot: s.slot, before: s.before, after: s.after })),
  }));
}

function transfersJson(call: CallFrame, zone: Chain): SimulatedTransfer[] {
  return internalTransfersOf(call, { chain: zone.name, txHash: NO_HASH, blockNumber: 0n, txIndex: 0 }).map((t) => ({
    traceId: t.traceId, type: t.type, from: t.from, to: t.to, value: t.value.toString(), error: t.error,
  }));
}

/** The revert data a node's error carries (geth: `data`, hex). */
function errorData(error: unknown): Hex | null {
  const data = (error as { data?: unknown }).data;
  return typeof data === 'string' && /^0x([0-9a-fA-F]{2})*$/.test(data) ? (data.toLowerCase() as Hex) : null;
}

const messageOf = (error: unknown): string => bareEvmError((error as { rpcMessage?: string }).rpcMessage ?? (error instanceof Error ? error.message : String(error)));

type Base = Pick<SimulationResponse, 'chain' | 'block' | 'transaction' | 'gasCap'>;

async function traced(zone: Chain, request: CallRequest, base: Base, notes: string[]): Promise<SimulationResponse> {
  const client = workClientOf(zone);
  // One after the other: a run the node does not answer in time is not followed by another.
  const call = await client.traceCall({ request, blockTag: 'pending', tracer: 'callTracer', tracerConfig: { withLog: true } });
  const diff = await client.traceCall({ request, blockTag: 'pending', tracer: 'prestateTracer', tracerConfig: { diffMode: true } });
  const addresses = [...framesOf(call)].flatMap(({ frame }) => [frame.to, ...frame.logs.map((l) => l.address)]).filter((a): a is Address => a !== null);
  const [abis, failures] = await Promise.all([traceAbiBook(addresses), failuresOfTrace(zone, call, { request, blockTag: 'pending' }, call.gasUsed)]);
  const site = failures?.reverted ?? null;
  const pcs = failures?.pcs;
  if (pcs && pcs.source === null && (site?.line.kind === 'unknown' || failures?.inner.some((i) => i.line.kind === 'unknown'))) notes.push(`Source lines: ${pcs.reason}.`);
  return {
    ...base,
    method: 'debug_traceCall',
    status: call.error ? 'reverted' : 'success',
    revertReason: site ? whyText(site.why) : call.error ? (call.revertReason ?? call.error) : null,
    error: call.error,
    failure: site ? failureJson(site) : null,
    gasUsed: call.gasUsed.toString(),
    gasUsedIs: 'used',
    calls: callJson(call, abis),
    internalTransfers: transfersJson(call, zone),
    stateChanges: changesJson(diff),
    logs: logsInOrder(call).map((l) => logJson(l, abis)),
    innerReverts: (failures?.inner ?? []).map(failureJson),
    notes,
  };
}

/** A node without tracing: `call` for the outcome and its reason, `estimateGas` for the gas. */
async function called(zone: Chain, request: CallRequest, base: Base, notes: string[]): Promise<SimulationResult> {
  const client = workClientOf(zone);
  const result = await settle(client.call({ request, blockTag: 'pending' }));
  if (result.status === 'rejected' && isNodeBusy(result.reason)) return busy(result.reason);
  if (result.status === 'rejected' && isNodeDown(result.reason)) return { kind: 'node-down', message: describeFailure(result.reason) };
  const gas = await settle(client.estimateGas({ request, blockTag: 'pending' }));
  if (result.status === 'rejected' && !isRefused(result.reason)) return { kind: 'unreadable', message: describeFailure(result.reason) };
  notes.push(`${zone.label}'s node does not serve debug_traceCall: the outcome and gas come from call and estimateGas, and the calls inside, transfers, state changes and logs are not known.`);
  let why: FailureWhy | null = null;
  let error: string | null = null;
  if (result.status === 'rejected') {
    error = messageOf(result.reason);
    const abis = request.to ? await traceAbiBook([request.to]) : null;
    const abi = request.to ? abis?.abiOf(request.to) : undefined;
    const origin = request.to ? abis?.originOf(request.to) : undefined;
    why = whyFailed(error, errorData(result.reason), abi && origin ? { abi, origin } : undefined);
    const said = /^execution reverted: (.+)$/s.exec(error);
    if (why.kind === 'bare-revert' && said?.[1]) why = { kind: 'reason', text: said[1] };
  }
  return {
    kind: 'ok',
    response: {
      ...base,
      method: 'call',
      status: why ? 'reverted' : 'success',
      revertReason: why ? whyText(why) : null,
      error,
      failure: why ? whyJson(why) : null,
      gasUsed: gas.status === 'fulfilled' ? gas.value.toString() : null,
      gasUsedIs: gas.status === 'fulfilled' ? 'estimated' : null,
      calls: null,
      internalTransfers: null,
      stateChanges: null,
      logs: null,
      innerReverts: [],
      notes,
    },
  };
}

const settle = <T>(p: Promise<T>): Promise<PromiseSettledResult<T>> => Promise.allSettled([p]).then(([r]) => r!);

const busy = (error: Error & { readonly retryAfterSeconds: number }): SimulationResult => ({ kind: 'busy', message: describeFailure(error), retryAfterSeconds: error.retryAfterSeconds });

/** What the gas cap did to this run, for `notes`: nothing, or that a run out of gas may be the cap's doing. */
function capNote(response: SimulationResponse, asked: bigint, cap: bigint): string | null {
  if (asked <= cap || response.error !== 'out of gas') return null;
  return `It ran out of gas at the explorer's cap of ${cap} gas (STRATA_CALL_GAS_CAP), below the ${asked} it would have: with more it might go further. A node of your own runs it with all its gas.`;
}

/** What the sender's nonce says about when a signed transaction would run. */
function nonceNote(nonce: bigint, next: bigint): string | null {
  if (nonce === next) return null;
  if (nonce < next) return `Nonce ${nonce} is already used (the sender's next is ${next}): the node would refuse this transaction (nonce too low). It was simulated as if it were next.`;
  return `Nonce ${nonce} is not the sender's next (${next}): sent now it would wait in the pool until the ${nonce - next} before it are mined. It was simulated on the state now, as if it were next.`;
}

export async function runSimulation(req: SimulationRequest): Promise<SimulationResult> {
  const zone = getChain(req.zone);
  const client = clientOf(zone);
  let blockGasLimit: bigint;
  try {
    const head = await client.getHeaderByNumber({ blockNumber: 'latest' });
    if (!head) return { kind: 'node-down', message: `${zone.label}'s node has no latest header` };
    blockGasLimit = head.gasLimit;
  } catch (error) {
    if (isNodeDown(error)) return { kind: 'node-down', message: describeFailure(error) };
    return { kind: 'unreadable', message: describeFailure(error) };
  }
  if (req.gas !== null && req.gas > blockGasLimit) {
    return { kind: 'too-much-gas', message: `gas ${req.gas} is above ${zone.label}'s block gas limit of ${blockGasLimit}: no block could hold the transaction` };
  }
  const cap = getConfig().callGasCap;
  const asked = req.gas ?? blockGasLimit;
  const request: CallRequest = {
    from: req.from,
    ...(req.to ? { to: req.to } : {}),
    data: req.data,
    value: req.value,
    ...(req.gas !== null ? { gas: req.gas } : {}),
    ...(req.maxFeePerGas !== null ? { maxFeePerGas: req.maxFeePerGas } : {}),
  };
  const notes = [...req.problems];
  if (req.maxFeePerGas === null) notes.push('Unsigned: run without fees (gas price 0), so the sender pays nothing for gas here.');
  const base: Base = {
    chain: zone.name,
    block: 'pending' as const,
    transaction: { from: req.from, to: req.to, nonce: req.nonce?.toString() ?? null, hash: req.hash },
    gasCap: cap.toString(),
  };
  const withCapNote = (response: SimulationResponse): SimulationResponse => {
    const note = capNote(response, asked, cap);
    return note ? { ...response, notes: [...response.notes, note] } : response;
  };
  try {
    const next = req.nonce === null ? null : client.getTransactionCount({ address: req.from, blockTag: 'pending' });
    // Together, so a run that fails at once is caught while the nonce is still being read.
    const [pending, response] = await Promise.all([next === null ? null : next.catch(() => null), traced(zone, request, base, notes)]);
    const note = req.nonce !== null && pending !== null ? nonceNote(req.nonce, pending) : null;
    return { kind: 'ok', response: withCapNote(note ? { ...response, notes: [note, ...response.notes] } : response) };
  } catch (error) {
    if (isUnserved(error)) {
      const result = await called(zone, request, base, notes);
      return result.kind === 'ok' ? { kind: 'ok', response: withCapNote(result.response) } : result;
    }
    if (isNodeBusy(error)) return busy(error);
    if (isNodeDown(error)) return { kind: 'node-down', message: describeFailure(error) };
    if (isRefused(error)) return { kind: 'refused', message: messageOf(error) };
    return { kind: 'unreadable', message: describeFailure(error) };
  }
}
