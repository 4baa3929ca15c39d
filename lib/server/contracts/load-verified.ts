/**
 * A contract's verified source and ABI from the index's database (verified_contracts), for the
 * address page, the tx page's decoding and `GET /api/v1/contract/<address>`. Coalesced per
 * address for two seconds: many viewers of one page share one query; a verification that just
 * passed in this process shows at once (verified-generation.ts), one passed by another instance
 * within that time. Without an index (off, unavailable, opening) nothing is verified
 * here: `lookupVerifiedContract` says why, `loadVerifiedContract` answers null.
 */
import type { Abi, Address } from 'viem';
import { coalesceByKey } from '@/lib/server/cache/coalesce';
import { verifiedGeneration } from './verified-generation';
import { indexAvailability } from '@/lib/server/index/index-service';
import { readVerified, type VerifiedRow } from '@/lib/index/contracts/verify-store';
import { decodeConstructorArguments } from '@/lib/contracts/constructor-args';
import { parseSourceMaps } from '@/lib/contracts/source-map';
import { parseStorageLayout } from '@/lib/contracts/storage-layout';
import { checkStandardJson, settingsOf, sourcesOf } from '@/lib/contracts/standard-json';
import type { VerifiedContract, VerifiedLookup } from '@/lib/contracts/types';
import { StrataError } from '@/lib/protocol/errors';

/** A stored verification that does not read back (a damaged row): said, never drawn half. */
export class VerifiedRowError extends StrataError {
  override name = 'VerifiedRowError';
}

/** The stored row as the domain type: sources and settings from the stored input, arguments decoded. */
export function verifiedContractOf(row: VerifiedRow): VerifiedContract {
  let parsedInput: unknown;
  let abi: unknown;
  try {
    parsedInput = JSON.parse(row.input);
    abi = JSON.parse(row.abi);
  } catch {
    throw new VerifiedRowError(`verified contract ${row.address}: stored input or ABI is not JSON`);
  }
  const input = checkStandardJson(parsedInput);
  if (typeof input === 'string') throw new VerifiedRowError(`verified contract ${row.address}: ${input}`);
  if (!Array.isArray(abi)) throw new VerifiedRowError(`verified contract ${row.address}: stored ABI is not an array`);
  return {
    address: row.address,
    chain: row.chain,
    matchKind: row.matchKind,
    compilerVersion: row.compilerVersion,
    contractName: row.contractName,
    settings: settingsOf(input),
    sources: sourcesOf(input),
    abi: abi as Abi,
    constructorArguments: row.constructorArgs,
    decodedConstructorArguments: decodeConstructorArguments(abi as Abi, row.constructorArgs),
    salt: row.salt,
    creation: row.creationTx && row.creator && row.creationBlock !== null
      ? { creator: row.creator, txHash: row.creationTx, blockNumber: row.creationBlock }
      : null,
    verifiedAt: row.verifiedAt ?? '',
    sourceMaps: parseSourceMaps(row.sourceMaps),
    storageLayout: parseStorageLayout(row.storageLayout ?? null),
  };
}

/** The store could not answer now (index off, opening, failing): thrown inside the lookup so that it is never kept. */
class StoreUnavailable extends Error {}

const lookup = coalesceByKey(async (key: string): Promise<VerifiedLookup> => {
  const address = key.slice(0, 42) as Address;
  const index = await indexAvailability();
  if (index.state !== 'ready') throw new StoreUnavailable(index.reason);
  let row;
  try {
    row = await readVerified(index.db, address);
  } catch (error) {
    throw new StoreUnavailable(`the index did not answer: ${(error as Error).message}`);
  }
  if (!row) return { state: 'unverified' };
  try {
    return { state: 'verified', contract: verifiedContractOf(row) };
  } catch (error) {
    return { state: 'unavailable', reason: (error as Error).message };
  }
}, 2_000);

/** Verified, unverified, or why this explorer cannot say (an unexpected failure is thrown: verified-source.ts says it). */
export function lookupVerifiedContract(address: Address): Promise<VerifiedLookup> {
  // Keyed by the verifications finished here too: one that just passed is never hidden by the 2 s.
  // The store's failures are not kept for those 2 s either: the next look asks again.
  return lookup(`${address.toLowerCase()}@${verifiedGeneration()}`).catch((error: unknown): VerifiedLookup => {
    if (error instanceof StoreUnavailable) return { state: 'unavailable', reason: error.message };
    throw error;
  });
}

/** The verified contract, or null (not verified, or no index to say: see lookupVerifiedContract). */
export async function loadVerifiedContract(address: Address): Promise<VerifiedContract | null> {
  const found = await lookupVerifiedContract(address);
  return found.state === 'verified' ? found.contract : null;
}
