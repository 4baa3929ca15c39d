/**
 * The ABIs the Trace tab and a failure's reason decode a transaction's frames with, one per
 * address whose code ran, with where each comes from.
 *
 * A verified contract's ABI (`loadVerifiedContract`) is asked first, for each address, then the
 * one the operator attached to it (`STRATA_LABELS`); the signature tables (lib/decode/) decode the
 * rest.
 */
import type { Abi, Address } from 'viem';
import { parseAbiText } from '@/lib/decode/abi';
import type { AbiOrigin } from '@/lib/decode/revert-data';
import { abiBookOf, type AbiLookup, type AbiOriginLookup } from '@/lib/trace/abi-lookup';
import { operatorAbiOf } from '@/lib/server/labels/operator-labels';
import { loadVerifiedContract } from '@/lib/server/contracts/load-verified';

/** How many addresses of one trace get an ABI looked up: a trace with more names the rest by table. */
const MAX_ADDRESSES = 200;

export interface TraceAbis {
  readonly abiOf: AbiLookup;
  readonly originOf: AbiOriginLookup;
}

/** The ABI of each of `addresses` that has one (verified, else attached), and its origin. */
export async function traceAbiBook(addresses: Iterable<Address>): Promise<TraceAbis> {
  const abis = new Map<string, { abi: Abi; origin: AbiOrigin }>();
  const unique = [...new Set([...addresses].map((a) => a.toLowerCase() as Address))].slice(0, MAX_ADDRESSES);
  await Promise.all(
    unique.map(async (address) => {
      const found = await abiOf(address);
      if (found) abis.set(address, found);
    }),
  );
  return abiBookOf(abis);
}

/** A lookup of the ABI of each of `addresses` that has one (verified, else the operator's). */
export async function traceAbis(addresses: Iterable<Address>): Promise<AbiLookup> {
  return (await traceAbiBook(addresses)).abiOf;
}

/** One address's ABI: its verified contract's, else the one attached by the operator. */
async function abiOf(address: Address): Promise<{ abi: Abi; origin: AbiOrigin } | undefined> {
  const verified = await loadVerifiedContract(address);
  if (verified) return { abi: verified.abi, origin: 'verified' };
  const text = operatorAbiOf(address);
  if (!text) return undefined;
  const parsed = parseAbiText(text);
  return parsed.ok ? { abi: parsed.abi, origin: 'attached' } : undefined;
}
