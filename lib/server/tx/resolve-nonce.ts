/**
 * `/address/<address>/nonce/<n>`: the address's transaction with nonce n (types 0 and 2, as
 * ./load-nonce-links.ts), found in the index when asked, or why not. The route's whole knowledge;
 * its page redirects to the transaction or answers 404 saying why.
 */
import type { Address, Hash } from 'viem';
import { senderTransactionsByNonce } from '@/lib/index/readers/nonce-reader';
import { indexAvailability } from '@/lib/server/index/index-service';

export type NonceLookup =
  | { readonly kind: 'found'; readonly hash: Hash }
  | { readonly kind: 'missing'; readonly reason: string };

/** The nonce in the path: a decimal number of at most 20 digits (proxy.ts has checked its shape). */
export function parseNonce(raw: string): bigint | undefined {
  return /^\d{1,20}$/.test(raw) ? BigInt(raw) : undefined;
}

export async function resolveSenderNonce(address: Address, nonce: bigint): Promise<NonceLookup> {
  const index = await indexAvailability();
  if (index.state !== 'ready') return { kind: 'missing', reason: `the index is ${index.state === 'off' ? 'off' : 'unavailable'} (${index.reason})` };
  try {
    const [found] = await senderTransactionsByNonce(index.db, address.toLowerCase() as Address, [nonce]);
    return found
      ? { kind: 'found', hash: found.hash }
      : { kind: 'missing', reason: `the index holds no transaction of ${address} with nonce ${nonce}: it may not be sent yet, or not indexed yet` };
  } catch (error) {
    return { kind: 'missing', reason: `the index did not answer: ${(error as Error).message}` };
  }
}
