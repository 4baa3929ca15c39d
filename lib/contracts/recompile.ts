/**
 * "Recompile in this browser": what solc gave against the code on chain, in words. The runtime
 * code of the verified contract is taken from solc's output and compared as verification compares
 * it (./bytecode-match.ts: immutables masked on both sides; identical is a full match, identical
 * but for the metadata tail a partial one); when it differs, where. The chain's code is the code
 * whose hash an account proof proves against a block's state root (the evidence bundle, checked in
 * the browser). Pure and browser-safe.
 */
import { keccak256, type Hex } from 'viem';
import { compareRuntime, maskImmutables, type CompiledContract } from './bytecode-match';

export interface CompiledRuntime {
  readonly runtime: string;
  readonly immutableReferences: CompiledContract['immutableReferences'];
}

interface SolcOutput {
  errors?: { severity?: string; formattedMessage?: string; message?: string }[];
  contracts?: Record<string, Record<string, { evm?: { deployedBytecode?: { object?: string; immutableReferences?: CompiledContract['immutableReferences'] } } }>>;
}

/** The named contract's runtime code from solc's output text, or why there is none. */
export function runtimeOf(outputText: string, contractName: string): CompiledRuntime | string {
  let output: SolcOutput;
  try {
    output = JSON.parse(outputText) as SolcOutput;
  } catch {
    return 'the compiler answered something that is not JSON';
  }
  const errors = (output.errors ?? []).filter((e) => e.severity === 'error');
  if (errors.length > 0) return `the sources do not compile: ${(errors[0]!.formattedMessage ?? errors[0]!.message ?? '').trim()}`;
  const cut = contractName.lastIndexOf(':');
  const deployed = output.contracts?.[contractName.slice(0, cut)]?.[contractName.slice(cut + 1)]?.evm?.deployedBytecode;
  if (typeof deployed?.object !== 'string') return `the compiler gave no runtime code for ${contractName}`;
  return { runtime: deployed.object, immutableReferences: deployed.immutableReferences ?? {} };
}

export type RecompileVerdict =
  | { readonly kind: 'full' }
  | { readonly kind: 'partial' }
  | { readonly kind: 'differs'; readonly compiledBytes: number; readonly chainBytes: number; readonly firstDifference: number | null };

/** The compiled runtime against the chain's code. */
export function recompileVerdict(compiled: CompiledRuntime, chainCode: Hex): RecompileVerdict {
  const match = compareRuntime({ creation: '', runtime: compiled.runtime, immutableReferences: compiled.immutableReferences, constructorInputs: [] }, chainCode);
  if (match) return { kind: match };
  const ours = maskImmutables(compiled.runtime, compiled.immutableReferences);
  const theirs = maskImmutables(chainCode, compiled.immutableReferences);
  let first: number | null = null;
  for (let i = 0; i < Math.min(ours.length, theirs.length); i += 2) {
    if (ours.slice(i, i + 2) !== theirs.slice(i, i + 2)) {
      first = i / 2;
      break;
    }
  }
  if (first === null && ours.length !== theirs.length) first = Math.min(ours.length, theirs.length) / 2;
  return { kind: 'differs', compiledBytes: ours.length / 2, chainBytes: theirs.length / 2, firstDifference: first };
}

/** The verdict in words, as the Contract tab says it. */
export function recompileText(verdict: RecompileVerdict): string {
  switch (verdict.kind) {
    case 'full':
      return 'matches the code on chain';
    case 'partial':
      return 'matches the code on chain but for the metadata hash at its end';
    case 'differs':
      return `differs from the code on chain: compiled ${verdict.compiledBytes} bytes, on chain ${verdict.chainBytes} bytes${verdict.firstDifference === null ? '' : `, first different at byte ${verdict.firstDifference}`}`;
  }
}

/** Whether `code` is the code whose hash was proven. */
export function codeHashMatches(code: Hex, provenHash: Hex): boolean {
  return keccak256(code).toLowerCase() === provenHash.toLowerCase();
}
