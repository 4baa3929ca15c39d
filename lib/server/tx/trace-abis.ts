/**
 * The ABIs the Trace tab decodes a transaction's frames with, one per address whose code ran.
 *
 * A verified contract's ABI (issue 20, `loadVerifiedContract`) is asked first, for each address,
 * then the operator's (`STRATA_LABELS`); the signature table (lib/decode/signatures.ts) decodes
 * the rest.
 */
import type { Abi, Address } from 'viem';
import { parseAbiText } from '@/lib/decode/abi';
import { abiLookupOf, type AbiLookup } from '@/lib/trace/abi-lookup';
import { operatorAbiOf } from '@/lib/server/labels/operator-labels';
import { loadVerifiedContract } from '@/lib/server/verify/load-verified';

/** How many addresses of one trace get an ABI looked up: a trace with more names the rest by table. */
const MAX_ADDRESSES = 200;

/** A lookup of the ABI of each of `addresses` that has one (verified, else the operator's). */
export async function traceAbis(addresses: Iterable<Address>): Promise<AbiLookup> {
  const abis = new Map<string, Abi>();
  const unique = [...new Set([...addresses].map((a) => a.toLowerCase() as Address))].slice(0, MAX_ADDRESSES);
  await Promise.all(
    unique.map(async (address) => {
      const abi = await abiOf(address);
      if (abi) abis.set(address, abi);
    }),
  );
  return abiLookupOf(abis);
}

/** One address's ABI: its verified contract's, else the operator's. */
async function abiOf(address: Address): Promise<Abi | undefined> {
  const verified = await loadVerifiedContract(address);
  if (verified) return verified.abi;
  const text = operatorAbiOf(address);
  if (!text) return undefined;
  const parsed = parseAbiText(text);
  return parsed.ok ? parsed.abi : undefined;
}
