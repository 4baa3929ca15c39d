/**
 * The resolver of `/token/<address>` (lib/routes/resolver.ts): a token contract, read from the
 * zone its address belongs to — what it is and its supply from the node, its transfers and
 * holders from the index (./load-token-page.ts), at the transfers' page asked (`?cursor=`). Kept
 * per what it shows (per-data): the copy's key is a digest of this data.
 */
import { getAddress, isAddress, type Address } from 'viem';
import { parseCursorParam } from '@/lib/routes/params/history-params';
import { addressProblem } from '@/lib/routes/params/path-shape';
import { found, missing, type Resolver } from '@/lib/routes/resolver';
import { loadTokenPage, type TokenPageLoad } from './load-token-page';

export interface TokenPageView {
  /** Checksummed. */
  readonly address: Address;
  readonly load: TokenPageLoad;
  /** Why `?cursor=` could not be read; the first page is shown then. */
  readonly cursorError: string | null;
  readonly paged: boolean;
}

export const resolveToken: Resolver<TokenPageView> = async ({ params, query }) => {
  const raw = params.address ?? '';
  if (!isAddress(raw, { strict: false })) return missing('Nothing can be at this URL', addressProblem(raw) ?? `“${raw}” is not an address.`);
  const address = getAddress(raw.toLowerCase());
  const cursor = parseCursorParam(query.get('cursor'));
  const from = cursor.ok ? cursor.value : null;
  return found({ address, load: await loadTokenPage(address, from), cursorError: cursor.ok ? null : cursor.error, paged: Boolean(cursor.ok && cursor.value) });
};
