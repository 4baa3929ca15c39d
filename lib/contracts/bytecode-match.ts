/**
 * Does compiled code match the chain's? Pure functions over hex, the verdicts of verification.
 *
 * - Runtime: `getCode` against the compiled deployed bytecode, the immutables' bytes masked on
 *   both sides (solc's `immutableReferences`: the constructor writes them, so the chain's values
 *   cannot be known from the sources).
 * - Creation: the creation transaction's input starts with the compiled creation code; what
 *   follows is the constructor arguments, then possibly a 4-byte salt (Quai's SDK grinds a
 *   contract's address by appending one; the constructor never reads it).
 * - Identical: a full match. Identical but for the CBOR metadata tail (solc appends it to the
 *   runtime code; it hashes the metadata, so other comments or file names change it): partial.
 *   Anything else fails, saying where.
 *
 * The metadata tail is the last N + 2 bytes of the code, N being the big-endian length in the last
 * two bytes (solc's layout since 0.4.7). In a creation input the arguments follow it, so its length
 * is taken from the compiled code: a partial match's metadata has the same keys and so the same
 * length (an IPFS hash and the solc version), and its first byte must open a CBOR map.
 */
import { decodeAbiParameters, encodeAbiParameters, type AbiParameter, type Hex } from 'viem';
import type { MatchKind } from './types';

export interface ImmutableReference {
  readonly start: number;
  readonly length: number;
}

export interface CompiledContract {
  /** Creation bytecode, linked (hex without or with 0x). */
  readonly creation: string;
  /** Deployed (runtime) bytecode, linked. */
  readonly runtime: string;
  readonly immutableReferences: Readonly<Record<string, readonly ImmutableReference[]>>;
  readonly constructorInputs: readonly AbiParameter[];
}

export interface ChainCode {
  /** The creation transaction's input. */
  readonly creationInput: Hex;
  /** `getCode` at the address. */
  readonly runtime: Hex;
}

export type MatchVerdict =
  | { readonly ok: true; readonly matchKind: MatchKind; readonly constructorArguments: Hex; readonly salt: Hex | null }
  | { readonly ok: false; readonly reason: string };

const strip0x = (h: string): string => (h.startsWith('0x') || h.startsWith('0X') ? h.slice(2) : h).toLowerCase();

/** Unlinked library placeholders (`__$<34 hex>$__`) left in compiled code. */
export function unlinkedPlaceholders(code: string): number {
  return (code.match(/__\$[0-9a-fA-F]{34}\$__/g) ?? []).length;
}

/** The metadata tail's length in bytes (CBOR + its 2-byte length), or 0 when the code does not end with one. */
export function metadataLength(codeHex: string): number {
  const code = strip0x(codeHex);
  if (code.length < 4) return 0;
  const n = parseInt(code.slice(-4), 16);
  const total = n + 2;
  if (n === 0 || total * 2 > code.length) return 0;
  const first = parseInt(code.slice(code.length - total * 2, code.length - total * 2 + 2), 16);
  // A CBOR map of 1 to 23 pairs: 0xa1…0xb7 (solc writes 0xa1…0xa3).
  return first >= 0xa1 && first <= 0xb7 ? total : 0;
}

/** The code with the immutables' bytes zeroed. */
export function maskImmutables(codeHex: string, refs: CompiledContract['immutableReferences']): string {
  const chars = strip0x(codeHex).split('');
  for (const list of Object.values(refs)) {
    for (const { start, length } of list) {
      for (let i = start * 2; i < (start + length) * 2 && i < chars.length; i++) chars[i] = '0';
    }
  }
  return chars.join('');
}

/**
 * A library's runtime code starts with PUSH20 of its own address (its call protection: zeros in
 * the compiled code, the address written at deployment). Masked like an immutable.
 */
const LIBRARY_PUSH = `73${'0'.repeat(40)}`;
function maskLibraryAddress(ours: string, theirs: string): string {
  return ours.startsWith(LIBRARY_PUSH) && theirs.startsWith('73') ? LIBRARY_PUSH + theirs.slice(LIBRARY_PUSH.length) : theirs;
}

/** full, partial (metadata only), or null: does the compiled runtime match the chain's? */
export function compareRuntime(compiled: CompiledContract, chainRuntime: Hex): MatchKind | null {
  const ours = maskImmutables(compiled.runtime, compiled.immutableReferences);
  const theirs = maskLibraryAddress(ours, maskImmutables(chainRuntime, compiled.immutableReferences));
  if (ours === theirs) return 'full';
  const ourMeta = metadataLength(ours);
  const theirMeta = metadataLength(theirs);
  if (ourMeta === 0 || theirMeta === 0) return null;
  return ours.slice(0, ours.length - ourMeta * 2) === theirs.slice(0, theirs.length - theirMeta * 2) ? 'partial' : null;
}

/** Whether `args` are exactly the canonical encoding of the constructor's inputs. */
function canonicalArgs(inputs: readonly AbiParameter[], args: string): boolean {
  if (inputs.length === 0) return args.length === 0;
  try {
    const hex = `0x${args}` as Hex;
    return strip0x(encodeAbiParameters(inputs, decodeAbiParameters(inputs, hex))) === args;
  } catch {
    return false;
  }
}

/**
 * What follows the creation code: the arguments, and a salt when 4 more bytes follow them. The
 * arguments must be the canonical encoding of the constructor's inputs (as a compiler-generated
 * deployment writes them); extra bytes other than a 4-byte salt fail.
 */
export function splitArguments(inputs: readonly AbiParameter[], rest: string): { args: string; salt: string | null } | null {
  if (canonicalArgs(inputs, rest)) return { args: rest, salt: null };
  if (rest.length >= 8 && canonicalArgs(inputs, rest.slice(0, -8))) return { args: rest.slice(0, -8), salt: rest.slice(-8) };
  return null;
}

/** The creation input against the compiled creation code: the match and what follows the code, or null. */
function compareCreation(compiledCreation: string, input: string): { kind: MatchKind; rest: string } | null {
  if (input.startsWith(compiledCreation)) return { kind: 'full', rest: input.slice(compiledCreation.length) };
  const meta = metadataLength(compiledCreation);
  if (meta === 0) return null;
  const prefix = compiledCreation.slice(0, compiledCreation.length - meta * 2);
  if (!input.startsWith(prefix) || input.length < compiledCreation.length) return null;
  const theirMeta = input.slice(prefix.length, compiledCreation.length);
  // The same layout (the length field at its end, a CBOR map at its start), other contents.
  if (metadataLength(theirMeta) !== meta) return null;
  return { kind: 'partial', rest: input.slice(compiledCreation.length) };
}

/**
 * The verdict for one compiled contract against the chain. `submittedArgs` (hex, null when the
 * client sent none) must equal the chain's arguments (a salt after them is tolerated).
 */
export function matchContract(compiled: CompiledContract, chain: ChainCode, submittedArgs: Hex | null): MatchVerdict {
  const creation = strip0x(compiled.creation);
  const runtime = strip0x(compiled.runtime);
  if (unlinkedPlaceholders(creation) + unlinkedPlaceholders(runtime) > 0) {
    return { ok: false, reason: 'the compiled code calls a library whose address is not given (settings.libraries, or libraryname/libraryaddress)' };
  }
  if (runtime.length === 0) return { ok: false, reason: 'the contract compiles to no runtime code (an abstract contract or an interface)' };
  const runtimeKind = compareRuntime(compiled, chain.runtime);
  if (!runtimeKind) {
    return { ok: false, reason: `the runtime code differs from the chain's (compiled ${runtime.length / 2} bytes, on chain ${strip0x(chain.runtime).length / 2} bytes)` };
  }
  const creationMatch = compareCreation(creation, strip0x(chain.creationInput));
  if (!creationMatch) return { ok: false, reason: "the creation code differs from the creation transaction's input" };
  const split = splitArguments(compiled.constructorInputs, creationMatch.rest);
  if (!split) {
    return { ok: false, reason: `the ${creationMatch.rest.length / 2} bytes after the creation code are not the constructor's arguments (nor arguments and a 4-byte salt)` };
  }
  if (submittedArgs !== null && strip0x(submittedArgs) !== split.args) {
    return { ok: false, reason: "the submitted constructor arguments differ from the creation transaction's" };
  }
  const matchKind: MatchKind = runtimeKind === 'full' && creationMatch.kind === 'full' ? 'full' : 'partial';
  return { ok: true, matchKind, constructorArguments: `0x${split.args}`, salt: split.salt === null ? null : `0x${split.salt}` };
}
