/**
 * Block tags in block URLs (`/chain/<chain>/block/latest`): proxy.ts lets them through as well
 * formed, so the page answers them — latest and earliest redirect to the numbered block (a tag
 * names a moving target, the number does not); pending has no hash yet and is not a page.
 */
import { redirect } from 'next/navigation';
import { urls } from '@/lib/routes/urls';
import { parseChain } from '@/lib/routes/params/block-id';
import { decodeLenient } from '@/lib/text/url-decode';
import { clientOf, configuredChains } from '@/lib/server/node/clients';

export type BlockTagName = 'latest' | 'earliest' | 'pending';

export function blockTagOf(idParam: string): BlockTagName | undefined {
  const value = decodeLenient(idParam).trim().toLowerCase();
  return value === 'latest' || value === 'earliest' || value === 'pending' ? value : undefined;
}

/** Redirects `latest`/`earliest` to the block's number; returns for anything else. */
export async function redirectBlockTag(chainParam: string, idParam: string): Promise<void> {
  const tag = blockTagOf(idParam);
  if (tag !== 'latest' && tag !== 'earliest') return;
  const chain = parseChain(chainParam, configuredChains());
  if (!chain.ok) return;
  const height = tag === 'earliest' ? 0n : await clientOf(chain.value).getBlockNumber();
  redirect(urls.block(chain.value.name, height));
}
