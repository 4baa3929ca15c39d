/**
 * The block page's read of its block, for the page alone (it uses React's per-request cache and
 * Next's notFound): the lookup itself is framework-free (./load-block.ts), so that server.ts's
 * page cache can check a transaction's depth with it outside any render.
 */
import { cache } from 'react';
import { notFound } from 'next/navigation';
import { lookupBlock, parseBlockRoute, type BlockPageData } from './load-block';

/** The block of a `/chain/<chain>/block/<id>` route, or notFound(). */
export const requireBlock = cache(async (chainParam: string, idParam: string): Promise<BlockPageData> => {
  const route = parseBlockRoute(chainParam, idParam);
  if (!route) notFound();
  const result = await lookupBlock(route.chain, route.ref);
  if (!result.found) notFound();
  return result.data;
});
