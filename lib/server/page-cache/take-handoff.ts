/**
 * The page's side of ./handoff.ts: the data the page cache loaded for this render, when this
 * request is such a render (./internal-render.ts); undefined for a viewer's request (which loads
 * its own), whatever headers it sent.
 */
import { headers } from 'next/headers';
import { isInternalRender } from './internal-render';
import { HANDOFF_HEADER, takeHandoff } from './handoff';

/**
 * `page` names what the data is for, as ./per-data-routes.ts named it. A render that carries a token
 * but finds no data for this page is refused (it throws, so the render is a 500 and not kept, and
 * the viewer's request goes on to Next): a copy rendered from data other than its key's must
 * never be kept.
 */
export async function handedData<T>(page: string): Promise<T | undefined> {
  const request = await headers();
  // Only this server's own renders carry data; a client's header of that name means nothing.
  if (!isInternalRender(request)) return undefined;
  const token = request.get(HANDOFF_HEADER);
  if (token === null) return undefined;
  const data = takeHandoff(token, page);
  if (data === undefined) throw new Error(`no page data was handed for ${page}`);
  return data as T;
}
