/**
 * Verified contracts: the domain types the API, the address page and the tx page share.
 * Browser-safe: no Node APIs, no database; a client component may import these.
 *
 * A contract is verified when sources compiled by solc give the bytes the chain holds: the
 * creation transaction's input (creation code, then constructor arguments, then possibly a
 * 4-byte salt) and the runtime code (`getCode`, immutables masked). A difference only in the CBOR
 * metadata tail is a partial match (same code, other comments or file names); identical is full.
 */
import type { Abi, Address, Hex } from 'viem';
import type { ChainName } from '@/lib/protocol/chains';
import type { SourceMaps } from './source-map';
import type { StorageLayout } from './storage-layout';

export type MatchKind = 'full' | 'partial';

/** solc's settings that change the bytecode, as the submitted standard JSON input gave them. */
export interface CompilerSettings {
  readonly optimizer: { readonly enabled: boolean; readonly runs: number };
  /** null when the input named none (the compiler's default then applied). */
  readonly evmVersion: string | null;
  readonly viaIR: boolean;
  /** Linked libraries: source path → library name → address. */
  readonly libraries: Readonly<Record<string, Readonly<Record<string, Address>>>>;
  readonly remappings: readonly string[];
}

export interface SourceFile {
  /** As named in the standard JSON input (`contracts/Token.sol`). */
  readonly path: string;
  readonly content: string;
}

/** One constructor argument decoded with the verified ABI; `value` as text (bigints in decimal). */
export interface DecodedArgument {
  readonly name: string;
  readonly type: string;
  readonly value: string;
}

export interface ContractCreation {
  readonly creator: Address;
  readonly txHash: Hex;
  readonly blockNumber: bigint;
}

export interface VerifiedContract {
  /** Lower-case. */
  readonly address: Address;
  /** The zone that holds it. */
  readonly chain: ChainName;
  readonly matchKind: MatchKind;
  /** As solc names its builds: `v0.8.37+commit.a2f4bc8f`. */
  readonly compilerVersion: string;
  /** `path:Name`, the path as in `sources`. */
  readonly contractName: string;
  readonly settings: CompilerSettings;
  readonly sources: readonly SourceFile[];
  readonly abi: Abi;
  /** What follows the creation code in the creation input, salt excluded; `0x` for none. */
  readonly constructorArguments: Hex;
  /** null when the ABI has no constructor inputs or the arguments do not decode. */
  readonly decodedConstructorArguments: readonly DecodedArgument[] | null;
  /** A trailing 4-byte salt after the arguments (Quai's SDK grinds addresses with one); null when none. */
  readonly salt: Hex | null;
  /** The creation transaction from the index; null only for rows written without one. */
  readonly creation: ContractCreation | null;
  /** ISO 8601. */
  readonly verifiedAt: string;
  /** solc's source maps, kept at verification: a program counter read as a line (lib/contracts/source-map.ts); null when verified before they were kept. */
  readonly sourceMaps: SourceMaps | null;
  /** solc's storage layout, kept at verification: the State changes tab names slots with it (lib/contracts/storage-layout.ts); null when verified before it was kept. */
  readonly storageLayout: StorageLayout | null;
}

/** Why the verified contract of an address cannot be given (beside "not verified", which is null). */
export type VerifiedLookup =
  | { readonly state: 'verified'; readonly contract: VerifiedContract }
  | { readonly state: 'unverified' }
  /** No index on this explorer (STRATA_INDEX=off, unavailable, opening): verification needs its database. */
  | { readonly state: 'unavailable'; readonly reason: string };

/**
 * The strings Etherscan's `checkverifystatus` answers and clients match exactly
 * (@nomicfoundation/hardhat-verify's EtherscanResponse, forge's verifier).
 */
export const VERIFY_RESULT = {
  pending: 'Pending in queue',
  pass: 'Pass - Verified',
  fail: 'Fail - Unable to verify',
  already: 'Already Verified',
} as const;

/** Etherscan's answer when there is no code at the address (hardhat-verify matches its start). */
export const noContractCode = (address: string): string => `Unable to locate ContractCode at ${address}`;

/**
 * A verification job as stored: `pending` until a compile worker takes it, then one verdict.
 * `reason` says in words why a job failed (a mismatch, a compile error, a compiler not available);
 * the API gives it beside the client's string, the /verify page shows it.
 */
export type VerifyJobState = 'pending' | 'pass' | 'fail' | 'already';

export interface VerifyJobStatus {
  readonly guid: string;
  readonly address: Address;
  readonly state: VerifyJobState;
  /** The `checkverifystatus` result string clients match (VERIFY_RESULT, or a compiler-unavailable sentence). */
  readonly result: string;
  /** pass only. */
  readonly matchKind: MatchKind | null;
  /** fail only: why, in words. */
  readonly reason: string | null;
  readonly compilerVersion: string;
  readonly contractName: string;
  /** ISO 8601. */
  readonly submittedAt: string;
  readonly finishedAt: string | null;
}

/** A submission as `verifysourcecode` takes it, after the form is parsed and checked. */
export interface VerifySubmission {
  readonly address: Address;
  /** The standard JSON input (a single file is turned into one, settings from the form). */
  readonly input: StandardJsonInput;
  readonly contractName: string;
  readonly compilerVersion: string;
  /** Hex without checks against the chain yet; null when the client sent none (then taken from the chain). */
  readonly constructorArguments: Hex | null;
}

/** solc's standard JSON input, the parts this explorer reads (the rest is passed to solc untouched). */
export interface StandardJsonInput {
  readonly language: 'Solidity';
  readonly sources: Readonly<Record<string, { readonly content: string }>>;
  readonly settings: Readonly<Record<string, unknown>>;
}
