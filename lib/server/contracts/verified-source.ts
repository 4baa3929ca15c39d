/**
 * The pages' one door to verified contracts: the backend's lookup
 * (lib/server/contracts/load-verified.ts), so the badge, the Contract tab, read contract and the
 * transaction pages agree, and a page never fails because the store cannot answer
 * (`unavailable` says why; a stored row that does not read back is said the same way).
 */
import type { Address } from 'viem';
import { lookupVerifiedContract } from '@/lib/server/contracts/load-verified';
import type { VerifiedLookup } from '@/lib/contracts/types';

export type { DecodedArgument, VerifiedContract, VerifiedLookup } from '@/lib/contracts/types';

/** Verified, unverified, or why this explorer cannot say; never throws. */
export async function verifiedContractOf(address: Address): Promise<VerifiedLookup> {
  try {
    return await lookupVerifiedContract(address);
  } catch (error) {
    return { state: 'unavailable', reason: error instanceof Error ? error.message : String(error) };
  }
}
