'use client';

import { usePathname } from 'next/navigation';
import { NotFoundPanel } from '@/components/ui/status/NotFoundPanel';
import { SearchBox } from '@/components/layout/SearchBox';
import { getChain, isChainName } from '@/lib/protocol/chains';
import { decodeLenient } from '@/lib/text/url-decode';

/**
 * Why a block, uncle or transaction-in-block page found nothing, read back from the path (a
 * not-found file receives no params). proxy.ts has already turned malformed ids into their own
 * 404, so here the id is well formed and the node simply has no such thing.
 */
export function describeMissing(pathname: string): { title: string; reason: string } {
  const parts = pathname.split('/').map(decodeLenient);
  if (parts[1] === 'block') {
    return { title: 'No such block', reason: `No chain served here has a block ${parts[2] ?? ''}.` };
  }
  const [, , chainName = '', , rawId = '', sub, rawIndex] = parts;
  const label = isChainName(chainName) ? getChain(chainName).label : chainName;
  const id = /^0x[0-9a-fA-F]{64}$/.test(rawId) ? `with hash ${rawId}` : `at height ${rawId}`;
  if (sub === 'uncle') {
    return {
      title: 'No such uncle',
      reason: `${label} has no block ${id}, or that block has no uncle at index ${rawIndex}.`,
    };
  }
  if (sub === 'tx') {
    return {
      title: 'No such transaction',
      reason: `${label} has no block ${id}, or that block has no transaction at index ${rawIndex}.`,
    };
  }
  return {
    title: 'No such block',
    reason: `The node has no ${label} block ${id}. A block number may simply not be mined yet; a hash may belong to another chain.`,
  };
}

export function BlockNotFound() {
  const pathname = usePathname();
  const { title, reason } = describeMissing(pathname);
  return (
    <NotFoundPanel title={title} reason={<p>{reason}</p>} details={[`Requested path: ${pathname}`]}>
      <SearchBox />
    </NotFoundPanel>
  );
}
