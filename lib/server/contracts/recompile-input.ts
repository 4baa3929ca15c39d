/**
 * What a browser recompiles a verified contract from (app/api/v1/contract/[address]/input): the
 * standard JSON input as stored at verification, asked for the outputs the comparison reads
 * (lib/contracts/standard-json.ts compileRequest), its compiler version and contract name.
 */
import type { Address } from 'viem';
import { readVerified } from '@/lib/index/contracts/verify-store';
import { indexAvailability } from '@/lib/server/index/index-service';
import { checkStandardJson, compileRequest } from '@/lib/contracts/standard-json';
import type { StandardJsonInput } from '@/lib/contracts/types';
import { urls } from '@/lib/routes/urls';

export interface RecompileInput {
  readonly address: Address;
  readonly chain: string;
  readonly compilerVersion: string;
  readonly contractName: string;
  readonly input: StandardJsonInput;
  /** Where this explorer serves the compiler build (/api/v1/solc/<version>). */
  readonly solc: string;
}

export type RecompileLoad =
  | { readonly kind: 'found'; readonly input: RecompileInput }
  | { readonly kind: 'unverified' }
  | { readonly kind: 'unavailable'; readonly reason: string };

export async function recompileInput(address: Address): Promise<RecompileLoad> {
  const index = await indexAvailability();
  if (index.state !== 'ready') return { kind: 'unavailable', reason: `verified sources live in the index's database: ${index.reason}` };
  const row = await readVerified(index.db, address).catch((error: unknown) => {
    throw new Error(`the index did not answer: ${(error as Error).message}`);
  });
  if (!row) return { kind: 'unverified' };
  let parsed: unknown;
  try {
    parsed = JSON.parse(row.input);
  } catch {
    return { kind: 'unavailable', reason: 'the stored input is not JSON' };
  }
  const input = checkStandardJson(parsed);
  if (typeof input === 'string') return { kind: 'unavailable', reason: input };
  return {
    kind: 'found',
    input: {
      address: row.address, chain: row.chain, compilerVersion: row.compilerVersion, contractName: row.contractName,
      input: compileRequest(input), solc: urls.api.solc(row.compilerVersion),
    },
  };
}
