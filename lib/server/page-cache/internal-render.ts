/**
 * The mark of the page cache's own renders (./render.ts), as the code behind server.ts reads it:
 * server.ts's first stage sets RENDER_HEADER to '1' on a request that carries this process's
 * render token and removes it from every other request, so proxy.ts (no nonce: the copy's inline
 * scripts are allowed by hash) and the pages (the data handed for the render, ./take-handoff.ts)
 * can trust it.
 */

export const RENDER_HEADER = 'x-strata-render';

/** Whether a request, as server.ts left its headers, is one of this process's renders. */
export function isInternalRender(headers: Headers): boolean {
  return headers.get(RENDER_HEADER) === '1';
}
