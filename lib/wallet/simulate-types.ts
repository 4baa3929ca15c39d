/**
 * The JSON of `POST /api/v1/simulate` (docs/api.md, "Dry run"): what a transaction would do on its
 * zone's pending state, sent nowhere. Integers are decimal strings. Browser-safe: the broadcast
 * page draws it.
 */

/** A source line of verified code, with the link that shows it highlighted. */
export interface SimulatedLine {
  readonly path: string;
  readonly line: number;
  readonly text: string;
  readonly url: string;
}

/** Where a failure started and why, decoded as a mined transaction's page decodes it. */
export interface SimulatedFailure {
  /** reason (Error(string)), panic, custom, undecoded, bare-revert, evm, node. */
  readonly kind: string;
  /** In words: the reason, `panic 0x11: …`, `Shortfall(who=…, …)`, `Out of gas`. */
  readonly text: string;
  /** What decoded it, or what the EVM error means. */
  readonly source: string | null;
  /** The frame it started in (`root`, `0_1`), the code and function that ran there. */
  readonly frame: string | null;
  readonly address: string | null;
  readonly contract: string | null;
  readonly function: string | null;
  /** The verified source line it stopped on; null with `lineUnknown` saying why. */
  readonly line: SimulatedLine | null;
  readonly lineUnknown: string | null;
  /** The lines that called down to it, the transaction's own first (null where unknown). */
  readonly calledFrom: readonly (SimulatedLine | null)[];
}

export interface SimulatedCall {
  readonly type: string;
  readonly from: string;
  readonly to: string | null;
  readonly value: string | null;
  readonly gas: string;
  readonly gasUsed: string;
  readonly input: string;
  readonly output: string | null;
  readonly error: string | null;
  /** The function called, decoded with the code's verified or attached ABI or the signature table. */
  readonly function: string | null;
  readonly calls: readonly SimulatedCall[];
}

export interface SimulatedTransfer {
  readonly traceId: string;
  readonly type: string;
  readonly from: string;
  readonly to: string;
  readonly value: string;
  /** Set when the frame (or one above it) failed: then nothing moved. */
  readonly error: string | null;
}

export interface SimulatedChange {
  readonly address: string;
  readonly lifecycle: 'created' | 'deleted' | 'changed';
  readonly balance: { readonly before: string; readonly after: string } | null;
  readonly nonce: { readonly before: string; readonly after: string } | null;
  readonly codeChanged: boolean;
  readonly storage: readonly { readonly slot: string; readonly before: string; readonly after: string }[];
}

export interface SimulatedLog {
  readonly address: string;
  readonly topics: readonly string[];
  readonly data: string;
  /** The event decoded (standard events, or the emitter's verified or attached ABI), else null. */
  readonly event: { readonly name: string; readonly signature: string; readonly args: readonly { readonly name: string; readonly type: string; readonly value: string }[] } | null;
}

export interface SimulationResponse {
  readonly chain: string;
  /** What ran it: the node's tracers (`debug_traceCall`), or `call` and `estimateGas` on a node without them. */
  readonly method: 'debug_traceCall' | 'call';
  readonly block: 'pending';
  readonly status: 'success' | 'reverted';
  /** The failure in words, null on success. */
  readonly revertReason: string | null;
  /** The node's error text ("execution reverted", "out of gas"), null on success. */
  readonly error: string | null;
  readonly failure: SimulatedFailure | null;
  /** Gas the run used (`debug_traceCall`), or the gas `estimateGas` says it needs; null when neither could say. */
  readonly gasUsed: string | null;
  readonly gasUsedIs: 'used' | 'estimated' | null;
  /** The call tree; null without tracing. */
  readonly calls: SimulatedCall | null;
  readonly internalTransfers: readonly SimulatedTransfer[] | null;
  readonly stateChanges: readonly SimulatedChange[] | null;
  readonly logs: readonly SimulatedLog[] | null;
  /** Calls inside a success that reverted and were caught. */
  readonly innerReverts: readonly SimulatedFailure[];
  /** The transaction as simulated. */
  readonly transaction: { readonly from: string; readonly to: string | null; readonly nonce: string | null; readonly hash: string | null };
  /** The most gas the node was let run it with: the explorer's gas cap (STRATA_CALL_GAS_CAP), in decimal. */
  readonly gasCap: string;
  /** What a reader should know: a nonce that is not the next, what could not be read. */
  readonly notes: readonly string[];
}

export type SimulationAnswer = SimulationResponse | { readonly error: string };
