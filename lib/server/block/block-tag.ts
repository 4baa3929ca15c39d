/**
 * Block tags in block URLs (`/chain/<chain>/block/latest`): well formed, so the block page's
 * resolver answers them (./resolve-block.ts) — latest and earliest redirect to the numbered block
 * (a tag names a moving target, the number does not); pending has no hash yet and is not a page.
 */
import { decodeLenient } from '@/lib/text/url-decode';

export type BlockTagName = 'latest' | 'earliest' | 'pending';

export function blockTagOf(idParam: string): BlockTagName | undefined {
  const value = decodeLenient(idParam).trim().toLowerCase();
  return value === 'latest' || value === 'earliest' || value === 'pending' ? value : undefined;
}
