/**
 * The resolver of `/address/<address>/nonce/<n>` (lib/routes/resolver.ts): the address's
 * transaction with nonce n (types 0 and 2, as ./load-nonce-links.ts), found in the index when
 * asked, or why not. The route's whole knowledge: a redirect to the transaction, or a 404 saying why.
 */
import { getAddress, isAddress, type Address, type Hash } from 'viem';
import { addressProblem, nonceProblem } from '@/lib/routes/params/path-shape';
import { missing, redirectTo, type Resolver } from '@/lib/routes/resolver';
import { urls } from '@/lib/routes/urls';
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

/** Never found as data: the transaction's page is where it is. */
export const resolveNonce: Resolver<never> = async ({ params }) => {
  const raw = params.address ?? '';
  const nonce = parseNonce(params.nonce ?? '');
  if (!isAddress(raw, { strict: false })) return missing('Nothing can be at this URL', addressProblem(raw) ?? `“${raw}” is not an address.`);
  if (nonce === undefined) return missing('Nothing can be at this URL', nonceProblem(params.nonce ?? '') ?? 'The nonce has too many digits.');
  const address = getAddress(raw.toLowerCase());
  const found = await resolveSenderNonce(address, nonce);
  if (found.kind === 'found') return redirectTo(urls.tx(found.hash));
  return missing(`No transaction with nonce ${nonce} yet`, `Not found: ${found.reason}.`);
};
